import type { ColumnType, JSONColumnType } from 'kysely';

// Tables of migration 011: the renters rate tables. Like the pet tables, every row carries the date it takes
// effect, and the rows sharing a date are one version (docs/rating.md "Versions"). Money is integer cents;
// factors and percentages are basis points (10000 = ×1, 100 = 1%).
type DateColumn = ColumnType<Date | string, string, string>;

export interface RentersStatesTable {
  state_code: string;
  effective_date: DateColumn;
  // false files that renters insurance is (no longer) sold in the state from that date.
  is_sold: boolean;
  premium_tax_bp: number;
  // Annual contents premium per $1,000 of contents, before factors.
  contents_rate_cents: number;
}

export interface RentersTerritoriesTable {
  state_code: string;
  // First three digits of the zip code, or '*' for the rest of the state.
  zip_prefix: string;
  effective_date: DateColumn;
  factor_bp: number;
  municipality: string | null;
  municipal_tax_bp: number;
}

// Multipliers of the contents premium (DEDUCTIBLE, PREFERRED_PROPERTY) and shares of it (the optional
// covers), countrywide, versioned per factor type.
export interface RentersRateFactorsTable {
  factor_type: string;
  factor_key: string;
  effective_date: DateColumn;
  factor_bp: number;
}

// Flat annual charges by limit (liability, medical payments, ...), countrywide, versioned per charge type.
export interface RentersRateChargesTable {
  charge_type: string;
  charge_key: string;
  effective_date: DateColumn;
  amount_cents: number;
}

export interface RentersFeesTable {
  state_code: string;
  fee_code: string;
  // TERM: once per term with the first payment; MONTHLY: on every payment of a monthly plan; ANNUAL: once
  // on a plan paid in full.
  payment_period: string;
  effective_date: DateColumn;
  description: string;
  amount_cents: number;
}

// The coverage option rules of a state (SPEC §3 "Coverage option validation"), versioned per state.
export interface RentersCoverageOptionsTable {
  state_code: string;
  option_code: string;
  effective_date: DateColumn;
  allow: boolean;
  // 'list': values are the choices; 'range': values are [min, max] in steps of step_cents from min.
  option_type: string;
  option_values: JSONColumnType<number[], string, string>;
  step_cents: number | null;
}

export interface RentersRatingTables {
  renters_states: RentersStatesTable;
  renters_territories: RentersTerritoriesTable;
  renters_rate_factors: RentersRateFactorsTable;
  renters_rate_charges: RentersRateChargesTable;
  renters_fees: RentersFeesTable;
  renters_coverage_options: RentersCoverageOptionsTable;
}
