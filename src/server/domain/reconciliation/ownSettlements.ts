import { sql } from 'kysely';
import type { EventActor } from '../../store/eventStore';
import { BILLING_STREAM } from '../billing/policyRef';
import { CORRECTION_STREAM } from '../billing/correctionStream';
import { rentersRefundKey } from '../rentersPolicies/changes/rentersRefundKey';
import { isBillingsOwnChange } from '../rentersPolicies/changes/billingsOwnChanges';
import type { RentersChangeData } from '../rentersPolicies/changes/rentersChangeEvents';
import { RENTERS_POLICY_STREAM } from '../rentersPolicies/rentersPolicyEvents';
import { dollars, type Discrepancy } from './discrepancies';
import type { Reader } from './reader';

// Billing's own renters changes (a lapse for non-payment, a late payment's reinstatement) move no money of
// their own: the billing account voids and collects it (docs/billing.md, billingsOwnChanges.ts). Older versions
// settled them as if the customer had asked, stating a refund or charge of a few cents that never moved, and
// some recorded that refund on the billing stream as owed, where the ledger counts it as the customer's credit.
// Each such settlement not voided since is found here. These changes are rare: their events are read whole.

interface OwnChange {
  policy_number: string;
  type: string;
  version: number;
  data: RentersChangeData;
  metadata: EventActor;
  refund_outcome: string | null;
  refund_sent: boolean;
}

async function ownChanges(db: Reader): Promise<OwnChange[]> {
  const { rows } = await sql<OwnChange>`
    select e.stream_id as policy_number, e.type, e.version, e.data, e.metadata, r.outcome as refund_outcome,
           exists (select 1 from events b
                    where b.stream_type = ${BILLING_STREAM} and b.stream_id = 'renters:' || e.stream_id
                      and b.type = 'billing.refundRecorded' and b.data->>'key' = r.key
                      and jsonb_array_length(coalesce(b.data->'sent', '[]'::jsonb)) > 0) as refund_sent
      from events e
      join billing_accounts a on a.line = 'renters' and a.policy_number = e.stream_id
      left join billing_refunds r on r.line = 'renters' and r.policy_number = e.stream_id
       and r.key = 'renters:' || e.stream_id || ':' || e.version || ':refund'
     where e.stream_type = ${RENTERS_POLICY_STREAM} and e.type in ('renters.cancelled', 'renters.reinstated')
       and e.data->'settlement'->>'kind' in ('refund', 'charge')
       and (e.data->'settlement'->>'amountCents')::int > 0
       and e.metadata->>'userId' is null
       and not exists (select 1 from events v
                        where v.stream_type = ${CORRECTION_STREAM} and v.stream_id = 'renters:' || e.stream_id
                          and v.type = 'correction.settlementVoided'
                          and (v.data->>'changeVersion')::int = e.version)
     order by e.position`.execute(db);
  return rows;
}

export async function ownSettlementDiscrepancies(db: Reader): Promise<Discrepancy[]> {
  return (await ownChanges(db)).flatMap((row): Discrepancy[] => {
    if (!isBillingsOwnChange(row.data, row.metadata)) return [];
    const { kind, amountCents } = row.data.settlement as { kind: 'refund' | 'charge'; amountCents: number };
    const what = row.type === 'renters.cancelled' ? 'lapse for non-payment' : "late payment's reinstatement";
    // Money that moved is no phantom: a person looks into it.
    const moved = row.refund_outcome === 'done' || row.refund_sent;
    const recorded =
      row.refund_outcome === null
        ? ''
        : moved
          ? ` The payment service sent it (refund ${rentersRefundKey(row.policy_number, row.version)}): find out why before anything else.`
          : ` Billing recorded it as owed (${row.refund_outcome}), so the ledger counts it as the customer's credit.`;
    return [
      {
        kind: kind === 'refund' ? 'cancellation_refund_differs' : 'balance_due_differs',
        line: 'renters',
        policyNumber: row.policy_number,
        expectedCents: 0,
        foundCents: amountCents,
        message: `Billing's own ${what} (version ${row.version}) states a ${kind} of ${dollars(amountCents)}, but it moves no money of its own: the billing account voids and collects.${recorded} Void the settlement (npm run correct-billing).`,
        ...(!moved && {
          fault: {
            cause: 'ownSettlement',
            changeType: row.type,
            changeVersion: row.version,
            kind,
            amountCents,
            pendingRefundKey:
              row.refund_outcome === null ? null : rentersRefundKey(row.policy_number, row.version),
          },
        }),
      },
    ];
  });
}
