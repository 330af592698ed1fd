import type { Db } from '../../store/db';
import { readStream } from '../../store/eventStore';
import type { PolicyRef } from '../billing/policyRef';
import { premiumPaid } from '../matters/policyPayments';
import { RENTERS_POLICY_STREAM, type RentersPolicyIssued } from '../rentersPolicies/rentersPolicyEvents';
import type { RefundFailure } from './refundReasons';

// The charge a policy's refund goes back to: the purchase's charge that paid its first instalment (or its
// whole annual premium), and how much of that charge is the policy's own (a pet quote's charge paid for every
// pet; each policy may take back only its share).
export type RefundTarget = { chargeId: string; shareCents: number } | { failure: RefundFailure };

export async function refundTarget(db: Db, ref: PolicyRef): Promise<RefundTarget> {
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
