import type { PlansData, PlansResult } from '../../../../api/schemas/quoteActions';
import { loadRateTables } from '../../../domain/rating/loadRateTables';
import { planOptions } from '../../../domain/rating/planOptions';
import { rateQuote } from '../../../domain/rating/rateQuote';
import type { FeeCharge, InsurancePlan, PetRatingInput, RateTables } from '../../../domain/rating/rateTypes';
import type { Db } from '../../../store/db';
import { ValidationFailed } from '../../errors';
import { ActionRefused } from './actionRefused';
import { cents, dollars, dollarsOrNull, percent } from './wireAmounts';
import { stateOfZip } from './zipStates';

// Action `plans`: rate every pet of a would-be quote on the chosen options (defaults from the state's plan
// options) and on every other plan sold there, with the monthly and annual payments.
export async function ratePlans(db: Db, data: PlansData): Promise<PlansResult> {
  const state = stateOfZip(data.zip);
  if (!state) throw new ActionRefused(`We could not find the state of zip code ${data.zip}.`);
  if (data.state && data.state !== state) {
    throw new ActionRefused(`Zip code ${data.zip} is in ${state}, not ${data.state}.`);
  }
  await checkBreeds(db, data);
  const tables = await loadRateTables(db, state, data.startDate);
  const options = planOptions(tables);
  const discountCode = data.discountCode?.trim() ? data.discountCode.trim().toUpperCase() : null;
  const pets = data.pets.map((pet) => petInput(tables, pet, options));
  pets.forEach((pet) => checkOffered(options, pet));
  const rating = rateQuote(tables, { zip: data.zip, discountCode, pets });
  return {
    state_code: state,
    zip: data.zip,
    start_date: data.startDate,
    discount_code: discountCode,
    plan_options: {
      ...options,
      deductibles: {
        default_value: dollars(options.deductibles.default_value),
        values: options.deductibles.values.map(dollars),
      },
    },
    pets: rating.pets.map((rated, index) => ({
      index,
      species: pets[index]!.species,
      breed_code: pets[index]!.breedCode,
      age: pets[index]!.age,
      plan: planWire(rated.plan),
      plans: rated.plans.map(planWire),
      wellness: rated.wellness && {
        code: rated.wellness.code,
        name: rated.wellness.name,
        monthly: dollars(rated.wellness.monthly),
        total: dollars(rated.wellness.total),
      },
    })),
    payments: {
      monthly: {
        downpayment: dollars(rating.monthly.downpayment),
        installment: dollars(rating.monthly.installment),
        total: dollars(rating.monthly.total),
        fees: rating.monthly.fees.map(feeWire),
      },
      annual: { total: dollars(rating.annual.total), fees: rating.annual.fees.map(feeWire) },
    },
  };
}

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
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
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

function planWire(plan: InsurancePlan): PlansResult['pets'][number]['plan'] {
  return {
    ...plan,
    plan_limit: dollarsOrNull(plan.plan_limit),
    default_deductible: dollars(plan.default_deductible),
    applied_discount: percent(plan.applied_discount),
    max_allowed_discount: percent(plan.max_allowed_discount),
    deductible: dollars(plan.deductible),
    discount: dollars(plan.discount),
    downpayment: dollars(plan.downpayment),
    downpayment_municipal_tax: dollars(plan.downpayment_municipal_tax),
    downpayment_state_tax: dollars(plan.downpayment_state_tax),
    monthly_exam_fee: dollars(plan.monthly_exam_fee),
    monthly_payment: dollars(plan.monthly_payment),
    monthly_payment_municipal_tax: dollars(plan.monthly_payment_municipal_tax),
    monthly_payment_state_tax: dollars(plan.monthly_payment_state_tax),
    pre_discount_monthly_payment: dollars(plan.pre_discount_monthly_payment),
    total_exam_fee: dollars(plan.total_exam_fee),
    total_premium: dollars(plan.total_premium),
    total_municipal_tax: dollars(plan.total_municipal_tax),
    total_state_tax: dollars(plan.total_state_tax),
  };
}

function feeWire(fee: FeeCharge) {
  return {
    fee_code: fee.feeCode,
    description: fee.description,
    amount: dollars(fee.amount),
    total: dollars(fee.total),
  };
}
