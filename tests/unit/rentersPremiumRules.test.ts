import { describe, expect, it } from 'vitest';
import { filedRentersTables } from '../../src/server/domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../../src/server/domain/rentersRating/rateRentersQuote';
import type {
  RentersRateTables,
  RentersRating,
  RentersRatingInput,
} from '../../src/server/domain/rentersRating/rentersTypes';

// The renters premium one rule at a time (docs/rating.md "Renters"), on the Texas filing: contents at $6.50
// per $1,000, a 1.6% premium tax, a $1 installment fee on each monthly payment.

const AUSTIN: RentersRatingInput = {
  zip_code: '78701',
  term_interval: 'annual',
  coverage: {
    contents: {
      amount: 2_000_000,
      deductible_amount: 50_000,
      additional_living_expense: 200_000,
      is_preferred_property: false,
    },
    liability: {
      amount: 10_000_000,
      damage_to_property_of_others_amount: 50_000,
      medical_payments_amount: 100_000,
    },
    optional: {
      combined_personal_property_value: 0,
      enhancement_endorsement_level: 0,
      identity_fraud_amount: 0,
      include_replacement_cost: false,
      include_theft: false,
      include_water_damage: false,
      include_wind_hail_exclusion: false,
    },
  },
};

const texas = () => filedRentersTables('TX', '2026-06-01');
type Optional = RentersRatingInput['coverage']['optional'];
const withOptional = (optional: Partial<Optional>, input = AUSTIN): RentersRatingInput => ({
  ...input,
  coverage: { ...input.coverage, optional: { ...input.coverage.optional, ...optional } },
});

