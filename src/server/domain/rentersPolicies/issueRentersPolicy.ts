import { businessDate } from '../../../calendar';
import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { rentersPolicyAggregate } from './rentersPolicyAggregate';
import { customerForPurchase } from '../customers/customerCommands';
import type { RentersRating } from '../rentersRating/rentersTypes';
import { appendToRentersPolicy } from './appendToRentersPolicy';
import { rentersPolicyEvent, type RentersIssuedContact } from './rentersPolicyEvents';
import { nextRentersPolicyNumber, oneYearAfter, rentersMatterId } from './rentersPolicyNumbers';

export interface RentersPolicyIssue {
  quoteId: string;
  entityId: number;
  rewriteOf: string | null;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  // The quote's primary contact beside the phone; absent on policies issued before it was kept.
  primaryContact?: RentersIssuedContact | null;
  mailingAddress: { line1: string; line2: string | null; city: string; state: string; zip: string };
  propertyAddress: { line1: string; line2: string | null; city: string; state: string; zip: string };
  interestedParty: { name: string; line1: string; city: string; state: string; zip: string } | null;
  coverage: unknown; // the RentersRatingInput coverage block as rated
  termInterval: 'annual' | 'monthly';
  effectiveDate: string; // YYYY-MM-DD
  termPremiumCents: number;
  taxesCents: number;
  feesCents: number;
  totalCents: number;
  nextBill: { dueDate: string; amountCents: number } | null;
  payment: { method: 'card' | 'bank'; token: string; last4: string; chargeId: string; amountCents: number };
  // A sale of an earlier day (the demo's history); now by default.
  soldAt?: Date;
}

// The figures a policy is issued with, as the engine rated its coverage.
export function ratedFigures(
  rating: RentersRating,
): Pick<RentersPolicyIssue, 'termPremiumCents' | 'taxesCents' | 'feesCents' | 'totalCents' | 'nextBill'> {
  return {
    termPremiumCents: rating.term_premium,
    taxesCents: rating.taxes.total,
    feesCents: rating.fee_total,
    totalCents: rating.total,
    nextBill: rating.next_bill && {
      dueDate: rating.next_bill.due_date,
      amountCents: rating.next_bill.amount,
    },
  };
}

// Issues the renters policy of a paid quote, inside the purchase's transaction: the policyholder (the
// entity's customer with the same e-mail, or a new one, at the mailing address) and the policy's stream,
// numbered by the state of the insured property. Its payment method, its billing and a rewrite's link are the
// money path's (policyMoney/sellRentersPolicy.ts).
export async function issueRentersPolicy(
  trx: Trx,
  metadata: EventMetadata,
  issue: RentersPolicyIssue,
): Promise<{ policyNumber: string; matterId: number; customerId: number }> {
  const { mailingAddress: mailing, propertyAddress: property } = issue;
  const customerId = await customerForPurchase(trx, metadata, issue.entityId, issue.quoteId, {
    ...issue.customer,
    addressLine1: mailing.line1,
    addressLine2: mailing.line2,
    city: mailing.city,
    state: mailing.state,
    zip: mailing.zip,
  });
  const policyNumber = await nextRentersPolicyNumber(trx, property.state);
  const matterId = rentersMatterId(policyNumber);
  const { token: _token, ...payment } = issue.payment;
  await execute(
    trx,
    rentersPolicyAggregate,
    policyNumber,
    [
      {
        ...rentersPolicyEvent.issued({
          policyNumber,
          matterId,
          quoteId: issue.quoteId,
          entityId: issue.entityId,
          customerId,
          rewriteOf: issue.rewriteOf,
          customer: issue.customer,
          primaryContact: issue.primaryContact ?? null,
          mailingAddress: mailing,
          propertyAddress: property,
          interestedParty: issue.interestedParty,
          coverage: issue.coverage,
          termInterval: issue.termInterval,
          // The sale's business day, as a pet purchase's: 7:45 PM Central on Nov 26 is sold on Nov 26, though
          // UTC has turned over (the wire's renters dates stay YYYY-MM-DD).
          soldOn: businessDate(issue.soldAt ?? metadata.at),
          effectiveDate: issue.effectiveDate,
          expirationDate: oneYearAfter(issue.effectiveDate),
          termPremiumCents: issue.termPremiumCents,
          taxesCents: issue.taxesCents,
          feesCents: issue.feesCents,
          totalCents: issue.totalCents,
          nextBill: issue.nextBill,
          payment,
        }),
        ...(issue.soldAt && { recordedAt: issue.soldAt }),
      },
    ],
    metadata,
  );
  return { policyNumber, matterId, customerId };
}

// A rewrite links the replaced policy to its new one; its machine refuses the link (409) unless the old policy is
// cancelled or non-renewing (SPEC §4), which rolls the whole purchase back.
export async function linkRewrite(
  trx: Trx,
  metadata: EventMetadata,
  rewriteOf: string,
  newPolicyNumber: string,
): Promise<void> {
  await appendToRentersPolicy(trx, metadata, rewriteOf, [
    { type: 'renters.rewritten', data: { newPolicyNumber } },
  ]);
}
