import { BREEDS } from '../../src/server/domain/rating/breedCatalogue';
import { buildRateTables, type RateTableRows } from '../../src/server/domain/rating/buildRateTables';
import { WELLNESS_PLANS } from '../../src/server/domain/rating/coverageReference';
import { CONFIG_ROWS, DISCOUNT_CODE_ROWS, PLAN_ROWS } from '../../src/server/domain/rating/quoteReference';
import {
  AGE_BAND_ROWS,
  BASE_RATE_ROWS,
  FACTOR_ROWS,
  FEE_ROWS,
  STATE_ROWS,
  TERRITORY_ROWS,
} from '../../src/server/domain/rating/rateTableRows';
import type { RateTables } from '../../src/server/domain/rating/rateTypes';

// The filed rows as migration 005 stores them, for rating without a database.
export const FILED_ROWS: RateTableRows = {
  states: STATE_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  baseRates: BASE_RATE_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  factors: FACTOR_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  ageBands: AGE_BAND_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  territories: TERRITORY_ROWS.map((r) => ({
    ...r,
    effective_date: String(r.effective_date),
    municipality: r.municipality ?? null,
  })),
  fees: FEE_ROWS.map((r) => ({ ...r, effective_date: String(r.effective_date) })),
  plans: PLAN_ROWS.map((p) => ({ ...p, plan_limit_cents: p.plan_limit_cents ?? null })),
  breeds: BREEDS.map((b) => ({
    code: b.code,
    species: b.species,
    breed_class: b.breedClass,
    is_enabled: true,
  })),
  wellness: WELLNESS_PLANS.map((w, i) => ({
    code: w.code,
    name: w.name,
    monthly_price_cents: w.monthlyPriceCents,
    sort_order: i + 1,
  })),
  discountCodes: DISCOUNT_CODE_ROWS.map((d) => ({
    ...d,
    starts_on: String(d.starts_on),
    ends_on: d.ends_on ? String(d.ends_on) : null,
  })),
  configs: CONFIG_ROWS.map((c) => ({ code: c.code, value: c.value })),
  // As migration 047 seeds them.
  waitingPeriods: PLAN_ROWS.flatMap((p) =>
    (
      [
        ['ACCIDENT', 'DAY', 2],
        ['ILLNESS', 'DAY', 14],
        ['KNEE_LIGAMENT', 'MONTH', 6],
        ['WELLNESS', 'DAY', 0],
      ] as const
    ).map(([category, unit, value]) => ({
      plan_code: p.plan_code,
      category,
      unit,
      value,
      effective_date: '2025-01-01',
    })),
  ),
};

export function filedTables(stateCode: string, date: string): RateTables {
  return buildRateTables(FILED_ROWS, stateCode, date);
}
