import type { EventActor } from '../../../store/eventStore';

// The changes billing makes to a policy by itself (docs/billing.md "The daily run, dunning, grace and
// reinstatement"): a lapse for non-payment and the reinstatement a late payment brings. Their money moves
// through the billing account alone (it voids the unpaid instalments, collects the late payment), so they have
// none of their own to settle. Billing writes them with these notes and no acting user.
export const NON_PAYMENT = 'Non-payment of premium';
export const LATE_PAYMENT = 'Premium paid late, inside the reinstatement window';

// Whether a renters change was billing's own. Those recorded before billing's changes stopped carrying a
// settlement still name a refund or charge of a few cents that never moved; nothing must send it now.
export function isBillingsOwnChange(
  data: { reasonCode?: unknown; note?: unknown },
  actor: EventActor,
): boolean {
  if (actor.userId !== null) return false;
  return (
    (data.reasonCode === 'NON_PAYMENT' && data.note === NON_PAYMENT) ||
    (data.reasonCode === 'PAYMENT_RECEIVED' && data.note === LATE_PAYMENT)
  );
}
