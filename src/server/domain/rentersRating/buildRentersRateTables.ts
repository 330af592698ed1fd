import { inForce } from '../rating/versions';
import {
  CHARGE_TYPES,
  FACTOR_TYPES,
  OPTION_CODES,
  type CoverageOptionRule,
  type FeePeriod,
  type OptionType,
  type RentersRateTables,
} from './rentersTypes';

// Rows as read from the tables (every version up to the date), with dates as 'YYYY-MM-DD' text.
export interface RentersRateRows {
  states: {
    state_code: string;
    effective_date: string;
    is_sold: boolean;
    premium_tax_bp: number;
    contents_rate_cents: number;
  }[];
  territories: {
    state_code: string;
    zip_prefix: string;
    effective_date: string;
    factor_bp: number;
    municipality: string | null;
    municipal_tax_bp: number;
  }[];
  factors: { factor_type: string; factor_key: string; effective_date: string; factor_bp: number }[];
  charges: { charge_type: string; charge_key: string; effective_date: string; amount_cents: number }[];
  fees: {
    state_code: string;
    fee_code: string;
    payment_period: string;
    effective_date: string;
    description: string;
    amount_cents: number;
  }[];
  options: {
    state_code: string;
    option_code: string;
    effective_date: string;
    allow: boolean;
    option_type: string;
    option_values: number[];
    step_cents: number | null;
  }[];
}

const NOT_SOLD: CoverageOptionRule = { allow: false, type: 'list', values: [] };

// The renters tables of one state in force on one date (pure: the loader and the tests feed it rows from the
// database or from the filing constants). A state with no version in force, or whose version says it is not
// sold, gives tables with sold = false and no option allowed, so rating answers with a field message.
export function buildRentersRateTables(
  rows: RentersRateRows,
  stateCode: string,
  date: string,
): RentersRateTables {
  const ofState = <T extends { state_code: string }>(list: readonly T[]) =>
    list.filter((r) => r.state_code === stateCode);
  const state = inForce(ofState(rows.states), date)[0];
  const sold = state?.is_sold === true;

  const factors = Object.fromEntries(FACTOR_TYPES.map((t) => [t, {}])) as RentersRateTables['factors'];
  for (const f of inForce(rows.factors, date, (r) => r.factor_type)) {
    const table = (factors as Record<string, Record<string, number>>)[f.factor_type];
    if (table) table[f.factor_key] = f.factor_bp;
  }
  const charges = Object.fromEntries(CHARGE_TYPES.map((t) => [t, {}])) as RentersRateTables['charges'];
  for (const c of inForce(rows.charges, date, (r) => r.charge_type)) {
    const table = (charges as Record<string, Record<string, number>>)[c.charge_type];
    if (table) table[c.charge_key] = c.amount_cents;
  }
  const filedOptions = new Map(inForce(ofState(rows.options), date).map((o) => [o.option_code, o]));
  const options = Object.fromEntries(
    OPTION_CODES.map((code) => {
      const row = filedOptions.get(code);
      if (!sold || !row) return [code, NOT_SOLD];
      const rule: CoverageOptionRule = {
        allow: row.allow,
        type: row.option_type as OptionType,
        values: [...row.option_values].sort((a, b) => a - b),
      };
      if (rule.type === 'range') rule.step = row.step_cents ?? 1;
      return [code, rule];
    }),
  ) as RentersRateTables['options'];

  return {
    stateCode,
    effectiveDate: date,
    sold,
    premiumTaxBp: sold ? state.premium_tax_bp : 0,
    contentsRateCents: sold ? state.contents_rate_cents : 0,
    territories: sold
      ? inForce(ofState(rows.territories), date)
          .sort((a, b) => compare(a.zip_prefix, b.zip_prefix))
          .map((t) => ({
            zipPrefix: t.zip_prefix,
            factorBp: t.factor_bp,
            municipality: t.municipality,
            municipalTaxBp: t.municipal_tax_bp,
          }))
      : [],
    factors,
    charges,
    fees: sold
      ? inForce(ofState(rows.fees), date)
          .sort((a, b) => compare(a.payment_period, b.payment_period) || compare(a.fee_code, b.fee_code))
          .map((f) => ({
            feeCode: f.fee_code,
            description: f.description,
            paymentPeriod: f.payment_period as FeePeriod,
            amountCents: f.amount_cents,
          }))
      : [],
    options,
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
