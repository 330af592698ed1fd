import type { Trx } from '../../store/eventStore';
import type { PolicyIssued } from '../policies/policyEvents';
import { loadRateTables } from '../rating/loadRateTables';
import { ratePet } from '../rating/ratePet';
import type { Species } from '../rating/breedCatalogue';

export interface PetRenewalPrice {
  annualPremiumCents: number;
  ratedAge: number;
}

// The next term of a pet policy, priced by the rating engine at the renewal date (docs/policy-dates.md): the
// same pet, plan, deductible, reimbursement, exam fee and wellness as the policy, a year older for every term
// behind it, at the policyholder's zip of today, counting the pets of the same purchase that are still in
// force, with no discount code (a code is a sale's, not a renewal's). The premium is the engine's total
// premium (risk less discount plus exam fee), as at issue; taxes and fees are billing's.
export async function petRenewalPrice(
  trx: Trx,
  issued: PolicyIssued,
  termsBehind: number,
  renewalDate: string,
): Promise<PetRenewalPrice> {
  const customer = await trx
    .selectFrom('customers')
    .select('zip')
    .where('id', '=', issued.customerId)
    .executeTakeFirstOrThrow();
  const siblings = await trx
    .selectFrom('policies')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('quote_uuid', '=', issued.quoteUuid)
    .where('status_code', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  const tables = await loadRateTables(trx, issued.state, renewalDate);
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
    { zip: customer.zip ?? '', petCount: Math.max(1, Number(siblings.count)), discountCode: null },
  );
  return { annualPremiumCents: rating.plan.total_premium, ratedAge };
}
