import { describe, expect, it } from 'vitest';
import { validateRentersInput } from '../../src/server/domain/rentersRating/coverageOptions';
import { filedRentersTables } from '../../src/server/domain/rentersRating/filedRentersTables';
import type {
  CoverageOptionRule,
  OptionCode,
  RentersRateTables,
  RentersRatingInput,
} from '../../src/server/domain/rentersRating/rentersTypes';

// What the renters rules refuse in a quote's input, and how the message words it (SPEC §3, docs/rating.md):
// each rule one at a time, on the Texas filing or on a filing that differs from it in one option.
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

const texas = () => filedRentersTables('TX', '2026-11-22');
const filedWith = (code: OptionCode, rule: CoverageOptionRule): RentersRateTables => {
  const tables = texas();
  return { ...tables, options: { ...tables.options, [code]: rule } };
};

const withContents = (values: Record<string, unknown>): RentersRatingInput =>
  ({
    ...AUSTIN,
    coverage: { ...AUSTIN.coverage, contents: { ...AUSTIN.coverage.contents, ...values } },
  }) as RentersRatingInput;
const withOptional = (values: Record<string, unknown>): RentersRatingInput =>
  ({
    ...AUSTIN,
    coverage: { ...AUSTIN.coverage, optional: { ...AUSTIN.coverage.optional, ...values } },
  }) as RentersRatingInput;

describe('the zip code of a renters quote', () => {
  it('is five digits, nothing before or after them', () => {
    const fiveDigits = { zip_code: ['The zip code must have five digits.'] };
    for (const zip of ['787011', 'x78701', '78701-1234'])
      expect(validateRentersInput(texas(), { ...AUSTIN, zip_code: zip })).toEqual(fiveDigits);
  });

  it('is text: a number is refused, not read as a zip', () => {
    const input = { ...AUSTIN, zip_code: 78701 } as unknown as RentersRatingInput;
    expect(validateRentersInput(texas(), input)).toEqual({
      zip_code: ['The zip code must have five digits.'],
    });
  });
});

describe('an option the filing refuses', () => {
  it('is named in its message as the agent knows it, an amount shown in dollars', () => {
    const input = {
      ...AUSTIN,
      coverage: {
        contents: { ...AUSTIN.coverage.contents, additional_living_expense: 300_000 },
        liability: { ...AUSTIN.coverage.liability, damage_to_property_of_others_amount: 75_000 },
        optional: { ...AUSTIN.coverage.optional, include_replacement_cost: 'yes' },
      },
    } as unknown as RentersRatingInput;
    expect(validateRentersInput(texas(), input)).toEqual({
      'coverage.contents.additional_living_expense': [
        'Additional living expense must be one of $2,000, $4,000, $6,000.',
      ],
      'coverage.liability.damage_to_property_of_others_amount': [
        'Damage to property of others must be one of $500, $1,000.',
      ],
      'coverage.optional.include_replacement_cost': ['Replacement cost must be true or false.'],
    });
  });
});

describe('whether the property is preferred', () => {
  it('is a fact the quote must state as true or false', () => {
    expect(validateRentersInput(texas(), withContents({ is_preferred_property: 'yes' }))).toEqual({
      'coverage.contents.is_preferred_property': ['Whether the property is preferred must be true or false.'],
    });
  });
});

describe('the amounts of scheduled personal property and identity fraud coverage', () => {
  it('are amounts in cents, refused as such when negative or fractional', () => {
    expect(
      validateRentersInput(
        texas(),
        withOptional({ combined_personal_property_value: -100, identity_fraud_amount: 0.5 }),
      ),
    ).toEqual({
      'coverage.optional.combined_personal_property_value': [
        'Scheduled personal property must be a whole number of cents, not negative.',
      ],
      'coverage.optional.identity_fraud_amount': [
        'Identity fraud coverage must be a whole number of cents, not negative.',
      ],
    });
  });

  it('are shown in dollars when out of the filed steps or values', () => {
    expect(
      validateRentersInput(
        texas(),
        withOptional({ combined_personal_property_value: 1_234_550, identity_fraud_amount: 1_000_000 }),
      ),
    ).toEqual({
      'coverage.optional.combined_personal_property_value': [
        'Scheduled personal property must go up in steps of $100.',
      ],
      'coverage.optional.identity_fraud_amount': [
        'Identity fraud coverage must be one of $0, $15,000, $25,000.',
      ],
    });
  });
});

describe('a filed range', () => {
  it('refuses an amount below its minimum as well as above its maximum', () => {
    expect(validateRentersInput(texas(), withContents({ amount: 900_000 }))).toEqual({
      'coverage.contents.amount': ['Contents coverage must be from $10,000 to $100,000.'],
    });
  });

  it('counts its steps up from its minimum', () => {
    const tables = filedWith('SCHEDULED_PROPERTY', {
      allow: true,
      type: 'range',
      values: [25_000, 125_000],
      step: 20_000,
    });
    expect(validateRentersInput(tables, withOptional({ combined_personal_property_value: 45_000 }))).toEqual(
      {},
    );
    expect(validateRentersInput(tables, withOptional({ combined_personal_property_value: 55_000 }))).toEqual({
      'coverage.optional.combined_personal_property_value': [
        'Scheduled personal property must go up in steps of $200.',
      ],
    });
  });

  it('shows cents in an amount only when there are some', () => {
    const tables = filedWith('SCHEDULED_PROPERTY', {
      allow: true,
      type: 'range',
      values: [100_000, 200_000],
      step: 1_250,
    });
    expect(validateRentersInput(tables, withOptional({ combined_personal_property_value: 101_000 }))).toEqual(
      {
        'coverage.optional.combined_personal_property_value': [
          'Scheduled personal property must go up in steps of $12.50.',
        ],
      },
    );
  });

  it('of levels shows them as levels, not dollars', () => {
    const tables = filedWith('ENHANCEMENT', { allow: true, type: 'range', values: [1, 3], step: 1 });
    expect(validateRentersInput(tables, withOptional({ enhancement_endorsement_level: 5 }))).toEqual({
      'coverage.optional.enhancement_endorsement_level': ['The enhancement endorsement must be from 1 to 3.'],
    });
  });
});

describe('a yes-or-no option a state files one way only', () => {
  it('must be included where the state requires it', () => {
    const tables = filedWith('WIND_HAIL_EXCLUSION', { allow: true, type: 'list', values: [1] });
    expect(validateRentersInput(tables, withOptional({ include_wind_hail_exclusion: false }))).toEqual({
      'coverage.optional.include_wind_hail_exclusion': [
        'The wind and hail exclusion must be included in TX.',
      ],
    });
    expect(validateRentersInput(tables, withOptional({ include_wind_hail_exclusion: true }))).toEqual({});
  });

  it('must be left out where the state files it as no only', () => {
    const tables = filedWith('WATER_DAMAGE', { allow: true, type: 'list', values: [0] });
    expect(validateRentersInput(tables, withOptional({ include_water_damage: true }))).toEqual({
      'coverage.optional.include_water_damage': ['Water damage coverage must be left out in TX.'],
    });
  });
});
