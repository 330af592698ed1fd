import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPTION_FIELDS } from '../../src/server/domain/rentersRating/coverageOptions';
import { filedRentersTables } from '../../src/server/domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../../src/server/domain/rentersRating/rateRentersQuote';
import {
  RENTERS_SOLD_STATES,
  RENTERS_TERRITORY_ROWS,
} from '../../src/server/domain/rentersRating/rentersReference';
import type {
  CoverageOptionRule,
  RentersRateTables,
  RentersRating,
  RentersRatingInput,
} from '../../src/server/domain/rentersRating/rentersTypes';

// Properties of the renters engine over the filed tables: every selling state, both filings, any input the
// state's coverage option rules allow.
const DATES = ['2025-06-01', '2026-11-22'];
const TABLES = RENTERS_SOLD_STATES.flatMap((s) => DATES.map((d) => filedRentersTables(s, d)));
// A zip code in each state outside its named territories, beside the named ones.
const REST_OF_STATE: Record<string, string> = {
  CA: '95814',
  FL: '32301',
  IL: '62701',
  KY: '40601',
  TX: '79901',
};

const zipArb = (tables: RentersRateTables) =>
  fc.constantFrom(
    REST_OF_STATE[tables.stateCode]!,
    ...RENTERS_TERRITORY_ROWS.filter((t) => t.state_code === tables.stateCode && t.zip_prefix !== '*').map(
      (t) => `${t.zip_prefix}01`,
    ),
  );

// A value the rule accepts: a listed value, a step of the range, or nothing when the option is not allowed.
const allowedValue = (rule: CoverageOptionRule): fc.Arbitrary<number> => {
  if (!rule.allow) return fc.constant(0);
  if (rule.type === 'list') return fc.constantFrom(...rule.values);
  const [min = 0, max = 0] = rule.values;
  const step = rule.step ?? 1;
  return fc.integer({ min: 0, max: Math.floor((max - min) / step) }).map((k) => min + k * step);
};

const inputArb = (tables: RentersRateTables): fc.Arbitrary<RentersRatingInput> =>
  fc
    .record({
      zip: zipArb(tables),
      interval: fc.constantFrom('annual' as const, 'monthly' as const),
      preferred: fc.boolean(),
      values: fc.tuple(...OPTION_FIELDS.map((o) => allowedValue(tables.options[o.code]))),
    })
    .map(({ zip, interval, preferred, values }) => {
      const v = Object.fromEntries(OPTION_FIELDS.map((o, i) => [o.code, values[i]!]));
      return {
        zip_code: zip,
        term_interval: interval,
        coverage: {
          contents: {
            amount: v.CONTENTS!,
            deductible_amount: v.DEDUCTIBLE!,
            additional_living_expense: v.ADDITIONAL_LIVING_EXPENSE!,
            is_preferred_property: preferred,
          },
          liability: {
            amount: v.LIABILITY!,
            damage_to_property_of_others_amount: v.DAMAGE_TO_PROPERTY_OF_OTHERS!,
            medical_payments_amount: v.MEDICAL_PAYMENTS!,
          },
          optional: {
            combined_personal_property_value: v.SCHEDULED_PROPERTY!,
            enhancement_endorsement_level: v.ENHANCEMENT!,
            identity_fraud_amount: v.IDENTITY_FRAUD!,
            include_replacement_cost: v.REPLACEMENT_COST === 1,
            include_theft: v.THEFT === 1,
            include_water_damage: v.WATER_DAMAGE === 1,
            include_wind_hail_exclusion: v.WIND_HAIL_EXCLUSION === 1,
          },
        },
      };
    });

const caseArb = fc.constantFrom(...TABLES).chain((tables) => fc.tuple(fc.constant(tables), inputArb(tables)));

function rated(tables: RentersRateTables, input: RentersRatingInput): RentersRating {
  const result = rateRentersQuote(tables, input);
  if (!result.ok) throw new Error(`Expected a price: ${JSON.stringify(result.errors)}`);
  return result.rating;
}

const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);

