import type { Trx } from '../../store/eventStore';
import type { PolicyIssued } from '../policies/policyEvents';
import { loadRateTables } from '../rating/loadRateTables';
import { premiumPayments } from '../rating/premiumPayments';
import { quotePayments, type QuotePayments } from '../rating/quotePayments';
import { ratePet, wellnessCharge } from '../rating/ratePet';
import type { Species } from '../rating/breedCatalogue';

export interface PetRenewalPrice {
  annualPremiumCents: number;
  ratedAge: number;
}

// What a renewal is rated with: the tables in force on the renewal date, at the policyholder's zip of today.
async function renewalRating(trx: Trx, issued: PolicyIssued, renewalDate: string) {
  const customer = await trx
    .selectFrom('customers')
    .select('zip')
    .where('id', '=', issued.customerId)
    .executeTakeFirstOrThrow();
  return { tables: await loadRateTables(trx, issued.state, renewalDate), zip: customer.zip ?? '' };
}

// The next term of a pet policy, priced by the rating engine at the renewal date (docs/policy-dates.md): the
// same pet, plan, deductible, reimbursement, exam fee and wellness as the policy, a year older for every term
// behind it, at the policyholder's zip of today, counting the pets of the same purchase that are still in
// force, with no discount code (a code is a sale's, not a renewal's). The premium is the engine's total
// premium (risk less discount plus exam fee), as at issue; what its payments carry is `petRenewalPayments`.
export async function petRenewalPrice(
  trx: Trx,
  issued: PolicyIssued,
  termsBehind: number,
  renewalDate: string,
): Promise<PetRenewalPrice> {
  const siblings = await trx
    .selectFrom('policies')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('quote_uuid', '=', issued.quoteUuid)
    .where('status_code', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  const { tables, zip } = await renewalRating(trx, issued, renewalDate);
  const ratedAge = issued.pet.ageAtInception + termsBehind;
  const rating = ratePet(
    tables,
    {
      species: issued.pet.species.toUpperCase() as Species,
      breedCode: issued.pet.breed,
      age: ratedAge,
      planCode: issued.planCode,
      deductible: issued.deductibleCents,
      reimbursement: issued.reimbursement,
      examFee: issued.examFee,
      wellnessCode: issued.wellnessCode,
    },
    { zip, petCount: Math.max(1, Number(siblings.count)), discountCode: null },
  );
  return { annualPremiumCents: rating.plan.total_premium, ratedAge };
}

// What each payment of the renewed term carries (docs/billing.md "The schedule"): the renewal's premium paid
// as a sale of the pet on the renewal date pays it, with its taxes, its wellness and the state's fees. The
// premium is the one the renewal takes (the offer's, made on the same date's tables), not rated again.
export async function petRenewalPayments(
  trx: Trx,
  issued: PolicyIssued,
  annualPremiumCents: number,
  renewalDate: string,
): Promise<QuotePayments> {
  const { tables, zip } = await renewalRating(trx, issued, renewalDate);
  return quotePayments(tables, [
    {
      plan: premiumPayments(tables, zip, annualPremiumCents),
      wellness: wellnessCharge(tables, issued.wellnessCode),
    },
  ]);
}
