import { describe, expect, it } from 'vitest';
import { rateQuote } from '../../src/server/domain/rating/rateQuote';
import type { PetRatingInput, RateTables } from '../../src/server/domain/rating/rateTypes';
import { filedTables } from '../support/rateTableFixtures';

const tx = filedTables('TX', '2026-11-22');
const dog: PetRatingInput = {
  species: 'DOG',
  breedCode: 'GOLDEN_RETRIEVER',
  age: 2,
  planCode: 'AI_10K',
  deductible: 50_000,
  reimbursement: 80,
  examFee: false,
  wellnessCode: null,
};
const cat: PetRatingInput = {
  ...dog,
  species: 'CAT',
  breedCode: 'MAINE_COON',
  wellnessCode: 'WELLNESS_PLUS',
};

describe('rateQuote', () => {
  it('prices the chosen plan of every pet and every other plan to compare', () => {
    const quote = rateQuote(tx, { zip: '77002', discountCode: null, pets: [dog, cat] });
    expect(quote.pets).toHaveLength(2);
    expect(quote.pets[0]!.plan.plan_code).toBe('AI_10K');
    expect(quote.pets[0]!.plans.map((p) => p.plan_code)).toEqual(['ACC_10K', 'AI_5K', 'AI_10K', 'AI_UNL']);
    expect(quote.pets[0]!.plans[2]).toEqual(quote.pets[0]!.plan);
    const premiums = quote.pets[0]!.plans.map((p) => p.total_premium);
    expect([...premiums].sort((a, b) => a - b)).toEqual(premiums);
    expect(quote.pets[1]!.wellness).toEqual({
      code: 'WELLNESS_PLUS',
      name: 'Wellness plus',
      monthly: 2_495,
      total: 29_940,
    });
    expect(quote.pets.every((p) => p.plan.applied_discount === 1_000)).toBe(true);
  });

  it('adds up the monthly and annual payments with the fees of each period', () => {
    const quote = rateQuote(tx, { zip: '77002', discountCode: null, pets: [dog, cat] });
    let annual = 0;
    for (const { plan, wellness } of quote.pets) {
      annual += plan.total_premium + plan.total_state_tax + plan.total_municipal_tax + (wellness?.total ?? 0);
    }
    expect(quote.annual).toEqual({ total: annual, fees: [] });
    expect(quote.monthly.fees).toEqual([
      { feeCode: 'INSTALLMENT', description: 'Installment fee', amount: 100, total: 1_200 },
    ]);
    expect(quote.monthly.total).toBe(annual + 1_200);
    expect(quote.monthly.downpayment + 11 * quote.monthly.installment).toBe(quote.monthly.total);
  });

  it('charges an annual fee once when the state files one', () => {
    const tables: RateTables = {
      ...tx,
      fees: [
        ...tx.fees,
        { feeCode: 'POLICY', description: 'Policy fee', paymentPeriod: 'ANNUAL', amountCents: 500 },
      ],
    };
    const plain = rateQuote(tx, { zip: '77002', discountCode: null, pets: [dog] });
    const withFee = rateQuote(tables, { zip: '77002', discountCode: null, pets: [dog] });
    expect(withFee.annual.total).toBe(plain.annual.total + 500);
    expect(withFee.monthly.total).toBe(plain.monthly.total);
  });

  it('refuses an empty quote, too many pets, and wellness where it is not sold', () => {
    expect(() => rateQuote(tx, { zip: '77002', discountCode: null, pets: [] })).toThrow(/at least one pet/);
    expect(() => rateQuote(tx, { zip: '77002', discountCode: null, pets: Array(6).fill(dog) })).toThrow(
      /at most 5/,
    );
    const fl = filedTables('FL', '2026-11-22');
    expect(() => rateQuote(fl, { zip: '33101', discountCode: null, pets: [cat] })).toThrow(
      /Wellness is not sold/,
    );
    expect(() =>
      rateQuote(tx, { zip: '77002', discountCode: null, pets: [{ ...dog, wellnessCode: 'GOLD' }] }),
    ).toThrow(/GOLD/);
  });

  it('lands a 3-year-old mixed-breed dog in Texas on the default plan at $35–60 a month', () => {
    for (const zip of ['78701', '77002', '75201', '79901']) {
      const quote = rateQuote(tx, {
        zip,
        discountCode: null,
        pets: [{ ...dog, breedCode: 'MIXED_BREED_MEDIUM', age: 3 }],
      });
      expect(quote.monthly.installment).toBeGreaterThanOrEqual(3_500);
      expect(quote.monthly.installment).toBeLessThanOrEqual(6_000);
    }
  });
});
