import type { Selectable } from 'kysely';
import type { Species } from './breedCatalogue';
import type { FactorType, PaymentPeriod, RateTables } from './rateTypes';
import { RatingError } from './ratingError';
import type {
  BreedsTable,
  DiscountCodesTable,
  PetPlansTable,
  PetStatesTable,
  QuoteConfigsTable,
  RateAgeBandsTable,
  RateBaseRatesTable,
  RateFactorsTable,
  RateFeesTable,
  RateTerritoriesTable,
  RateWaitingPeriodsTable,
  WellnessPlansTable,
} from '../../store/tables/ratingTables';
import { inForce } from './versions';
import { WAITING_CATEGORIES, WAITING_PERIOD_KEYS, type WaitingPeriods } from './waitingPeriods';

// Rows as read from the tables, with dates as 'YYYY-MM-DD' text.
type Dated<T, K extends keyof Selectable<T>> = Omit<Selectable<T>, K> & { [P in K]: string };
type DatedNullable<T, K extends keyof Selectable<T>> = Omit<Selectable<T>, K> & { [P in K]: string | null };

export interface RateTableRows {
  states: Dated<PetStatesTable, 'effective_date'>[];
  baseRates: Dated<RateBaseRatesTable, 'effective_date'>[];
  factors: Dated<RateFactorsTable, 'effective_date'>[];
  ageBands: Dated<RateAgeBandsTable, 'effective_date'>[];
  territories: Dated<RateTerritoriesTable, 'effective_date'>[];
  fees: Dated<RateFeesTable, 'effective_date'>[];
  plans: Selectable<PetPlansTable>[];
  breeds: Pick<Selectable<BreedsTable>, 'code' | 'species' | 'breed_class' | 'is_enabled'>[];
  wellness: Pick<Selectable<WellnessPlansTable>, 'code' | 'name' | 'monthly_price_cents' | 'sort_order'>[];
  discountCodes: DatedNullable<Dated<DiscountCodesTable, 'starts_on'>, 'ends_on'>[];
  configs: Pick<Selectable<QuoteConfigsTable>, 'code' | 'value'>[];
  waitingPeriods: Dated<RateWaitingPeriodsTable, 'effective_date'>[];
}

const FACTOR_TYPES: readonly FactorType[] = [
  'BREED_CLASS',
  'PLAN',
  'DEDUCTIBLE',
  'REIMBURSEMENT',
  'EXAM_FEE',
];

