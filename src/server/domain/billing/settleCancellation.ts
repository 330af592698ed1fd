import type { BusinessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { appendBilling } from './billingCommands';
import { billingEvent } from './billingEvents';
import type { PolicyRef } from './policyRef';
import { findBillingAccount } from './billingAccount';
import { chargeInFlight } from './chargeClaims';
import { Conflict } from '../domainErrors';

export const CHARGE_UNDER_WAY =
  'A payment of this policy is being taken right now; nothing was cancelled. Try again in a moment.';

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
  const unpaid = await holdUnpaidInstalments(trx, ref, recordedAt);
  await appendBilling(
    trx,
    ref,
    [billingEvent.closed({ on, reason: 'cancellationSettled', voided: unpaid.map((r) => r.seq) })],
    metadata,
    recordedAt,
  );
  return true;
}

// Locks the policy's unpaid instalments for the rest of the transaction, so that no payment of them is recorded
// (nor a new charge of them started) until the cancellation has settled, and refuses while a charge of one is
// in flight: it would land on a voided instalment, uncounted by the figures (docs/billing.md "One charge per
// instalment"). A cancellation that reads what was collected calls it first, and reads after it.
export async function holdUnpaidInstalments(trx: Trx, ref: PolicyRef, at: Date) {
  const unpaid = await trx
    .selectFrom('billing_instalments')
    .select(['seq', 'attempts'])
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('status', 'in', ['scheduled', 'declined', 'failed'])
    .orderBy('seq')
    .forUpdate()
    .execute();
  if (await chargeInFlight(trx, ref, unpaid, at)) throw new Conflict(CHARGE_UNDER_WAY);
  return unpaid;
}
