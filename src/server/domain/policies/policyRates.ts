import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { loadRateTables } from '../rating/loadRateTables';
import { rateQuote } from '../rating/rateQuote';

// The premium breakdown of a policy: its coverage and what it costs, rated again with the engine on the
// quote's state, zip and start date (rate tables are versioned by date, so this is what was sold) over
// every pet of the quote, as the purchase rated them (multi-pet discounts included).
export async function policyRates(db: Db, policyNumber: string) {
  const p = await db
    .selectFrom('policies as p')
    .innerJoin('quotes as q', 'q.uuid', 'p.quote_uuid')
    .leftJoin('pet_plans as plan', 'plan.plan_code', 'p.plan_code')
    .select([
      'p.policy_number',
      'p.quote_uuid',
      'p.pet_id',
      'p.plan_code',
      'plan.plan_desc',
      'p.deductible_cents',
      'p.reimbursement',
      'p.annual_coverage_cents',
      'p.exam_fee',
      'p.wellness_code',
      'p.annual_premium_cents',
      'p.payment_period',
      'q.state',
      'q.zip',
      sql<string | null>`to_char(q.start_date, 'YYYY-MM-DD')`.as('start_day'),
    ])
    .where('p.policy_number', '=', policyNumber)
    .executeTakeFirstOrThrow();
  const pets = await db
    .selectFrom('quote_pets')
    .selectAll()
    .where('quote_uuid', '=', p.quote_uuid)
    .orderBy('pet_index')
    .execute();
  const index = pets.findIndex((pet) => pet.pet_id === p.pet_id);
  const quoted = pets[index];
  let rated: { monthly: number; downpayment: number; stateTax: number; municipalTax: number } | null = null;
  if (p.state && p.zip && p.start_day && index >= 0 && pets.every((pet) => pet.plan_code !== null)) {
    const tables = await loadRateTables(db, p.state, p.start_day);
    const rating = rateQuote(tables, {
      zip: p.zip,
      discountCode: null,
      pets: pets.map((pet) => ({
        species: pet.species === 'cat' ? 'CAT' : 'DOG',
        breedCode: pet.breed,
        age: pet.age,
        planCode: pet.plan_code ?? '',
        deductible: pet.deductible_cents ?? 0,
        reimbursement: pet.reimbursement ?? 0,
        examFee: pet.exam_fee ?? false,
        wellnessCode: pet.wellness_code,
      })),
    });
    const plan = rating.pets[index]!.plan;
    rated = {
      monthly: plan.monthly_payment,
      downpayment: plan.downpayment,
      stateTax: plan.total_state_tax,
      municipalTax: plan.total_municipal_tax,
    };
  }
  return {
    policyNumber: p.policy_number,
    planCode: p.plan_code,
    planName: p.plan_desc ?? p.plan_code,
    paymentPeriod: p.payment_period,
    deductibleCents: p.deductible_cents,
    reimbursement: p.reimbursement,
    annualCoverageCents: p.annual_coverage_cents,
    examFee: p.exam_fee,
    wellnessLevel: p.wellness_code,
    annualPremiumCents: p.annual_premium_cents,
    monthlyPaymentCents: rated?.monthly ?? quoted?.monthly_premium_cents ?? null,
    downpaymentCents: rated?.downpayment ?? quoted?.downpayment_cents ?? null,
    stateTaxCents: rated?.stateTax ?? null,
    municipalTaxCents: rated?.municipalTax ?? null,
  };
}
