import type { Db } from '../../store/db';
import { readStream } from '../../store/eventStore';
import type { PolicyRef } from '../billing/policyRef';
import { premiumPaid } from '../billing/policyPayments';
import type { RefundTarget } from '../billing/refunds/refundCharges';
import { RENTERS_POLICY_STREAM, type RentersPolicyIssued } from '../rentersPolicies/rentersPolicyEvents';

// The charge a refund of a policy billing does not know the charges of goes back to (a policy from before
// ledgers, docs/payments.md "Refunds"): the purchase's charge that paid its first instalment (or its whole
// annual premium), no more than the policy's own share of it — a pet quote's charge paid for every pet, and
// each policy may take back only its share. A renters policy's is the issue charge its issue event names.
export async function purchaseCharge(db: Db, ref: PolicyRef): Promise<RefundTarget> {
  if (ref.line === 'pet') {
    const paid = await premiumPaid(db, ref.policyNumber);
    if (!paid?.reference) return { failure: 'no_charge' };
    return { chargeId: paid.reference, shareCents: paid.amountCents };
  }
  const events = await db
    .transaction()
    .execute((trx) => readStream(trx, RENTERS_POLICY_STREAM, ref.policyNumber));
  const issued = events.find((e) => e.type === 'renters.policyIssued')?.data as
    RentersPolicyIssued | undefined;
  if (!issued?.payment.chargeId) return { failure: 'no_charge' };
  return { chargeId: issued.payment.chargeId, shareCents: issued.payment.amountCents };
}