function rate(input: RentersRatingInput, tables: RentersRateTables = texas()): RentersRating {
  const result = rateRentersQuote(tables, input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rating;
}

describe('the renters premium', () => {
  it("prices contents per $1,000 at the state's rate times the territory, deductible and property factors", () => {
    // $20,000 of contents: 20 × $6.50 × 1.05 (Austin, 787) × 1.00 ($500 deductible) × 1.00 (not preferred).
    expect(rate(AUSTIN).components.contents).toBe(13_650);
  });

  it('scheduled personal property adds its filed rate of 1.5% of the value scheduled ($15 per $1,000)', () => {
    const scheduled = rate(withOptional({ combined_personal_property_value: 1_000_000 }));
    expect(scheduled.components.scheduled_personal_property).toBe(15_000);
    expect(scheduled.term_premium - rate(AUSTIN).term_premium).toBe(15_000);
    expect(rate(AUSTIN).components.scheduled_personal_property).toBe(0);
  });

  it('prices replacement cost, theft and water damage as shares of the contents premium, rounded half up', () => {
    const c = rate(
      withOptional({ include_replacement_cost: true, include_theft: true, include_water_damage: true }),
    ).components;
    expect(c.replacement_cost).toBe(3_413); // 25% of $136.50 = $34.125
    expect(c.theft).toBe(2_048); // 15% = $20.475
    expect(c.water_damage).toBe(1_365); // 10%
    const none = rate(AUSTIN).components;
    expect([none.replacement_cost, none.theft, none.water_damage, none.wind_hail_exclusion]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('credits the wind and hail exclusion as 12% of the contents premium, rounded down', () => {
    const smaller = { ...AUSTIN.coverage.contents, amount: 2_100_000 }; // contents $143.33
    const input = withOptional(
      { include_wind_hail_exclusion: true },
      {
        ...AUSTIN,
        coverage: { ...AUSTIN.coverage, contents: smaller },
      },
    );
    const c = rate(input).components;
    expect(c.contents).toBe(14_333);
    expect(c.wind_hail_exclusion).toBe(-1_719); // 12% = $17.1996
  });

  it('adds the filed charges of liability and medical payments, and the premium is the sum of its parts', () => {
    const r = rate(AUSTIN);
    expect(r.components.liability).toBe(1_500);
    expect(r.components.medical_payments).toBe(300);
    expect(r.term_premium).toBe(Object.values(r.components).reduce((a, b) => a + b, 0));
  });

  it("adds the state's premium tax, and the total is premium, taxes and fees", () => {
    const r = rate({ ...AUSTIN, term_interval: 'monthly' });
    expect(r.taxes.state).toBe(Math.round((r.term_premium * 160) / 10_000));
    expect(r.taxes).toEqual({ state: r.taxes.state, municipal: 0, total: r.taxes.state });
    expect(r.fees).toEqual([
      { fee_code: 'INSTALLMENT', description: 'Installment fee', amount: 100, count: 12, total: 1_200 },
    ]);
    expect(r.fee_total).toBe(1_200);
    expect(r.total).toBe(r.term_premium + r.taxes.total + 1_200);
  });

  it('charges no monthly fee on a term paid in full', () => {
    const r = rate(AUSTIN);
    expect(r.fees).toEqual([]);
    expect(r.fee_total).toBe(0);
    expect(r.next_bill).toBeNull();
  });

  it('bills the second payment next on a monthly term, and the term ends a year after it starts', () => {
    const r = rate({ ...AUSTIN, term_interval: 'monthly' });
    expect(r.effective_date).toBe('2026-06-01');
    expect(r.expiration_date).toBe('2027-06-01');
    expect(r.next_bill).toEqual({ due_date: '2026-07-01', amount: r.schedule[1]?.total });
  });
});

describe('the renters territory', () => {
  it('is the zip code’s own three-digit territory where the state files one', () => {
    expect(rate(AUSTIN).territory).toEqual({ zip_prefix: '787', factor_bp: 10_500, municipality: null });
    expect(rate({ ...AUSTIN, zip_code: '77002' }).territory.factor_bp).toBe(11_500);
  });

  it('is the rest of the state for a zip code without a territory of its own', () => {
    const r = rate({ ...AUSTIN, zip_code: '79901' });
    expect(r.territory).toEqual({ zip_prefix: '*', factor_bp: 10_000, municipality: null });
    expect(r.components.contents).toBe(13_000); // 20 × $6.50
  });

  it('refuses a zip code when the state files neither its territory nor the rest of the state', () => {
    const tables = { ...texas(), territories: texas().territories.filter((t) => t.zipPrefix !== '*') };
    expect(rateRentersQuote(tables, { ...AUSTIN, zip_code: '79901' })).toEqual({
      ok: false,
      errors: { zip_code: ['No territory is filed for 79901.'] },
    });
  });
});

describe('a rate that is not filed', () => {
  it('refuses a value the rules allow but the rate tables do not price, on its field, with no price', () => {
    const tables = texas();
    delete tables.charges.LIABILITY['10000000'];
    expect(rateRentersQuote(tables, AUSTIN)).toEqual({
      ok: false,
      errors: { 'coverage.liability.amount': ['No rate is filed for 10000000.'] },
    });
  });

  it('refuses every unfiled rate at once, each on its own field', () => {
    const tables = texas();
    delete tables.factors.DEDUCTIBLE['50000'];
    delete tables.factors.SCHEDULED_PROPERTY.RATE;
    delete tables.factors.THEFT.true;
    const result = rateRentersQuote(
      tables,
      withOptional({ combined_personal_property_value: 1_000_000, include_theft: true }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'coverage.contents.deductible_amount': ['No rate is filed for 50000.'],
        'coverage.optional.combined_personal_property_value': ['No rate is filed for RATE.'],
        'coverage.optional.include_theft': ['No rate is filed for true.'],
      },
    });
  });

  it('refuses each unfiled rate on the field the agent chose it in', () => {
    type Unfiled = [(t: RentersRateTables) => void, string, RentersRatingInput];
    const everything = withOptional({
      enhancement_endorsement_level: 1,
      identity_fraud_amount: 1_500_000,
      include_replacement_cost: true,
      include_water_damage: true,
    });
    const cases: Unfiled[] = [
      [(t) => delete t.factors.PREFERRED_PROPERTY.false, 'coverage.contents.is_preferred_property', AUSTIN],
      [
        (t) => delete t.charges.ADDITIONAL_LIVING_EXPENSE['200000'],
        'coverage.contents.additional_living_expense',
        AUSTIN,
      ],
      [
        (t) => delete t.charges.DAMAGE_TO_PROPERTY_OF_OTHERS['50000'],
        'coverage.liability.damage_to_property_of_others_amount',
        AUSTIN,
      ],
      [
        (t) => delete t.charges.MEDICAL_PAYMENTS['100000'],
        'coverage.liability.medical_payments_amount',
        AUSTIN,
      ],
      [
        (t) => delete t.charges.ENHANCEMENT['1'],
        'coverage.optional.enhancement_endorsement_level',
        everything,
      ],
      [
        (t) => delete t.charges.IDENTITY_FRAUD['1500000'],
        'coverage.optional.identity_fraud_amount',
        everything,
      ],
      [
        (t) => delete t.factors.REPLACEMENT_COST.true,
        'coverage.optional.include_replacement_cost',
        everything,
      ],
      [(t) => delete t.factors.WATER_DAMAGE.true, 'coverage.optional.include_water_damage', everything],
      [
        (t) => delete t.factors.WIND_HAIL_EXCLUSION.true,
        'coverage.optional.include_wind_hail_exclusion',
        withOptional({ include_wind_hail_exclusion: true }),
      ],
    ];
    for (const [unfile, field, input] of cases) {
      const tables = texas();
      unfile(tables);
      const result = rateRentersQuote(tables, input);
      expect(result.ok ? [] : Object.keys(result.errors), field).toEqual([field]);
    }
  });

  it('needs no scheduled property rate when no property is scheduled', () => {
    const tables = texas();
    delete tables.factors.SCHEDULED_PROPERTY.RATE;
    expect(rateRentersQuote(tables, AUSTIN).ok).toBe(true);
  });
});
