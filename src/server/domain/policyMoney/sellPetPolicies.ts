import { businessDate } from '../../../calendar';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { openPetBilling } from '../billing/openBilling';
import { storeDeclaration } from '../policies/policyDocuments';
import { issuePolicies, type Issue } from '../policies/issuePolicies';
import { shareOfCharge } from '../moneyRules/chargeShares';

// The purchase's charge: each policy's billing starts with its share of it collected (docs/billing.md).
export interface SaleCharge {
  chargeId: string;
  amountCents: number;
  token: string;
  method: 'card' | 'bank';
  last4: string;
}

// A pet sale, in the purchase's transaction: one policy per pet, each with its declaration and its billing.
// The billing of each policy is opened with its place on the quote, which this sale knows: the quote's pets
// name their policies only once the purchase is projected, after every policy is issued (docs/billing.md
// "The schedule"). Without a charge (a policy sold before billing), the policies have no billing.
export async function sellPetPolicies(
  trx: Trx,
  metadata: EventMetadata,
  issue: Issue,
  charge?: SaleCharge,
): Promise<string[]> {
  const numbers = await issuePolicies(trx, metadata, issue);
  for (const policyNumber of numbers) await storeDeclaration(trx, metadata, policyNumber);
  if (!charge) return numbers;
  const pets = await trx
    .selectFrom('quote_pets')
    .select(['downpayment_cents', 'total_premium_cents'])
    .where('quote_uuid', '=', issue.quoteUuid)
    .orderBy('pet_index')
    .execute();
  const weights = pets.map((p) =>
    issue.paymentPeriod === 'ANNUAL' ? (p.total_premium_cents ?? 0) : (p.downpayment_cents ?? 0),
  );
  for (const [petIndex, policyNumber] of numbers.entries()) {
    await openPetBilling(trx, metadata, policyNumber, petIndex, {
      chargeId: charge.chargeId,
      amountCents: shareOfCharge(charge.amountCents, weights, petIndex),
      payment: { token: charge.token, method: charge.method, last4: charge.last4 },
      collectedOn: businessDate(metadata.at),
    });
  }
  return numbers;
}