describe('renters rating properties', () => {
  it('prices every input the rules allow, in whole non-negative cents', () => {
    fc.assert(
      fc.property(caseArb, ([tables, input]) => {
        const r = rated(tables, input);
        for (const value of [r.term_premium, r.taxes.state, r.taxes.municipal, r.total]) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        }
        expect(r.term_premium).toBe(sum(Object.values(r.components)));
      }),
    );
  });

  it('never raises the premium for a higher deductible', () => {
    fc.assert(
      fc.property(caseArb, ([tables, input]) => {
        const deductibles = tables.options.DEDUCTIBLE.values.filter(
          (d) => d > input.coverage.contents.deductible_amount,
        );
        fc.pre(deductibles.length > 0);
        const base = rated(tables, input);
        for (const higher of deductibles) {
          const other = rated(tables, {
            ...input,
            coverage: {
              ...input.coverage,
              contents: { ...input.coverage.contents, deductible_amount: higher },
            },
          });
          expect(other.term_premium).toBeLessThanOrEqual(base.term_premium);
          expect(other.total).toBeLessThanOrEqual(base.total);
        }
      }),
    );
  });

  it('never lowers the premium for more contents', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 200 }), ([tables, input], steps) => {
        const rule = tables.options.CONTENTS;
        const more = input.coverage.contents.amount + steps * (rule.step ?? 1);
        fc.pre(more <= rule.values[1]!);
        const base = rated(tables, input);
        const other = rated(tables, {
          ...input,
          coverage: { ...input.coverage, contents: { ...input.coverage.contents, amount: more } },
        });
        expect(other.components.contents).toBeGreaterThanOrEqual(base.components.contents);
        expect(other.term_premium).toBeGreaterThanOrEqual(base.term_premium);
        expect(other.total).toBeGreaterThanOrEqual(base.total);
      }),
    );
  });

  it('schedules payments that reconcile with the term to the cent, line by line', () => {
    fc.assert(
      fc.property(caseArb, ([tables, input]) => {
        const r = rated(tables, input);
        const s = r.schedule;
        expect(s).toHaveLength(input.term_interval === 'monthly' ? 12 : 1);
        expect(sum(s.map((p) => p.premium))).toBe(r.term_premium);
        expect(sum(s.map((p) => p.state_tax))).toBe(r.taxes.state);
        expect(sum(s.map((p) => p.municipal_tax))).toBe(r.taxes.municipal);
        expect(sum(s.map((p) => p.fees))).toBe(r.fee_total);
        expect(sum(s.map((p) => p.total))).toBe(r.total);
        for (const p of s) expect(p.total).toBe(p.premium + p.state_tax + p.municipal_tax + p.fees);
        if (input.term_interval === 'monthly') {
          // The down payment takes the remainder: at least an installment, at most 11 cents more per line.
          const [down, ...rest] = s;
          for (const p of rest) {
            expect(p.premium).toBe(rest[0]!.premium);
            expect(down!.premium - p.premium).toBeGreaterThanOrEqual(0);
            expect(down!.premium - p.premium).toBeLessThanOrEqual(11);
          }
          expect(r.next_bill).toEqual({ due_date: s[1]!.due_date, amount: s[1]!.total });
        } else {
          expect(r.next_bill).toBeNull();
        }
      }),
    );
  });

  it('reconciles taxes with the term premium and the filed rates', () => {
    fc.assert(
      fc.property(caseArb, ([tables, input]) => {
        const r = rated(tables, input);
        const territory = tables.territories.find((t) => t.zipPrefix === r.territory.zip_prefix)!;
        // Half up: |tax − premium × rate| ≤ ½ cent.
        expect(Math.abs(r.taxes.state * 10_000 - r.term_premium * tables.premiumTaxBp)).toBeLessThanOrEqual(
          5_000,
        );
        expect(
          Math.abs(r.taxes.municipal * 10_000 - r.term_premium * territory.municipalTaxBp),
        ).toBeLessThanOrEqual(5_000);
        expect(r.taxes.total).toBe(r.taxes.state + r.taxes.municipal);
        expect(r.total).toBe(r.term_premium + r.taxes.total + r.fee_total);
      }),
    );
  });

  it('answers an input the rules refuse with field messages and never a price', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.constantFrom(...OPTION_FIELDS),
        fc.oneof(fc.integer({ min: -10_000_000, max: 100_000_000 }), fc.constant(0.5), fc.constant('100')),
        ([tables, input], option, raw) => {
          const [part, key] = option.field.replace('coverage.', '').split('.') as [
            keyof RentersRatingInput['coverage'],
            string,
          ];
          const value = option.kind === 'yesno' ? (typeof raw === 'number' ? raw % 2 === 0 : raw) : raw;
          const broken = {
            ...input,
            coverage: { ...input.coverage, [part]: { ...input.coverage[part], [key]: value } },
          } as RentersRatingInput;
          const rule = tables.options[option.code];
          const numeric = typeof value === 'boolean' ? Number(value) : value;
          const accepted =
            typeof numeric === 'number' &&
            Number.isInteger(numeric) &&
            numeric >= 0 &&
            (typeof value === 'boolean') === (option.kind === 'yesno') &&
            (rule.allow
              ? rule.type === 'list'
                ? rule.values.includes(numeric)
                : numeric >= rule.values[0]! &&
                  numeric <= rule.values[1]! &&
                  (numeric - rule.values[0]!) % (rule.step ?? 1) === 0
              : numeric === 0);
          fc.pre(!accepted);
          const result = rateRentersQuote(tables, broken);
          expect(result.ok).toBe(false);
          expect(result).not.toHaveProperty('rating');
          if (!result.ok) expect(result.errors[option.field]?.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
