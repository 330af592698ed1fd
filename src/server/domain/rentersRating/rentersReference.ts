import type { Insertable } from 'kysely';
import type {
  RentersCoverageOptionsTable,
  RentersFeesTable,
  RentersRateChargesTable,
  RentersRateFactorsTable,
  RentersStatesTable,
  RentersTerritoriesTable,
} from '../../store/tables/rentersTables';
import type { OptionCode } from './rentersTypes';

// The renters rate tables as filed: migration 011 inserts these rows, and unit tests rate against the same
// rows (through buildRentersRateTables, as the loader does), so tests and the database never disagree.
// Numbers are illustrative, tuned so $20,000 of contents with $100,000 liability in Austin costs about $14 a
// month.
export const RENTERS_FIRST_FILING = '2025-01-01';
// The mid-2026 filing: Texas contents rate up about 6%, and California's contents limit raised to $150,000.
export const RENTERS_SECOND_FILING = '2026-07-01';

const state = (
  code: string,
  taxBp: number,
  contentsRateCents: number,
  effectiveDate = RENTERS_FIRST_FILING,
): Insertable<RentersStatesTable> => ({
  state_code: code,
  effective_date: effectiveDate,
  is_sold: contentsRateCents > 0,
  premium_tax_bp: taxBp,
  contents_rate_cents: contentsRateCents,
});

// New York is filed as not sold (a rate of 0), so a later filing can open it from a date.
export const RENTERS_STATE_ROWS: Insertable<RentersStatesTable>[] = [
  state('CA', 235, 720),
  state('FL', 175, 800),
  state('IL', 50, 560),
  state('KY', 200, 600),
  state('NY', 0, 0),
  state('TX', 160, 650),
  state('TX', 160, 690, RENTERS_SECOND_FILING),
];

export const RENTERS_SOLD_STATES = ['CA', 'FL', 'IL', 'KY', 'TX'] as const;

const territory = (
  stateCode: string,
  prefix: string,
  bp: number,
  municipality: string | null = null,
  municipalBp = 0,
): Insertable<RentersTerritoriesTable> => ({
  state_code: stateCode,
  zip_prefix: prefix,
  effective_date: RENTERS_FIRST_FILING,
  factor_bp: bp,
  municipality,
  municipal_tax_bp: municipalBp,
});

// Theft and weather losses differ by metro area; Kentucky cities also levy a municipal premium tax.
export const RENTERS_TERRITORY_ROWS: Insertable<RentersTerritoriesTable>[] = [
  ...RENTERS_SOLD_STATES.map((s) => territory(s, '*', 10_000)),
  territory('CA', '900', 11_800),
  territory('CA', '941', 11_200),
  territory('FL', '331', 13_000),
  territory('FL', '328', 11_000),
  territory('IL', '606', 11_000),
  territory('KY', '402', 10_300, 'Louisville Metro', 500),
  territory('TX', '770', 11_500),
  territory('TX', '752', 10_800),
  territory('TX', '787', 10_500),
];

const factors = (type: string, entries: [string, number][]): Insertable<RentersRateFactorsTable>[] =>
  entries.map(([key, bp]) => ({
    factor_type: type,
    factor_key: key,
    effective_date: RENTERS_FIRST_FILING,
    factor_bp: bp,
  }));

export const RENTERS_FACTOR_ROWS: Insertable<RentersRateFactorsTable>[] = [
  // Keys are the deductible in cents: a higher deductible always has a lower factor.
  ...factors('DEDUCTIBLE', [
    ['25000', 11_500],
    ['50000', 10_000],
    ['100000', 8_800],
    ['250000', 7_500],
  ]),
  ...factors('PREFERRED_PROPERTY', [
    ['false', 10_000],
    ['true', 9_000],
  ]),
  // Optional covers priced as a share of the contents premium; the wind/hail exclusion is a credit.
  ...factors('REPLACEMENT_COST', [['true', 2_500]]),
  ...factors('THEFT', [['true', 1_500]]),
  ...factors('WATER_DAMAGE', [['true', 1_000]]),
  ...factors('WIND_HAIL_EXCLUSION', [['true', 1_200]]),
  // Scheduled (combined) personal property: a yearly share of the value scheduled.
  ...factors('SCHEDULED_PROPERTY', [['RATE', 150]]),
];

const charges = (type: string, entries: [number, number][]): Insertable<RentersRateChargesTable>[] =>
  entries.map(([key, cents]) => ({
    charge_type: type,
    charge_key: String(key),
    effective_date: RENTERS_FIRST_FILING,
    amount_cents: cents,
  }));

