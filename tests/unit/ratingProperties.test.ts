import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BREEDS } from '../../src/server/domain/rating/breedCatalogue';
import { ratePet } from '../../src/server/domain/rating/ratePet';
import { rateQuote } from '../../src/server/domain/rating/rateQuote';
import type {
  InsurancePlan,
  PetRatingInput,
  QuoteContext,
  RateTables,
} from '../../src/server/domain/rating/rateTypes';
import { STATE_ROWS, TERRITORY_ROWS } from '../../src/server/domain/rating/rateTableRows';
import { filedTables } from '../support/rateTableFixtures';

// Properties of the engine over the filed tables: every state, both base-rate versions, any pet.
const DATES = ['2025-06-01', '2026-11-22'];
const TABLES = new Map(
  STATE_ROWS.flatMap((s) =>
    DATES.map((d) => [`${s.state_code}|${d}`, filedTables(s.state_code, d)] as const),
  ),
);
const DEDUCTIBLES = [10_000, 25_000, 50_000, 75_000, 100_000];
const REIMBURSEMENTS = [70, 80, 90];

const tablesArb = fc.constantFrom(...TABLES.values());
const zipArb = (tables: RateTables) =>
  fc
    .tuple(
      fc.constantFrom(
        '*',
        ...TERRITORY_ROWS.filter((t) => t.state_code === tables.stateCode).map((t) => t.zip_prefix),
      ),
      fc.integer({ min: 0, max: 99_999 }),
    )
    .map(([prefix, n]) => {
      const random = String(n).padStart(5, '0');
      return prefix === '*' ? random : prefix + random.slice(3);
    });
const petArb = (tables: RateTables): fc.Arbitrary<PetRatingInput> =>
  fc.constantFrom(...BREEDS).chain((breed) =>
    fc.record({
      species: fc.constant(breed.species),
      breedCode: fc.constant(breed.code),
      age: fc.integer({ min: 0, max: 14 }),
      planCode: fc.constantFrom(...tables.plans.map((p) => p.planCode)),
      deductible: fc.constantFrom(...DEDUCTIBLES),
      reimbursement: fc.constantFrom(...REIMBURSEMENTS),
      examFee: tables.examFeeAvailable ? fc.boolean() : fc.constant(false),
      wellnessCode: tables.wellnessAvailable
        ? fc.option(fc.constantFrom(...tables.wellness.map((w) => w.code)))
        : fc.constant(null),
    }),
  );
const contextArb = (tables: RateTables): fc.Arbitrary<QuoteContext> =>
  fc.record({
    zip: zipArb(tables),
    petCount: fc.integer({ min: 1, max: tables.maxPetsPerQuote }),
    discountCode: fc.option(fc.constantFrom(...tables.discountCodes.map((d) => d.code))),
  });
const caseArb = tablesArb.chain((tables) =>
  fc.record({ tables: fc.constant(tables), pet: petArb(tables), context: contextArb(tables) }),
);

// What the customer pays for the year: premium and both taxes.
const payable = (plan: InsurancePlan) => plan.total_premium + plan.total_state_tax + plan.total_municipal_tax;

describe('rating properties', () => {
  it('a higher deductible never raises the premium', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...DEDUCTIBLES), ({ tables, pet, context }, other) => {
        const [low, high] = [pet.deductible, other].sort((a, b) => a - b) as [number, number];
        const atLow = ratePet(tables, { ...pet, deductible: low }, context).plan;
        const atHigh = ratePet(tables, { ...pet, deductible: high }, context).plan;
        expect(atHigh.total_premium).toBeLessThanOrEqual(atLow.total_premium);
        expect(payable(atHigh)).toBeLessThanOrEqual(payable(atLow));
      }),
    );
  });

  it('a higher reimbursement never lowers the premium', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...REIMBURSEMENTS), ({ tables, pet, context }, other) => {
        const [low, high] = [pet.reimbursement, other].sort((a, b) => a - b) as [number, number];
        const atLow = ratePet(tables, { ...pet, reimbursement: low }, context).plan;
        const atHigh = ratePet(tables, { ...pet, reimbursement: high }, context).plan;
        expect(atHigh.total_premium).toBeGreaterThanOrEqual(atLow.total_premium);
        expect(payable(atHigh)).toBeGreaterThanOrEqual(payable(atLow));
      }),
    );
  });

  it('an older pet never costs less', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 14 }), ({ tables, pet, context }, other) => {
        const [young, old] = [pet.age, other].sort((a, b) => a - b) as [number, number];
        const atYoung = ratePet(tables, { ...pet, age: young }, context).plan;
        const atOld = ratePet(tables, { ...pet, age: old }, context).plan;
        expect(atOld.total_premium).toBeGreaterThanOrEqual(atYoung.total_premium);
        expect(payable(atOld)).toBeGreaterThanOrEqual(payable(atYoung));
      }),
    );
  });

  it('discounts never exceed the max allowed discount', () => {
    fc.assert(
      fc.property(caseArb, ({ tables, pet, context }) => {
        const { plan, factors } = ratePet(tables, pet, context);
        expect(plan.applied_discount).toBeLessThanOrEqual(plan.max_allowed_discount);
        expect(plan.discount * 10_000).toBeLessThanOrEqual(factors.riskPremium * plan.max_allowed_discount);
        expect(plan.discount * 10_000).toBeLessThanOrEqual(factors.riskPremium * plan.applied_discount);
      }),
    );
  });

  it('every line reconciles: monthly × 11 + down payment = total, and all amounts are whole cents ≥ 0', () => {
    const lines = [
      ['monthly_payment', 'downpayment', 'total_premium'],
      ['monthly_payment_state_tax', 'downpayment_state_tax', 'total_state_tax'],
      ['monthly_payment_municipal_tax', 'downpayment_municipal_tax', 'total_municipal_tax'],
    ] as const;
    const quoteArb = tablesArb.chain((tables) =>
      fc.record({
        tables: fc.constant(tables),
        zip: zipArb(tables),
        discountCode: fc.option(fc.constantFrom(...tables.discountCodes.map((d) => d.code))),
        pets: fc.array(petArb(tables), { minLength: 1, maxLength: tables.maxPetsPerQuote }),
      }),
    );
    fc.assert(
      fc.property(quoteArb, ({ tables, ...quote }) => {
        const rating = rateQuote(tables, quote);
        for (const { plan, plans, wellness } of rating.pets) {
          for (const p of [plan, ...plans]) {
            for (const [monthly, down, total] of lines) expect(p[monthly] * 11 + p[down]).toBe(p[total]);
            expect(p.monthly_exam_fee * 12).toBeLessThanOrEqual(p.total_exam_fee);
            for (const value of Object.values(p)) {
              if (typeof value === 'number') expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
            }
          }
          if (wellness) expect(wellness.total).toBe(12 * wellness.monthly);
        }
        expect(rating.monthly.downpayment + 11 * rating.monthly.installment).toBe(rating.monthly.total);
        const monthlyFees = rating.monthly.fees.reduce((s, f) => s + f.total, 0);
        const annualFees = rating.annual.fees.reduce((s, f) => s + f.total, 0);
        expect(rating.monthly.total - monthlyFees).toBe(rating.annual.total - annualFees);
      }),
      { numRuns: 200 },
    );
  });
});
