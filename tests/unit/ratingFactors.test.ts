import { describe, expect, it } from 'vitest';
import { examFee, riskPremium, territoryOf } from '../../src/server/domain/rating/factors';
import type { PetRatingInput } from '../../src/server/domain/rating/rateTypes';
import { filedTables } from '../support/rateTableFixtures';

const tx = filedTables('TX', '2026-11-22');
const dog: PetRatingInput = {
  species: 'DOG',
  breedCode: 'MIXED_BREED_MEDIUM',
  age: 3,
  planCode: 'AI_10K',
  deductible: 50_000,
  reimbursement: 80,
  examFee: false,
  wellnessCode: null,
};

describe('rating factors', () => {
  it('multiplies the base rate by every factor', () => {
    expect(riskPremium(tx, dog, '78701')).toEqual({
      baseRate: 54_600,
      breedClass: 9_500,
      ageBand: 10_000,
      territory: 10_500,
      plan: 10_000,
      deductible: 10_000,
      reimbursement: 10_000,
      riskPremium: 54_464,
    });
  });

  it('prices the breed class, age band, plan, deductible and reimbursement', () => {
    const risk = (change: Partial<PetRatingInput>) => riskPremium(tx, { ...dog, ...change }, '79901');
    expect(risk({ breedCode: 'FRENCH_BULLDOG' }).breedClass).toBe(14_500);
    expect(risk({ breedCode: 'CHIHUAHUA' }).breedClass).toBe(8_500);
    expect(risk({ age: 0 }).ageBand).toBe(9_000);
    expect(risk({ age: 14 }).ageBand).toBe(28_000);
    expect(risk({ planCode: 'ACC_10K' }).riskPremium).toBe(15_561); // 54600 × 0.95 × 0.30 = 15561
    expect(risk({ deductible: 100_000 }).deductible).toBe(8_200);
    expect(risk({ reimbursement: 90 }).reimbursement).toBe(11_500);
    expect(risk({}).territory).toBe(10_000); // El Paso: the rest of Texas
  });

  it('picks the territory by zip prefix, else the rest of the state', () => {
    expect(territoryOf(tx, '77002').factorBp).toBe(11_000);
    expect(territoryOf(tx, '79901')).toMatchObject({ zipPrefix: '*', factorBp: 10_000 });
    expect(() => territoryOf(tx, '7870')).toThrow(/five digits/);
  });

  it('prices the exam-fee option as a share of the risk premium, where it is sold', () => {
    expect(examFee(tx, dog, 54_464)).toBe(0);
    expect(examFee(tx, { ...dog, examFee: true }, 54_464)).toBe(8_170); // 15% of 54464 = 8169.6
    const wa = filedTables('WA', '2026-11-22');
    expect(() => examFee(wa, { ...dog, examFee: true }, 54_464)).toThrow(/not sold in WA/);
  });

  it('names the field it cannot price', () => {
    const fieldOf = (change: Partial<PetRatingInput>) => {
      try {
        riskPremium(tx, { ...dog, ...change }, '78701');
        return null;
      } catch (e) {
        return (e as { field?: string }).field;
      }
    };
    expect(fieldOf({ breedCode: 'PERSIAN' })).toBe('breedCode'); // a cat breed for a dog
    expect(fieldOf({ breedCode: 'NOPE' })).toBe('breedCode');
    expect(fieldOf({ age: 15 })).toBe('age');
    expect(fieldOf({ age: 2.5 })).toBe('age');
    expect(fieldOf({ planCode: 'GOLD' })).toBe('planCode');
    expect(fieldOf({ deductible: 30_000 })).toBe('deductible');
    expect(fieldOf({ reimbursement: 100 })).toBe('reimbursement');
  });
});
