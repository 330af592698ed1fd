import { businessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { openRentersBilling } from '../billing/openBilling';
import { issueRentersPolicy, type RentersPolicyIssue } from '../rentersPolicies/issueRentersPolicy';
import { oneYearAfter } from '../rentersPolicies/rentersPolicyNumbers';

// A renters sale, in the purchase's transaction: the policy (its policyholder, its payment method, a
// rewrite's link), then its billing: the rated schedule, the first payment collected by the purchase's charge
// (docs/billing.md "The schedule").
export async function sellRentersPolicy(
  trx: Trx,
  metadata: EventMetadata,
  issue: RentersPolicyIssue,
): Promise<{ policyNumber: string; matterId: number; customerId: number }> {
  const issued = await issueRentersPolicy(trx, metadata, issue);
  await openRentersBilling(
    trx,
    metadata,
    {
      policyNumber: issued.policyNumber,
      entityId: issue.entityId,
      customerId: issued.customerId,
      termInterval: issue.termInterval,
      effectiveDate: issue.effectiveDate,
      expirationDate: oneYearAfter(issue.effectiveDate),
      nextBillCents: issue.nextBill?.amountCents ?? null,
    },
    {
      chargeId: issue.payment.chargeId,
      amountCents: issue.payment.amountCents,
      payment: { token: issue.payment.token, method: issue.payment.method, last4: issue.payment.last4 },
      collectedOn: businessDate(issue.soldAt ?? metadata.at),
      recordedAt: issue.soldAt,
    },
  );
  return issued;
}
