import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { RatingError } from '../rating/ratingError';
import { buildRentersRateTables, type RentersRateRows } from './buildRentersRateTables';
import type { RentersRateTables } from './rentersTypes';

// The renters tables of a state in force on a date ('YYYY-MM-DD'), in one query: every version up to that
// date of each table, as one JSON array per table (JSON also carries dates as 'YYYY-MM-DD' on either
// database), from which buildRentersRateTables keeps the latest.
export async function loadRentersRateTables(
  db: Db,
  stateCode: string,
  effectiveDate: string,
): Promise<RentersRateTables> {
  if (!isCalendarDate(effectiveDate)) {
    throw new RatingError('effective_date', 'The effective date must be a date (YYYY-MM-DD).');
  }
  const rowsOf = (table: string, ofState: boolean) =>
    sql`(select coalesce(json_agg(t), '[]'::json) from ${sql.table(table)} t
          where t.effective_date <= ${effectiveDate}::date
          ${ofState ? sql`and t.state_code = ${stateCode}` : sql``})`;
  const { rows } = await sql<RentersRateRows>`
    select ${rowsOf('renters_states', true)} as states,
           ${rowsOf('renters_territories', true)} as territories,
           ${rowsOf('renters_rate_factors', false)} as factors,
           ${rowsOf('renters_rate_charges', false)} as charges,
           ${rowsOf('renters_fees', true)} as fees,
           ${rowsOf('renters_coverage_options', true)} as options`.execute(db);
  return buildRentersRateTables(rows[0]!, stateCode, effectiveDate);
}

// 'YYYY-MM-DD' naming a real day ('2026-02-30' is not one), so the database never sees a bad date.
function isCalendarDate(text: string): boolean {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
