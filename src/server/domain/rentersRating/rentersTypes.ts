// Values of the renters rating engine (docs/rating.md "Renters"). Money is integer cents, factors basis
// points. Input field names follow the wire's coverage block (SPEC §3 "Renters" coverage).

export type TermInterval = 'annual' | 'monthly';
export type FeePeriod = 'TERM' | 'MONTHLY' | 'ANNUAL';
export type OptionType = 'list' | 'range';

export const FACTOR_TYPES = [
  'DEDUCTIBLE',
  'PREFERRED_PROPERTY',
  'REPLACEMENT_COST',
  'THEFT',
  'WATER_DAMAGE',
  'WIND_HAIL_EXCLUSION',
  'SCHEDULED_PROPERTY',
] as const;
export type RentersFactorType = (typeof FACTOR_TYPES)[number];

export const CHARGE_TYPES = [
  'ADDITIONAL_LIVING_EXPENSE',
  'LIABILITY',
  'DAMAGE_TO_PROPERTY_OF_OTHERS',
  'MEDICAL_PAYMENTS',
  'IDENTITY_FRAUD',
  'ENHANCEMENT',
] as const;
export type RentersChargeType = (typeof CHARGE_TYPES)[number];

export const OPTION_CODES = [
  'CONTENTS',
  'DEDUCTIBLE',
  'ADDITIONAL_LIVING_EXPENSE',
  'LIABILITY',
  'DAMAGE_TO_PROPERTY_OF_OTHERS',
  'MEDICAL_PAYMENTS',
  'SCHEDULED_PROPERTY',
  'ENHANCEMENT',
  'IDENTITY_FRAUD',
  'REPLACEMENT_COST',
  'THEFT',
  'WATER_DAMAGE',
  'WIND_HAIL_EXCLUSION',
] as const;
export type OptionCode = (typeof OPTION_CODES)[number];

// One coverage option rule: whether the option may be chosen at all, and which values it may take. Yes/no
// options are lists of 0 (no) and 1 (yes).
export interface CoverageOptionRule {
  allow: boolean;
  type: OptionType;
  values: number[];
  // Range only: amounts go up from values[0] in these steps.
  step?: number;
}

export interface RentersTerritory {
  zipPrefix: string;
  factorBp: number;
  municipality: string | null;
  municipalTaxBp: number;
}

export interface RentersFee {
  feeCode: string;
  description: string;
  paymentPeriod: FeePeriod;
  amountCents: number;
}

// The renters tables of one state in force on one date.
export interface RentersRateTables {
  stateCode: string;
  effectiveDate: string;
  sold: boolean;
  premiumTaxBp: number;
  contentsRateCents: number;
  territories: RentersTerritory[];
  factors: Record<RentersFactorType, Record<string, number>>;
  charges: Record<RentersChargeType, Record<string, number>>;
  fees: RentersFee[];
  options: Record<OptionCode, CoverageOptionRule>;
}

export interface RentersCoverageInput {
  contents: {
    amount: number;
    deductible_amount: number;
    additional_living_expense: number;
    is_preferred_property: boolean;
  };
  liability: {
    amount: number;
    damage_to_property_of_others_amount: number;
    medical_payments_amount: number;
  };
  optional: {
    combined_personal_property_value: number;
    enhancement_endorsement_level: number;
    identity_fraud_amount: number;
    include_replacement_cost: boolean;
    include_theft: boolean;
    include_water_damage: boolean;
    include_wind_hail_exclusion: boolean;
  };
}

export interface RentersRatingInput {
  zip_code: string;
  term_interval: TermInterval;
  coverage: RentersCoverageInput;
}

// Annual premium by component; the wind/hail exclusion is a credit (zero or negative).
export interface RentersPremiumComponents {
  contents: number;
  additional_living_expense: number;
  liability: number;
  damage_to_property_of_others: number;
  medical_payments: number;
  scheduled_personal_property: number;
  enhancement_endorsement: number;
  identity_fraud: number;
  replacement_cost: number;
  theft: number;
  water_damage: number;
  wind_hail_exclusion: number;
}

export interface RentersPayment {
  number: number;
  due_date: string;
  premium: number;
  state_tax: number;
  municipal_tax: number;
  fees: number;
  total: number;
}

export interface RentersRating {
  state_code: string;
  effective_date: string;
  expiration_date: string;
  term_interval: TermInterval;
  territory: { zip_prefix: string; factor_bp: number; municipality: string | null };
  components: RentersPremiumComponents;
  term_premium: number;
  taxes: { state: number; municipal: number; total: number };
  fees: { fee_code: string; description: string; amount: number; count: number; total: number }[];
  fee_total: number;
  // term_premium + taxes.total + fee_total: what the term costs on this interval.
  total: number;
  schedule: RentersPayment[];
  // The first payment after the one taken at purchase; null when the term is paid in full.
  next_bill: { due_date: string; amount: number } | null;
}

export type FieldErrors = Record<string, string[]>;

export type RentersRatingResult = { ok: true; rating: RentersRating } | { ok: false; errors: FieldErrors };
