import { describe, expect, it } from 'vitest';
import {
  rentersCoverageOptions,
  validateRentersInput,
} from '../../src/server/domain/rentersRating/coverageOptions';
import { filedRentersTables } from '../../src/server/domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../../src/server/domain/rentersRating/rateRentersQuote';
import { addMonths } from '../../src/server/domain/rentersRating/rentersSchedule';
import type { RentersRatingInput } from '../../src/server/domain/rentersRating/rentersTypes';

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

const withCoverage = (
  input: RentersRatingInput,
  part: keyof RentersRatingInput['coverage'],
  values: Record<string, unknown>,
): RentersRatingInput =>
  ({
    ...input,
    coverage: { ...input.coverage, [part]: { ...input.coverage[part], ...values } },
  }) as RentersRatingInput;

describe('renters coverage option rules', () => {
  it('answers allow, type and values per state', () => {
    const tx = rentersCoverageOptions(filedRentersTables('TX', '2026-11-22'));
    expect(tx.sold).toBe(true);
    expect(tx.options.contents).toEqual({
      allow: true,
      type: 'range',
      values: [1_000_000, 10_000_000],
      step: 100_000,
      field: 'coverage.contents.amount',
    });
    expect(tx.options.liability).toMatchObject({
      allow: true,
      type: 'list',
      values: [10_000_000, 30_000_000, 50_000_000],
    });
    expect(tx.options.deductible).toMatchObject({
      allow: true,
      type: 'list',
      values: [25_000, 50_000, 100_000, 250_000],
    });
    expect(tx.options.theft).toMatchObject({ allow: true, type: 'list', values: [0, 1] });
    expect(tx.options.wind_hail_exclusion).toMatchObject({ allow: true, values: [0, 1] });

    const fl = rentersCoverageOptions(filedRentersTables('FL', '2026-11-22'));
    expect(fl.options.theft).toMatchObject({ allow: false, values: [0] });
    expect(fl.options.deductible?.values).toEqual([50_000, 100_000, 250_000]);
    expect(
      rentersCoverageOptions(filedRentersTables('IL', '2026-11-22')).options.wind_hail_exclusion,
    ).toMatchObject({
      allow: false,
    });
  });

  it('takes a new version of a state from its date', () => {
    expect(rentersCoverageOptions(filedRentersTables('CA', '2026-06-30')).options.contents?.values).toEqual([
      1_000_000, 10_000_000,
    ]);
    expect(rentersCoverageOptions(filedRentersTables('CA', '2026-07-01')).options.contents?.values).toEqual([
      1_000_000, 15_000_000,
    ]);
    expect(filedRentersTables('TX', '2026-06-30').contentsRateCents).toBe(650);
    expect(filedRentersTables('TX', '2026-07-01').contentsRateCents).toBe(690);
    // Countrywide tables are the same whatever the state's version.
    expect(filedRentersTables('TX', '2026-07-01').factors).toEqual(
      filedRentersTables('TX', '2025-01-01').factors,
    );
  });

  it('sells nothing where no version is in force or the state files that it is not sold', () => {
    for (const [state, date] of [
      ['NY', '2026-11-22'],
      ['OH', '2026-11-22'],
      ['TX', '2024-12-31'],
    ] as const) {
      const tables = filedRentersTables(state, date);
      expect(tables.sold).toBe(false);
      expect(Object.values(rentersCoverageOptions(tables).options).every((o) => !o.allow)).toBe(true);
      expect(rateRentersQuote(tables, AUSTIN)).toEqual({
        ok: false,
        errors: { state_code: [`Renters insurance is not sold in ${state} on ${date}.`] },
      });
    }
  });

  it('names every field the rules refuse, with a message an agent can act on', () => {
    const tables = filedRentersTables('FL', '2026-11-22');
    const input: RentersRatingInput = {
      zip_code: '78701',
      term_interval: 'weekly' as 'annual',
      coverage: {
        contents: { ...AUSTIN.coverage.contents, amount: 2_050_000, deductible_amount: 25_000 },
        liability: { ...AUSTIN.coverage.liability, amount: 20_000_000, medical_payments_amount: -1 },
        optional: { ...AUSTIN.coverage.optional, include_theft: true, enhancement_endorsement_level: 1.5 },
      },
    };
    expect(validateRentersInput(tables, input)).toEqual({
      zip_code: ['78701 is not a FL zip code.'],
      term_interval: ['The term interval must be annual or monthly.'],
      'coverage.contents.amount': ['Contents coverage must go up in steps of $1,000.'],
      'coverage.contents.deductible_amount': ['The deductible must be one of $500, $1,000, $2,500.'],
      'coverage.liability.amount': ['Liability coverage must be one of $100,000, $300,000, $500,000.'],
      'coverage.liability.medical_payments_amount': [
        'Medical payments must be a whole number of cents, not negative.',
      ],
      'coverage.optional.enhancement_endorsement_level': [
        'The enhancement endorsement must be a whole level, not negative.',
      ],
      'coverage.optional.include_theft': ['Theft coverage is not offered in FL.'],
    });
    const tx = filedRentersTables('TX', '2026-11-22');
    expect(validateRentersInput(tx, withCoverage(AUSTIN, 'contents', { amount: 20_000_000 }))).toEqual({
      'coverage.contents.amount': ['Contents coverage must be from $10,000 to $100,000.'],
    });
    expect(validateRentersInput(tx, { ...AUSTIN, zip_code: '7870' })).toEqual({
      zip_code: ['The zip code must have five digits.'],
    });
  });

  it('refuses missing parts of the coverage without throwing', () => {
    const tables = filedRentersTables('TX', '2026-11-22');
    const result = rateRentersQuote(tables, {
      zip_code: '78701',
      term_interval: 'annual',
    } as RentersRatingInput);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors)).toHaveLength(14);
      expect(result.errors['coverage.optional.include_theft']).toEqual([
        'Theft coverage must be true or false.',
      ]);
    }
  });
});

describe('renters payments', () => {
  it('pays a term in full once, with the term and annual fees, and no next bill', () => {
    const result = rateRentersQuote(filedRentersTables('FL', '2026-11-22'), { ...AUSTIN, zip_code: '33101' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const r = result.rating;
    expect(r.fees).toEqual([
      { fee_code: 'EMPA', description: 'Emergency management surcharge', amount: 200, count: 1, total: 200 },
    ]);
    expect(r.schedule).toHaveLength(1);
    expect(r.schedule[0]).toMatchObject({ number: 1, due_date: '2026-11-22', fees: 200, total: r.total });
    expect(r.next_bill).toBeNull();
    expect(r.expiration_date).toBe('2027-11-22');
  });

  it('dues each monthly payment on the same day of the month, or the month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 3)).toBe('2026-11-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });

  it('charges Louisville’s municipal tax on top of Kentucky’s', () => {
    const result = rateRentersQuote(filedRentersTables('KY', '2026-11-22'), { ...AUSTIN, zip_code: '40202' });
    expect(result.ok && result.rating.territory).toEqual({
      zip_prefix: '402',
      factor_bp: 10_300,
      municipality: 'Louisville Metro',
    });
    // Contents 20 × 600 × 1.03 = 12360; + liability 1500 + medical 300 = 14160; 2% = 283.2; 5% = 708.
    expect(result.ok && result.rating.taxes).toEqual({ state: 283, municipal: 708, total: 991 });
  });
});
