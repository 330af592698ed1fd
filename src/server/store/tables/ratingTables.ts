import type { ColumnType } from 'kysely';

// Tables of migration 005: pet quoting reference data and the rate tables. Rate rows carry the date they take
// effect; a later-dated set of rows for the same table is a new version (docs/rating.md "Versions").
// Money is integer cents; factors and percentages are basis points (10000 = ×1, 1000 = 10%).
// Date columns arrive as Date on PostgreSQL: loaders read them through to_char, as 'YYYY-MM-DD'.
type DateColumn = ColumnType<Date | string, string, string>;

export interface PetTypesTable {
  code: string;
  description: string;
  sort_order: number;
}

export interface BreedsTable {
  code: string;
  name: string;
  species: string;
  breed_class: string;
  is_enabled: boolean;
}

export interface QuoteConfigsTable {
  code: string;
  value: string;
  description: string;
}

export interface CoverageItemsTable {
  id: number;
  parent_id: number | null;
  code: string;
  available: boolean;
  description: string;
  tooltip: string | null;
  type: string;
  sort_order: number;
  display: boolean;
  value: string | null;
}

export interface WellnessPlansTable {
  code: string;
  name: string;
  monthly_price_cents: number;
  sort_order: number;
}

export interface WellnessBenefitsTable {
  id: number;
  wellness_code: string;
  name: string;
  annual_limit_cents: number | null;
  sort_order: number;
}

export interface PetPlansTable {
  id: number;
  plan_code: string;
  plan_desc: string;
  accident_only: boolean;
  // null: no annual limit.
  plan_limit_cents: number | null;
  aq_product_id: string;
  default_deductible_cents: number;
  default_reimbursement: number;
  sort_order: number;
}

export interface PetStatesTable {
  state_code: string;
  effective_date: DateColumn;
  premium_tax_bp: number;
  default_plan_code: string;
  exam_fee_available: boolean;
  wellness_available: boolean;
}

export interface RateBaseRatesTable {
  species: string;
  effective_date: DateColumn;
  annual_cents: number;
}

export interface RateFactorsTable {
  // BREED_CLASS, PLAN, DEDUCTIBLE, REIMBURSEMENT or EXAM_FEE; each type is versioned on its own.
  factor_type: string;
  factor_key: string;
  effective_date: DateColumn;
  factor_bp: number;
}

export interface RateAgeBandsTable {
  species: string;
  min_age: number;
  max_age: number;
  effective_date: DateColumn;
  factor_bp: number;
}

export interface RateTerritoriesTable {
  state_code: string;
  // First three digits of the zip code, or '*' for the rest of the state.
  zip_prefix: string;
  effective_date: DateColumn;
  factor_bp: number;
  municipality: string | null;
  municipal_tax_bp: number;
}

export interface RateFeesTable {
  state_code: string;
  fee_code: string;
  payment_period: string;
  effective_date: DateColumn;
  description: string;
  // Charged with each payment of the period: every installment when monthly, once when annual.
  amount_cents: number;
}

export interface DiscountCodesTable {
  code: string;
  description: string;
  discount_bp: number;
  max_allowed_discount_bp: number;
  starts_on: DateColumn;
  ends_on: DateColumn | null;
  is_enabled: boolean;
}

// Migration 047: a plan's waiting period per category (ACCIDENT, ILLNESS, KNEE_LIGAMENT, WELLNESS), unit DAY
// or MONTH, versioned per plan (docs/rating.md "Waiting periods").
export interface RateWaitingPeriodsTable {
  plan_code: string;
  category: string;
  effective_date: DateColumn;
  unit: string;
  value: number;
}

export interface RatingTables {
  pet_types: PetTypesTable;
  breeds: BreedsTable;
  quote_configs: QuoteConfigsTable;
  coverage_items: CoverageItemsTable;
  wellness_plans: WellnessPlansTable;
  wellness_benefits: WellnessBenefitsTable;
  pet_plans: PetPlansTable;
  pet_states: PetStatesTable;
  rate_base_rates: RateBaseRatesTable;
  rate_factors: RateFactorsTable;
  rate_age_bands: RateAgeBandsTable;
  rate_territories: RateTerritoriesTable;
  rate_fees: RateFeesTable;
  discount_codes: DiscountCodesTable;
  rate_waiting_periods: RateWaitingPeriodsTable;
}
