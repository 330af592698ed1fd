import type { Insertable } from 'kysely';
import type {
  PetStatesTable,
  RateAgeBandsTable,
  RateBaseRatesTable,
  RateFactorsTable,
  RateFeesTable,
  RateTerritoriesTable,
} from '../../store/tables/ratingTables';

// The rate tables as filed: migration 005 inserts these rows, and unit tests rate against the same rows
// (selected in force as the loader does), so tests and the database never disagree. Factors are basis
// points of ×1 (10000 = ×1.0000). Numbers are illustrative, tuned so a 3-year-old mixed-breed dog in Texas
// on the default plan costs about $45 a month.
export const FIRST_FILING = '2025-01-01';
// The 2026 filing raised the dog base rate 5%; only that table has a second version.
export const SECOND_FILING = '2026-07-01';

export const BASE_RATE_ROWS: Insertable<RateBaseRatesTable>[] = [
  { species: 'DOG', effective_date: FIRST_FILING, annual_cents: 52_000 },
  { species: 'CAT', effective_date: FIRST_FILING, annual_cents: 30_000 },
  { species: 'DOG', effective_date: SECOND_FILING, annual_cents: 54_600 },
  { species: 'CAT', effective_date: SECOND_FILING, annual_cents: 30_000 },
];

const factors = (type: string, entries: [string, number][]): Insertable<RateFactorsTable>[] =>
  entries.map(([key, bp]) => ({
    factor_type: type,
    factor_key: key,
    effective_date: FIRST_FILING,
    factor_bp: bp,
  }));

export const FACTOR_ROWS: Insertable<RateFactorsTable>[] = [
  ...factors('BREED_CLASS', [
    ['DOG_SMALL', 8_500],
    ['DOG_MIXED', 9_500],
    ['DOG_MEDIUM', 10_000],
    ['DOG_LARGE', 11_500],
    ['DOG_GIANT', 13_500],
    ['DOG_BRACHY', 14_500],
    ['CAT_DOMESTIC', 10_000],
    ['CAT_PEDIGREE', 11_500],
    ['CAT_HIGH_RISK', 13_000],
  ]),
  ...factors('PLAN', [
    ['ACC_10K', 3_000],
    ['AI_5K', 8_500],
    ['AI_10K', 10_000],
    ['AI_UNL', 12_500],
  ]),
  // Keys are the deductible in cents: a higher deductible always has a lower factor.
  ...factors('DEDUCTIBLE', [
    ['10000', 13_000],
    ['25000', 11_500],
    ['50000', 10_000],
    ['75000', 9_000],
    ['100000', 8_200],
  ]),
  // Keys are the reimbursement percentage: a higher one always has a higher factor.
  ...factors('REIMBURSEMENT', [
    ['70', 9_000],
    ['80', 10_000],
    ['90', 11_500],
  ]),
  // The exam-fee option, as a share of the pet's risk premium.
  ...factors('EXAM_FEE', [
    ['DOG', 1_500],
    ['CAT', 1_200],
  ]),
];

const bands = (species: string, entries: [number, number, number][]): Insertable<RateAgeBandsTable>[] =>
  entries.map(([min, max, bp]) => ({
    species,
    min_age: min,
    max_age: max,
    effective_date: FIRST_FILING,
    factor_bp: bp,
  }));

// Ages in whole years at the start date (0 = under one); older bands never cost less.
export const AGE_BAND_ROWS: Insertable<RateAgeBandsTable>[] = [
  ...bands('DOG', [
    [0, 0, 9_000],
    [1, 1, 9_500],
    [2, 3, 10_000],
    [4, 5, 11_500],
    [6, 7, 14_000],
    [8, 9, 17_500],
    [10, 11, 22_000],
    [12, 14, 28_000],
  ]),
  ...bands('CAT', [
    [0, 0, 9_000],
    [1, 1, 9_500],
    [2, 3, 10_000],
    [4, 5, 11_000],
    [6, 7, 12_500],
    [8, 9, 15_000],
    [10, 11, 18_000],
    [12, 14, 22_000],
  ]),
];

// States where pet insurance is sold: premium tax, default plan, and whether the exam-fee option and
// wellness are filed there.
const state = (code: string, taxBp: number, examFee = true, wellness = true): Insertable<PetStatesTable> => ({
  state_code: code,
  effective_date: FIRST_FILING,
  premium_tax_bp: taxBp,
  default_plan_code: 'AI_10K',
  exam_fee_available: examFee,
  wellness_available: wellness,
});

export const STATE_ROWS: Insertable<PetStatesTable>[] = [
  state('AZ', 200),
  state('CO', 200),
  state('FL', 175, true, false),
  state('GA', 225),
  state('IL', 50),
  state('KY', 200),
  state('NC', 190),
  state('OH', 140),
  state('PA', 200),
  state('TN', 250),
  state('TX', 160),
  state('WA', 200, false, true),
];

const territory = (
  stateCode: string,
  prefix: string,
  bp: number,
  municipality: string | null = null,
  municipalBp = 0,
): Insertable<RateTerritoriesTable> => ({
  state_code: stateCode,
  zip_prefix: prefix,
  effective_date: FIRST_FILING,
  factor_bp: bp,
  municipality,
  municipal_tax_bp: municipalBp,
});

// Vet costs differ by metro area; Kentucky cities also levy a municipal premium tax.
export const TERRITORY_ROWS: Insertable<RateTerritoriesTable>[] = [
  ...STATE_ROWS.map((s) => territory(s.state_code, '*', 10_000)),
  territory('AZ', '850', 10_600),
  territory('CO', '802', 10_800),
  territory('FL', '331', 11_500),
  territory('FL', '328', 10_400),
  territory('GA', '303', 10_800),
  territory('IL', '606', 11_200),
  territory('KY', '402', 10_300, 'Louisville Metro', 500),
  territory('KY', '405', 10_100, 'Lexington-Fayette', 600),
  territory('KY', '410', 10_000, 'Covington', 300),
  territory('NC', '282', 10_500),
  territory('OH', '432', 10_300),
  territory('PA', '191', 11_000),
  territory('TN', '372', 10_400),
  territory('TX', '770', 11_000),
  territory('TX', '752', 10_800),
  territory('TX', '787', 10_500),
  territory('WA', '981', 11_400),
];

// An installment fee on each monthly payment; paying the year at once costs no fee.
export const FEE_ROWS: Insertable<RateFeesTable>[] = STATE_ROWS.map((s) => ({
  state_code: s.state_code,
  fee_code: 'INSTALLMENT',
  payment_period: 'MONTHLY',
  effective_date: FIRST_FILING,
  description: 'Installment fee',
  amount_cents: 100,
}));
