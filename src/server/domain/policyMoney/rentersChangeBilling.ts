import type { Settlement } from '../../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../../machines/rentersPolicyStatus';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { addCharge } from '../billing/billingCommands';
import { resumeBilling } from '../billing/resumeBilling';
import { settleCancellation } from '../billing/settleCancellation';
import { recordRefundAsked } from '../billing/refunds/askForRefund';
import { rentersRefundKey } from '../rentersPolicies/changes/rentersRefundKey';

// What a committed renters change does to the policy's billing, in the change's transaction (docs/billing.md
// "Cancellation"). A cancellation settles the money once: the account closes with its unpaid instalments
// voided, and its refund is recorded as asked (the payment service is asked after the transaction) or its
// balance due is added for the billing run to collect. A reinstatement bills the rest of the term again and
// charges back the refund the cancellation made. A policy billed before ledgers is left alone.
export async function billRentersChange(
  trx: Trx,
  change: {
    kind: RentersChangeKind;
    policyNumber: string;
    version: number;
    settlement: Settlement;
    // For a reinstatement: the cancellation it undoes, when that one was settled by a balance due.
    undoneBalanceDueTo?: string | null;
  },
  today: string,
  metadata: EventMetadata,
  recordedAt: Date,
): Promise<void> {
  const ref = { line: 'renters' as const, policyNumber: change.policyNumber };
  const { settlement } = change;
  if (change.kind === 'cancel') {
    if (!(await settleCancellation(trx, ref, today, metadata, recordedAt))) return;
    if (settlement.kind === 'refund' && settlement.amountCents > 0)
      await recordRefundAsked(
        trx,
        ref,
        { key: rentersRefundKey(change.policyNumber, change.version), amountCents: settlement.amountCents },
        metadata,
        recordedAt,
      );
    if (settlement.kind === 'charge' && settlement.amountCents > 0)
      await addCharge(
        trx,
        ref,
        {
          kind: 'balanceDue',
          amountCents: settlement.amountCents,
          dueDate: today,
          description: 'Balance due: premium earned to the cancel date beyond what was collected',
        },
        metadata,
        recordedAt,
      );
    return;
  }
  if (change.kind !== 'reinstate') return;
  if (!(await resumeBilling(trx, ref, metadata, recordedAt, change.undoneBalanceDueTo ?? null))) return;
  if (settlement.kind === 'charge' && settlement.amountCents > 0)
    await addCharge(
      trx,
      ref,
      {
        kind: 'reinstatement',
        amountCents: settlement.amountCents,
        dueDate: today,
        description: 'Reinstatement: the refund of the cancellation, charged back',
      },
      metadata,
      recordedAt,
    );
}
