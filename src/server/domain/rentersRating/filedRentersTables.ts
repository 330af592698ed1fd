import { buildRentersRateTables, type RentersRateRows } from './buildRentersRateTables';
import {
  RENTERS_CHARGE_ROWS,
  RENTERS_FACTOR_ROWS,
  RENTERS_FEE_ROWS,
  RENTERS_OPTION_ROWS,
  RENTERS_STATE_ROWS,
  RENTERS_TERRITORY_ROWS,
} from './rentersReference';
import type { RentersRateTables } from './rentersTypes';

// The filed rows as migration 011 stores them and the loader reads them back, for rating without a database
// (tests, and the documentation's worked example).
export const FILED_RENTERS_ROWS: RentersRateRows = {
  states: RENTERS_STATE_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  territories: RENTERS_TERRITORY_ROWS.map((r) => ({
    ...r,
    effective_date: String(r.effective_date),
    municipality: r.municipality ?? null,
  })),
  factors: RENTERS_FACTOR_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  charges: RENTERS_CHARGE_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  fees: RENTERS_FEE_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  options: RENTERS_OPTION_ROWS.map((r) => ({
    ...r,
    effective_date: String(r.effective_date),
    option_values: JSON.parse(r.option_values) as number[],
    step_cents: r.step_cents ?? null,
  })),
};

export function filedRentersTables(stateCode: string, date: string): RentersRateTables {
  return buildRentersRateTables(FILED_RENTERS_ROWS, stateCode, date);
}
