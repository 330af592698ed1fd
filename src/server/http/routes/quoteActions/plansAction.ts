import type { PlansData, PlansResult } from '../../../../api/schemas/quoteActions';
import { loadRateTables } from '../../../domain/rating/loadRateTables';
import { planOptions } from '../../../domain/rating/planOptions';
import { rateQuote } from '../../../domain/rating/rateQuote';
import type { FeeCharge, InsurancePlan } from '../../../domain/rating/rateTypes';
import type { Db } from '../../../store/db';
import { ActionRefused } from '../../../domain/actionRefused';
import { checkBreeds, checkOffered, petInput } from '../../../domain/quotes/petRatingInput';
import { dollars, dollarsOrNull, percent } from '../../../domain/rating/wireAmounts';
import { stateOfZip } from '../../../domain/rating/zipStates';

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