// The rate tables of one state in force on one date, from the rows of every version (pure: the loader and
// the tests feed it rows from the database or from the filing constants). Lists come out in a fixed order
// whatever the order of the rows, so the same filing always gives the same value.
export function buildRateTables(rows: RateTableRows, stateCode: string, date: string): RateTables {
  const ofState = <T extends { state_code: string }>(list: readonly T[]) =>
    list.filter((r) => r.state_code === stateCode);
  const state = inForce(ofState(rows.states), date)[0];
  if (!state) throw new RatingError('state', `Pet insurance is not sold in ${stateCode} on ${date}.`);

  const factors = Object.fromEntries(FACTOR_TYPES.map((t) => [t, {}])) as RateTables['factors'];
  for (const f of inForce(rows.factors, date, (r) => r.factor_type)) {
    const table = factors[f.factor_type as FactorType];
    if (table) table[f.factor_key] = f.factor_bp;
  }
  const plans = sortedBy(rows.plans, (p) => [p.sort_order]).filter(
    (p) => factors.PLAN[p.plan_code] !== undefined,
  );
  const config = new Map(rows.configs.map((c) => [c.code, Number(c.value)]));
  const configValue = (code: string): number => {
    const value = config.get(code);
    if (value === undefined || !Number.isInteger(value)) throw new Error(`Quote config ${code} is missing`);
    return value;
  };

  return {
    stateCode,
    effectiveDate: date,
    premiumTaxBp: state.premium_tax_bp,
    defaultPlanCode: state.default_plan_code,
    examFeeAvailable: state.exam_fee_available,
    wellnessAvailable: state.wellness_available,
    baseRates: Object.fromEntries(inForce(rows.baseRates, date).map((r) => [r.species, r.annual_cents])),
    factors,
    ageBands: sortedBy(
      inForce(rows.ageBands, date, (r) => r.species),
      (r) => [r.species, r.min_age],
    ).map((r) => ({
      species: r.species,
      minAge: r.min_age,
      maxAge: r.max_age,
      factorBp: r.factor_bp,
    })),
    territories: sortedBy(inForce(ofState(rows.territories), date), (r) => [r.zip_prefix]).map((r) => ({
      zipPrefix: r.zip_prefix,
      factorBp: r.factor_bp,
      municipality: r.municipality,
      municipalTaxBp: r.municipal_tax_bp,
    })),
    // A plan is sold while a PLAN factor is filed for it.
    plans: plans.map((p) => ({
      id: p.id,
      planCode: p.plan_code,
      planDesc: p.plan_desc,
      accidentOnly: p.accident_only,
      planLimitCents: p.plan_limit_cents,
      aqProductId: p.aq_product_id,
      defaultDeductibleCents: p.default_deductible_cents,
      defaultReimbursement: p.default_reimbursement,
    })),
    breeds: Object.fromEntries(
      rows.breeds
        .filter((b) => b.is_enabled)
        .map((b) => [b.code, { species: b.species as Species, breedClass: b.breed_class }]),
    ),
    wellness: sortedBy(rows.wellness, (w) => [w.sort_order]).map((w) => ({
      code: w.code,
      name: w.name,
      monthlyPriceCents: w.monthly_price_cents,
    })),
    fees: sortedBy(inForce(ofState(rows.fees), date), (f) => [f.payment_period, f.fee_code]).map((f) => ({
      feeCode: f.fee_code,
      description: f.description,
      paymentPeriod: f.payment_period as PaymentPeriod,
      amountCents: f.amount_cents,
    })),
    discountCodes: sortedBy(rows.discountCodes, (d) => [d.code])
      .filter((d) => d.is_enabled && d.starts_on <= date && (d.ends_on === null || d.ends_on >= date))
      .map((d) => ({
        code: d.code,
        description: d.description,
        discountBp: d.discount_bp,
        maxAllowedDiscountBp: d.max_allowed_discount_bp,
      })),
    waitingPeriods: waitingPeriodsOf(
      plans.map((p) => p.plan_code),
      inForce(rows.waitingPeriods, date, (r) => r.plan_code),
    ),
    multiPetDiscountBp: configValue('MULTI_PET_DISCOUNT_BP'),
    maxAllowedDiscountBp: configValue('MAX_ALLOWED_DISCOUNT_BP'),
    maxPetsPerQuote: configValue('MAX_PETS_PER_QUOTE'),
  };
}

// Each plan sold, its waiting period per category as filed in the version in force; a plan sold without one
// is a filing error, like a missing config.
function waitingPeriodsOf(
  planCodes: readonly string[],
  rows: readonly Pick<Selectable<RateWaitingPeriodsTable>, 'plan_code' | 'category' | 'unit' | 'value'>[],
): Record<string, WaitingPeriods> {
  return Object.fromEntries(
    planCodes.map((planCode) => {
      const periods = Object.fromEntries(
        WAITING_CATEGORIES.map((category) => {
          const row = rows.find((r) => r.plan_code === planCode && r.category === category);
          if (!row) throw new Error(`Waiting period ${category} of plan ${planCode} is missing`);
          return [
            WAITING_PERIOD_KEYS[category],
            { unit: row.unit === 'MONTH' ? 'MONTH' : 'DAY', value: row.value },
          ];
        }),
      ) as unknown as WaitingPeriods;
      return [planCode, periods];
    }),
  );
}

// A sorted copy, by the given keys in turn.
function sortedBy<T>(list: readonly T[], keys: (item: T) => (string | number)[]): T[] {
  return [...list].sort((a, b) => {
    const [ka, kb] = [keys(a), keys(b)];
    for (let i = 0; i < ka.length; i++) {
      if (ka[i]! < kb[i]!) return -1;
      if (ka[i]! > kb[i]!) return 1;
    }
    return 0;
  });
}
