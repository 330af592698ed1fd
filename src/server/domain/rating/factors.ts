import { applyFactors, shareOf } from './money';
import type { PetRating, PetRatingInput, PlanDefinition, RateTables, Territory } from './rateTypes';
import { RatingError } from './ratingError';

// The risk premium of one pet: the species base rate times its breed class, age band, territory, plan,
// deductible and reimbursement factors (docs/rating.md "Risk premium").
export function riskPremium(tables: RateTables, pet: PetRatingInput, zip: string): PetRating['factors'] {
  const baseRate = tables.baseRates[pet.species];
  if (baseRate === undefined) throw new RatingError('species', `No rates are filed for ${pet.species}.`);
  const breedClass = breedClassFactor(tables, pet);
  const ageBand = ageBandFactor(tables, pet);
  const territory = territoryOf(tables, zip).factorBp;
  const plan = lookup(tables.factors.PLAN, pet.planCode, 'planCode', 'plan');
  const deductible = lookup(tables.factors.DEDUCTIBLE, String(pet.deductible), 'deductible', 'deductible');
  const reimbursement = lookup(
    tables.factors.REIMBURSEMENT,
    String(pet.reimbursement),
    'reimbursement',
    'reimbursement',
  );
  const multipliers = [breedClass, ageBand, territory, plan, deductible, reimbursement];
  return {
    baseRate,
    breedClass,
    ageBand,
    territory,
    plan,
    deductible,
    reimbursement,
    riskPremium: applyFactors(baseRate, multipliers),
  };
}

// The exam-fee option is priced as a share of the risk premium, so it follows the pet's risk.
export function examFee(tables: RateTables, pet: PetRatingInput, risk: number): number {
  if (!pet.examFee) return 0;
  if (!tables.examFeeAvailable) {
    throw new RatingError('examFee', `The exam-fee option is not sold in ${tables.stateCode}.`);
  }
  return shareOf(risk, lookup(tables.factors.EXAM_FEE, pet.species, 'examFee', 'exam-fee option'));
}

export function planOf(tables: RateTables, planCode: string): PlanDefinition {
  const plan = tables.plans.find((p) => p.planCode === planCode);
  if (!plan) throw new RatingError('planCode', `Plan ${planCode} is not sold.`);
  return plan;
}

// The territory of a zip code: its three-digit prefix when the state files one, else the rest of the state.
export function territoryOf(tables: RateTables, zip: string): Territory {
  if (!/^\d{5}$/.test(zip)) throw new RatingError('zip', 'The zip code must have five digits.');
  const territory =
    tables.territories.find((t) => t.zipPrefix === zip.slice(0, 3)) ??
    tables.territories.find((t) => t.zipPrefix === '*');
  if (!territory) throw new RatingError('zip', `No territory is filed for ${zip}.`);
  return territory;
}

function breedClassFactor(tables: RateTables, pet: PetRatingInput): number {
  const breed = tables.breeds[pet.breedCode];
  if (!breed || breed.species !== pet.species) {
    throw new RatingError('breedCode', `${pet.breedCode} is not a ${pet.species.toLowerCase()} breed.`);
  }
  return lookup(tables.factors.BREED_CLASS, breed.breedClass, 'breedCode', 'breed class');
}

function ageBandFactor(tables: RateTables, pet: PetRatingInput): number {
  const band = tables.ageBands.find(
    (b) => b.species === pet.species && pet.age >= b.minAge && pet.age <= b.maxAge,
  );
  if (!Number.isInteger(pet.age) || !band) {
    throw new RatingError('age', `A ${pet.species.toLowerCase()} aged ${pet.age} cannot be enrolled.`);
  }
  return band.factorBp;
}

function lookup(table: Record<string, number>, key: string, field: string, what: string): number {
  const factor = table[key];
  if (factor === undefined) throw new RatingError(field, `No ${what} ${key} is filed.`);
  return factor;
}
