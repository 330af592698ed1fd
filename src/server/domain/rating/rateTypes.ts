import type { Species } from './breedCatalogue';
import type { WaitingPeriods } from './waitingPeriods';

// The values rating works on: a state's rate tables in force on one date, what is rated, and the result.
// Money is integer cents; factors and percentages are basis points (10000 = ×1, 1000 = 10%); the
// reimbursement is a whole percentage (80 = 80%).
export type FactorType = 'BREED_CLASS' | 'PLAN' | 'DEDUCTIBLE' | 'REIMBURSEMENT' | 'EXAM_FEE';
export type PaymentPeriod = 'MONTHLY' | 'ANNUAL';

export interface AgeBand {
  species: string;
  minAge: number;
  maxAge: number;
  factorBp: number;
}

export interface Territory {
  // First three zip digits, or '*' for the rest of the state.
  zipPrefix: string;
  factorBp: number;
  municipality: string | null;
  municipalTaxBp: number;
}

export interface PlanDefinition {
  id: number;
  planCode: string;
  planDesc: string;
  accidentOnly: boolean;
  planLimitCents: number | null;
  aqProductId: string;
  defaultDeductibleCents: number;
  defaultReimbursement: number;
}

export interface FeeDefinition {
  feeCode: string;
  description: string;
  paymentPeriod: PaymentPeriod;
  amountCents: number;
}

export interface DiscountCode {
  code: string;
  description: string;
  discountBp: number;
  maxAllowedDiscountBp: number;
}

export interface WellnessPrice {
  code: string;
  name: string;
  monthlyPriceCents: number;
}

export interface RateTables {
  stateCode: string;
  effectiveDate: string;
  premiumTaxBp: number;
  defaultPlanCode: string;
  examFeeAvailable: boolean;
  wellnessAvailable: boolean;
  baseRates: Record<string, number>;
  factors: Record<FactorType, Record<string, number>>;
  ageBands: AgeBand[];
  territories: Territory[];
  plans: PlanDefinition[];
  breeds: Record<string, { species: Species; breedClass: string }>;
  wellness: WellnessPrice[];
  fees: FeeDefinition[];
  // Only the codes valid on the effective date.
  discountCodes: DiscountCode[];
  // Per plan code sold (docs/rating.md "Waiting periods").
  waitingPeriods: Record<string, WaitingPeriods>;
  multiPetDiscountBp: number;
  maxAllowedDiscountBp: number;
  maxPetsPerQuote: number;
}

export interface PetRatingInput {
  species: Species;
  breedCode: string;
  // Whole years at the start date; 0 is under one year.
  age: number;
  planCode: string;
  deductible: number;
  reimbursement: number;
  examFee: boolean;
  wellnessCode: string | null;
}

// What a pet's price depends on beyond the pet: where it lives and the quote it is part of.
export interface QuoteContext {
  zip: string;
  petCount: number;
  discountCode: string | null;
}

export interface QuoteRatingInput {
  zip: string;
  discountCode: string | null;
  pets: PetRatingInput[];
}

// SPEC §3 "Insurance plan", every amount in cents.
export interface InsurancePlan {
  id: number;
  plan_code: string;
  plan_desc: string;
  accident_only: boolean;
  plan_limit: number | null;
  default_deductible: number;
  default_reimbursement: number;
  aq_product_id: string;
  applied_discount: number;
  max_allowed_discount: number;
  deductible: number;
  discount: number;
  downpayment: number;
  downpayment_municipal_tax: number;
  downpayment_state_tax: number;
  monthly_exam_fee: number;
  monthly_payment: number;
  monthly_payment_municipal_tax: number;
  monthly_payment_state_tax: number;
  pre_discount_monthly_payment: number;
  reimbursement: number;
  total_exam_fee: number;
  total_premium: number;
  total_municipal_tax: number;
  total_state_tax: number;
}

export interface WellnessCharge {
  code: string;
  name: string;
  monthly: number;
  total: number;
}

export interface PetRating {
  plan: InsurancePlan;
  wellness: WellnessCharge | null;
  // The factors that made the risk premium, for the rating worksheet.
  factors: {
    baseRate: number;
    breedClass: number;
    ageBand: number;
    territory: number;
    plan: number;
    deductible: number;
    reimbursement: number;
    riskPremium: number;
  };
}

export interface FeeCharge {
  feeCode: string;
  description: string;
  // Per payment of the period, and for the year.
  amount: number;
  total: number;
}

export interface QuoteRating {
  stateCode: string;
  effectiveDate: string;
  pets: (PetRating & { plans: InsurancePlan[] })[];
  monthly: { downpayment: number; installment: number; total: number; fees: FeeCharge[] };
  annual: { total: number; fees: FeeCharge[] };
}
