import { businessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { openRentersBilling } from '../billing/openBilling';
import {
  issueRentersPolicy,
  linkRewrite,
  type RentersPolicyIssue,
} from '../rentersPolicies/issueRentersPolicy';
import { storeRentersDeclarations } from '../rentersPolicies/rentersDocuments';
import { oneYearAfter } from '../rentersPolicies/rentersPolicyNumbers';
import { recordPurchaseMethod } from './recordPurchaseMethod';

// A renters sale, in the purchase's transaction: the policy and its policyholder, its declarations page; the method bought with, which
// becomes the customer's primary renters payment method (docs/payments.md), told to their other billed
// policies (a rewritten one still among them, so it is told before the link); a rewrite's link; then its billing: the rated schedule, the first payment collected by the purchase's charge
// (docs/billing.md "The schedule").
export async function sellRentersPolicy(
  trx: Trx,
  metadata: EventMetadata,
  issue: RentersPolicyIssue,
): Promise<{ policyNumber: string; matterId: number; customerId: number }> {
  const issued = await issueRentersPolicy(trx, metadata, issue);
  // The declarations page is the policy's first document, made with the sale (docs/renters-policy-record.md).
  await storeRentersDeclarations(trx, metadata, issued.policyNumber, {
    changed: false,
    recordedAt: issue.soldAt,
  });
  await recordPurchaseMethod(trx, metadata, {
    customerId: issued.customerId,
    policyNumber: issued.policyNumber,
    quoteId: issue.quoteId,
    token: issue.payment.token,
  });
  if (issue.rewriteOf !== null) await linkRewrite(trx, metadata, issue.rewriteOf, issued.policyNumber);
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
