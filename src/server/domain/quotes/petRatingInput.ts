import type { PlansData } from '../../../api/schemas/quoteActions';
import { Invalid } from '../domainErrors';
import type { planOptions } from '../rating/planOptions';
import type { PetRatingInput, RateTables } from '../rating/rateTypes';
import { cents, dollars } from '../rating/wireAmounts';
import type { Db } from '../../store/db';
import { ActionRefused } from '../actionRefused';

// A breed that does not exist, or is not of the pet's species, is malformed input (the portal offers the
// `breeds` list), not a business refusal: 422 on the pet's field.
export async function checkBreeds(
  db: Db,
  data: { pets: readonly { species: string; breedCode: string }[] },
): Promise<void> {
  const codes = [...new Set(data.pets.map((p) => p.breedCode))];
  const known = await db
    .selectFrom('breeds')
    .select(['code', 'species'])
    .where('code', 'in', codes)
    .where('is_enabled', '=', true)
    .execute();
  const speciesOf = new Map(known.map((b) => [b.code, b.species]));
  const errors: Record<string, string[]> = {};
  data.pets.forEach((pet, i) => {
    if (speciesOf.get(pet.breedCode) !== pet.species) {
      errors[`data.pets.${i}.breedCode`] = [`${pet.breedCode} is not a ${pet.species.toLowerCase()} breed.`];
    }
  });
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

export function petInput(
  tables: RateTables,
  pet: PlansData['pets'][number],
  options: ReturnType<typeof planOptions>,
): PetRatingInput {
  const planCode = pet.planCode ?? options.default_plan;
  // A chosen plan's own defaults apply to the options left out.
  const plan = tables.plans.find((p) => p.planCode === planCode);
  return {
    species: pet.species,
    breedCode: pet.breedCode,
    age: pet.age,
    planCode,
    deductible: pet.deductible !== undefined ? cents(pet.deductible) : (plan?.defaultDeductibleCents ?? 0),
    reimbursement: pet.reimbursement ?? plan?.defaultReimbursement ?? 0,
    examFee: pet.examFee ?? false,
    wellnessCode: pet.wellnessCode ?? null,
  };
}

// Checked before rating: the engine names a missing factor by its key in cents, the agent gets the choices
// in dollars instead.
export function checkOffered(options: ReturnType<typeof planOptions>, pet: PetRatingInput): void {
  const money = (c: number) => `$${dollars(c).toLocaleString('en-US')}`;
  if (!options.plans.includes(pet.planCode)) {
    throw new ActionRefused(`Plan ${pet.planCode} is not sold in ${options.state_code}.`);
  }
  if (!options.deductibles.values.includes(pet.deductible)) {
    throw new ActionRefused(
      `A ${money(pet.deductible)} deductible is not offered in ${options.state_code}; choose one of ` +
        `${options.deductibles.values.map(money).join(', ')}.`,
    );
  }
  if (!options.reimbursements.values.includes(pet.reimbursement)) {
    throw new ActionRefused(
      `A ${pet.reimbursement}% reimbursement is not offered in ${options.state_code}; choose one of ` +
        `${options.reimbursements.values.map((r) => `${r}%`).join(', ')}.`,
    );
  }
}
