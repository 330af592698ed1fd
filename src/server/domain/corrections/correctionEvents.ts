import type { NewEvent } from '../../store/eventStore';
import type { PolicyLine } from '../billing/policyRef';

// Corrections of what older versions billed (docs/reconciliation.md "Correcting what older versions billed"),
// on a stream of their own beside the policy's billing stream (stream id `${line}:${policyNumber}`, as
// billing's). They restate money facts billing recorded wrongly; they are no step of the account's life, so
// the billing statechart and its rules are left as they are. Their projection corrects billing's tables, and a
// rebuild replays them in the log's order with the billing streams.
export { CORRECTION_STREAM } from '../billing/correctionStream';

// Instalments of the schedule restated to the price sold. A paid one's over-collection is refunded beside it
// (its refund returns the difference, as any refund returns premium), so only an unpaid one billed already
// (declined, failed) moves the ledger's billed by the difference.
export interface ScheduleRestated {
  restated: { seq: number; fromCents: number; toCents: number }[];
  reason: string;
}

// A refund recorded as owed that was never owed (a settlement of billing's own change): it no longer returns
// premium, so the ledger's billed takes it back, and it is no longer listed. Only a refund that sent nothing.
export interface RefundWithdrawn {
  key: string;
  amountCents: number;
  reason: string;
}

// A settlement a change stated that was never the customer's to get or pay (billing's own lapse or
// reinstatement, docs/billing.md): the reconciliation holds the change to none from then on.
export interface SettlementVoided {
  line: PolicyLine;
  changeType: string;
  changeVersion: number;
  kind: 'refund' | 'charge';
  amountCents: number;
  reason: string;
}

export const correctionEvent = {
  scheduleRestated: (data: ScheduleRestated): NewEvent => ({
    type: 'correction.scheduleRestated',
    data: { ...data },
  }),
  refundWithdrawn: (data: RefundWithdrawn): NewEvent => ({
    type: 'correction.refundWithdrawn',
    data: { ...data },
  }),
  settlementVoided: (data: SettlementVoided): NewEvent => ({
    type: 'correction.settlementVoided',
    data: { ...data },
  }),
};
