import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { buildRateTables } from './buildRateTables';
import type { RateTables } from './rateTypes';
import { RatingError } from './ratingError';

// The rate tables of a state in force on a date ('YYYY-MM-DD'), read in one round of small queries: every
// version up to that date, from which buildRateTables keeps the latest of each table.
export async function loadRateTables(db: Db, stateCode: string, effectiveDate: string): Promise<RateTables> {
  if (!isCalendarDate(effectiveDate)) {
    throw new RatingError('effectiveDate', 'The effective date must be a date (YYYY-MM-DD).');
  }
  // PostgreSQL hands dates back as Date (midnight in the server's zone); compare and carry them as text.
  const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
  const [
    states,
    baseRates,
    factors,
    ageBands,
    territories,
    fees,
    plans,
    breeds,
    wellness,
    discountCodes,
    configs,
    waitingPeriods,
  ] = await Promise.all([
    db
      .selectFrom('pet_states')
      .select([
        'state_code',
        'premium_tax_bp',
        'default_plan_code',
        'exam_fee_available',
        'wellness_available',
      ])
      .select(day('effective_date').as('effective_date'))
      .where('state_code', '=', stateCode)
      .where('effective_date', '<=', effectiveDate)
      .execute(),
    db
      .selectFrom('rate_base_rates')
      .select(['species', 'annual_cents'])
      .select(day('effective_date').as('effective_date'))
      .where('effective_date', '<=', effectiveDate)
      .execute(),
    db
      .selectFrom('rate_factors')
      .select(['factor_type', 'factor_key', 'factor_bp'])
      .select(day('effective_date').as('effective_date'))
      .where('effective_date', '<=', effectiveDate)
      .execute(),
    db
      .selectFrom('rate_age_bands')
      .select(['species', 'min_age', 'max_age', 'factor_bp'])
      .select(day('effective_date').as('effective_date'))
      .where('effective_date', '<=', effectiveDate)
      .execute(),
    db
      .selectFrom('rate_territories')
      .select(['state_code', 'zip_prefix', 'factor_bp', 'municipality', 'municipal_tax_bp'])
      .select(day('effective_date').as('effective_date'))
      .where('state_code', '=', stateCode)
      .where('effective_date', '<=', effectiveDate)
      .execute(),
    db
      .selectFrom('rate_fees')
      .select(['state_code', 'fee_code', 'payment_period', 'description', 'amount_cents'])
      .select(day('effective_date').as('effective_date'))
      .where('state_code', '=', stateCode)
      .where('effective_date', '<=', effectiveDate)
      .execute(),
    db.selectFrom('pet_plans').selectAll().execute(),
    db.selectFrom('breeds').select(['code', 'species', 'breed_class', 'is_enabled']).execute(),
    db.selectFrom('wellness_plans').select(['code', 'name', 'monthly_price_cents', 'sort_order']).execute(),
    db
      .selectFrom('discount_codes')
      .select(['code', 'description', 'discount_bp', 'max_allowed_discount_bp', 'is_enabled'])
      .select(day('starts_on').as('starts_on'))
      .select(sql<string | null>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on'))
      .where('is_enabled', '=', true)
      .execute(),
    db.selectFrom('quote_configs').select(['code', 'value']).execute(),
    db
      .selectFrom('rate_waiting_periods')
      .select(['plan_code', 'category', 'unit', 'value'])
      .select(day('effective_date').as('effective_date'))
      .where('effective_date', '<=', effectiveDate)
      .execute(),
  ]);
  return buildRateTables(
    {
      states,
      baseRates,
      factors,
      ageBands,
      territories,
      fees,
      plans,
      breeds,
      wellness,
      discountCodes,
      configs,
      waitingPeriods,
    },
    stateCode,
    effectiveDate,
  );
}

// 'YYYY-MM-DD' naming a real day ('2026-02-30' is not one), so the database never sees a bad date.
function isCalendarDate(text: string): boolean {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