// Flat annual charges keyed by the limit in cents (the enhancement endorsement by its level).
export const RENTERS_CHARGE_ROWS: Insertable<RentersRateChargesTable>[] = [
  ...charges('ADDITIONAL_LIVING_EXPENSE', [
    [200_000, 0],
    [400_000, 500],
    [600_000, 1_000],
  ]),
  ...charges('LIABILITY', [
    [10_000_000, 1_500],
    [30_000_000, 2_200],
    [50_000_000, 2_900],
  ]),
  ...charges('DAMAGE_TO_PROPERTY_OF_OTHERS', [
    [50_000, 0],
    [100_000, 300],
  ]),
  ...charges('MEDICAL_PAYMENTS', [
    [100_000, 300],
    [200_000, 500],
    [500_000, 900],
  ]),
  ...charges('IDENTITY_FRAUD', [
    [0, 0],
    [1_500_000, 1_000],
    [2_500_000, 1_500],
  ]),
  ...charges('ENHANCEMENT', [
    [0, 0],
    [1, 1_800],
    [2, 3_200],
  ]),
];

// An installment fee on each monthly payment in every state; Florida adds its $2 emergency management
// surcharge once per policy term.
export const RENTERS_FEE_ROWS: Insertable<RentersFeesTable>[] = [
  ...RENTERS_SOLD_STATES.map((s) => ({
    state_code: s,
    fee_code: 'INSTALLMENT',
    payment_period: 'MONTHLY',
    effective_date: RENTERS_FIRST_FILING,
    description: 'Installment fee',
    amount_cents: 100,
  })),
  {
    state_code: 'FL',
    fee_code: 'EMPA',
    payment_period: 'TERM',
    effective_date: RENTERS_FIRST_FILING,
    description: 'Emergency management surcharge',
    amount_cents: 200,
  },
];

type Rule = [allow: boolean, type: 'list' | 'range', values: number[], step?: number];
const YES_NO: Rule = [true, 'list', [0, 1]];
const NOT_OFFERED: Rule = [false, 'list', [0]];

const COUNTRYWIDE_OPTIONS: Record<OptionCode, Rule> = {
  CONTENTS: [true, 'range', [1_000_000, 10_000_000], 100_000],
  DEDUCTIBLE: [true, 'list', [25_000, 50_000, 100_000, 250_000]],
  ADDITIONAL_LIVING_EXPENSE: [true, 'list', [200_000, 400_000, 600_000]],
  LIABILITY: [true, 'list', [10_000_000, 30_000_000, 50_000_000]],
  DAMAGE_TO_PROPERTY_OF_OTHERS: [true, 'list', [50_000, 100_000]],
  MEDICAL_PAYMENTS: [true, 'list', [100_000, 200_000, 500_000]],
  SCHEDULED_PROPERTY: [true, 'range', [0, 2_500_000], 10_000],
  ENHANCEMENT: [true, 'list', [0, 1, 2]],
  IDENTITY_FRAUD: [true, 'list', [0, 1_500_000, 2_500_000]],
  REPLACEMENT_COST: YES_NO,
  THEFT: YES_NO,
  WATER_DAMAGE: YES_NO,
  WIND_HAIL_EXCLUSION: NOT_OFFERED,
};

const options = (
  stateCode: string,
  overrides: Partial<Record<OptionCode, Rule>> = {},
  effectiveDate = RENTERS_FIRST_FILING,
): Insertable<RentersCoverageOptionsTable>[] =>
  Object.entries({ ...COUNTRYWIDE_OPTIONS, ...overrides }).map(([code, [allow, type, values, step]]) => ({
    state_code: stateCode,
    option_code: code,
    effective_date: effectiveDate,
    allow,
    option_type: type,
    option_values: JSON.stringify(values),
    step_cents: step ?? null,
  }));

// Texas and Florida may exclude wind and hail; Florida has no $250 deductible and no theft cover; California
// sells no identity-fraud cover. New York files no options: nothing is sold there.
export const RENTERS_OPTION_ROWS: Insertable<RentersCoverageOptionsTable>[] = [
  ...options('CA', { IDENTITY_FRAUD: NOT_OFFERED }),
  ...options(
    'CA',
    { IDENTITY_FRAUD: NOT_OFFERED, CONTENTS: [true, 'range', [1_000_000, 15_000_000], 100_000] },
    RENTERS_SECOND_FILING,
  ),
  ...options('FL', {
    DEDUCTIBLE: [true, 'list', [50_000, 100_000, 250_000]],
    THEFT: NOT_OFFERED,
    WIND_HAIL_EXCLUSION: YES_NO,
  }),
  ...options('IL'),
  ...options('KY'),
  ...options('TX', { WIND_HAIL_EXCLUSION: YES_NO }),
];
