import type { BusinessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { appendBilling } from './billingCommands';
import { billingEvent } from './billingEvents';
import type { PolicyRef } from './policyRef';
import { findBillingAccount } from './billingAccount';

// A committed cancellation settles the policy's money once (docs/billing.md "Cancellation"): its refund or
// balance due is worked out from what was collected against what the cover to the cancel date earns, so no
// instalment is charged after it. The account closes in the cancellation's transaction and every unpaid
// instalment is voided (a future-dated cancellation would otherwise bill the same days twice: by the balance
// due and by the instalments still to come); so is an extra charge not yet collected (a reinstatement's
// charge-back), since the figures weighed only what was collected. Extra charges added afterwards (the balance
// due) are still collected from a closed account. Answers whether the policy was billed at all.
export async function settleCancellation(
  trx: Trx,
  ref: PolicyRef,
  on: BusinessDate,
  metadata: EventMetadata,
  recordedAt: Date,
): Promise<boolean> {
  const account = await findBillingAccount(trx, ref);
  if (!account) return false;
  if (account.state === 'closed') return true;
  const unpaid = await trx
    .selectFrom('billing_instalments')
    .select('seq')
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('status', 'in', ['scheduled', 'declined', 'failed'])
    .orderBy('seq')
    .execute();
  await appendBilling(
    trx,
    ref,
    [billingEvent.closed({ on, reason: 'cancellationSettled', voided: unpaid.map((r) => r.seq) })],
    metadata,
    recordedAt,
  );
  return true;
}
