import { sql } from 'kysely';
import type { Trx } from '../../store/eventStore';
import { loadRateTables } from '../rating/loadRateTables';
import { rateQuote } from '../rating/rateQuote';
import type { PaymentPeriod } from './quoteEvents';

// What the customer pays for the chosen plans, in cents, fees included: the rating engine's payment schedule
// (docs/rating.md "Payments") over every pet on the quote, on the quote's state, zip and start date.
export interface QuoteTotalsCents {
  monthlyDownpayment: number;
  monthlyInstallment: number;
  monthlyTotal: number;
  annualTotal: number;
}

// Null while a pet has no plan. Rate tables are versioned by date, so rating again gives what coverage
// showed; the projection keeps the result so reads do not rate.
export async function rateChosenPlans(trx: Trx, uuid: string): Promise<QuoteTotalsCents | null> {
  const quote = await trx
    .selectFrom('quotes')
    .select(['state', 'zip', 'discount_code'])
    .select(sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_day'))
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!quote?.state || !quote.zip || !quote.start_day) return null;
  const pets = await trx
    .selectFrom('quote_pets')
    .selectAll()
    .where('quote_uuid', '=', uuid)
    .orderBy('pet_index')
    .execute();
  if (pets.length === 0 || pets.some((p) => p.plan_code === null)) return null;
  const tables = await loadRateTables(trx, quote.state, quote.start_day);
  const rating = rateQuote(tables, {
    zip: quote.zip,
    discountCode: quote.discount_code,
    pets: pets.map((p) => ({
      species: p.species === 'cat' ? 'CAT' : 'DOG',
      breedCode: p.breed,
      age: p.age,
      planCode: p.plan_code ?? '',
      deductible: p.deductible_cents ?? 0,
      reimbursement: p.reimbursement ?? 0,
      examFee: p.exam_fee ?? false,
      wellnessCode: p.wellness_code,
    })),
  });
  return {
    monthlyDownpayment: rating.monthly.downpayment,
    monthlyInstallment: rating.monthly.installment,
    monthlyTotal: rating.monthly.total,
    annualTotal: rating.annual.total,
  };
}

// Due today: the first monthly payment (the down payment, with the installment fee), or the whole year.
export function amountDue(totals: QuoteTotalsCents, period: PaymentPeriod): number {
  return period === 'MONTHLY' ? totals.monthlyDownpayment : totals.annualTotal;
}
