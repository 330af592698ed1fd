import type { Insertable } from 'kysely';
import type {
  DiscountCodesTable,
  PetPlansTable,
  PetTypesTable,
  QuoteConfigsTable,
} from '../../store/tables/ratingTables';

// Pet quoting reference data that is not a rate table: pet types, configuration values, plans and discount
// codes. Migration 005 seeded its tables from a frozen copy of it; rating reads it from there.
export const PET_TYPE_ROWS: Insertable<PetTypesTable>[] = [
  { code: 'DOG', description: 'Dog', sort_order: 1 },
  { code: 'CAT', description: 'Cat', sort_order: 2 },
];

// Percentages are basis points (1000 = 10%), money cents.
export const CONFIG_ROWS: Insertable<QuoteConfigsTable>[] = [
  { code: 'MAX_PETS_PER_QUOTE', value: '5', description: 'Most pets one quote may hold' },
  { code: 'MIN_AGE_WEEKS', value: '8', description: 'Youngest age a pet may be enrolled, in weeks' },
  { code: 'MAX_AGE_YEARS', value: '14', description: 'Oldest age a pet may be enrolled, in whole years' },
  { code: 'QUOTE_VALIDITY_DAYS', value: '30', description: 'Days a quote can be purchased at its price' },
  { code: 'DEFAULT_START_OFFSET_DAYS', value: '1', description: 'Policy start date, in days after today' },
  {
    code: 'MULTI_PET_DISCOUNT_BP',
    value: '1000',
    description: 'Discount on every pet of a quote with two or more pets',
  },
  {
    code: 'MAX_ALLOWED_DISCOUNT_BP',
    value: '2000',
    description: 'Cap on all discounts of a pet when no discount code sets one',
  },
];

export const PLAN_ROWS: Insertable<PetPlansTable>[] = [
  {
    id: 1,
    plan_code: 'ACC_10K',
    plan_desc: 'Accident Only, $10,000 annual limit',
    accident_only: true,
    plan_limit_cents: 1_000_000,
    aq_product_id: 'HM-PET-ACC-10K',
    default_deductible_cents: 25_000,
    default_reimbursement: 90,
    sort_order: 1,
  },
  {
    id: 2,
    plan_code: 'AI_5K',
    plan_desc: 'Accident & Illness, $5,000 annual limit',
    accident_only: false,
    plan_limit_cents: 500_000,
    aq_product_id: 'HM-PET-AI-5K',
    default_deductible_cents: 50_000,
    default_reimbursement: 80,
    sort_order: 2,
  },
  {
    id: 3,
    plan_code: 'AI_10K',
    plan_desc: 'Accident & Illness, $10,000 annual limit',
    accident_only: false,
    plan_limit_cents: 1_000_000,
    aq_product_id: 'HM-PET-AI-10K',
    default_deductible_cents: 50_000,
    default_reimbursement: 80,
    sort_order: 3,
  },
  {
    id: 4,
    plan_code: 'AI_UNL',
    plan_desc: 'Accident & Illness, unlimited',
    accident_only: false,
    plan_limit_cents: null,
    aq_product_id: 'HM-PET-AI-UNL',
    default_deductible_cents: 50_000,
    default_reimbursement: 80,
    sort_order: 4,
  },
];

export const DISCOUNT_CODE_ROWS: Insertable<DiscountCodesTable>[] = [
  {
    code: 'WELCOME10',
    description: 'Welcome offer',
    discount_bp: 1000,
    max_allowed_discount_bp: 2000,
    starts_on: '2025-01-01',
    ends_on: null,
    is_enabled: true,
  },
  {
    code: 'SHELTER15',
    description: 'Adopted from a partner shelter',
    discount_bp: 1500,
    max_allowed_discount_bp: 2000,
    starts_on: '2025-01-01',
    ends_on: null,
    is_enabled: true,
  },
  {
    code: 'MILITARY',
    description: 'Active duty and veterans',
    discount_bp: 1000,
    max_allowed_discount_bp: 2500,
    starts_on: '2025-01-01',
    ends_on: null,
    is_enabled: true,
  },
  {
    code: 'STAFF25',
    description: 'Employees of the house',
    discount_bp: 2500,
    max_allowed_discount_bp: 2500,
    starts_on: '2025-01-01',
    ends_on: null,
    is_enabled: true,
  },
  {
    code: 'SPRING25',
    description: 'Spring 2025 campaign',
    discount_bp: 500,
    max_allowed_discount_bp: 1500,
    starts_on: '2025-03-01',
    ends_on: '2025-05-31',
    is_enabled: true,
  },
  {
    code: 'VETREF',
    description: 'Referred by a partner clinic (withdrawn)',
    discount_bp: 500,
    max_allowed_discount_bp: 2000,
    starts_on: '2025-01-01',
    ends_on: null,
    is_enabled: false,
  },
];
