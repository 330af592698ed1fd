import { describe, expect, it } from 'vitest';
import { discountAmount, discountTerms } from '../../src/server/domain/rating/discounts';
import { filedTables } from '../support/rateTableFixtures';

const tables = filedTables('TX', '2026-11-22');
const context = (petCount: number, discountCode: string | null) => ({ zip: '78701', petCount, discountCode });

describe('discounts', () => {
  it('gives no discount to one pet without a code, under the configured cap', () => {
    expect(discountTerms(tables, context(1, null))).toEqual({ appliedBp: 0, maxAllowedBp: 2_000 });
  });

  it('gives the multi-pet discount from two pets', () => {
    expect(discountTerms(tables, context(2, null))).toEqual({ appliedBp: 1_000, maxAllowedBp: 2_000 });
  });

  it('adds a code and caps the sum at the code’s max allowed discount', () => {
    expect(discountTerms(tables, context(1, 'WELCOME10'))).toEqual({ appliedBp: 1_000, maxAllowedBp: 2_000 });
    expect(discountTerms(tables, context(2, 'welcome10'))).toEqual({ appliedBp: 2_000, maxAllowedBp: 2_000 });
    expect(discountTerms(tables, context(3, 'SHELTER15'))).toEqual({ appliedBp: 2_000, maxAllowedBp: 2_000 });
    expect(discountTerms(tables, context(2, 'MILITARY'))).toEqual({ appliedBp: 2_000, maxAllowedBp: 2_500 });
    expect(discountTerms(tables, context(2, 'STAFF25'))).toEqual({ appliedBp: 2_500, maxAllowedBp: 2_500 });
  });

  it('refuses an unknown, expired or withdrawn code', () => {
    for (const code of ['NOPE', 'SPRING25', 'VETREF']) {
      expect(() => discountTerms(tables, context(1, code))).toThrow(/not valid/);
    }
  });

  it('rounds the discount down', () => {
    expect(discountAmount(122_951, { appliedBp: 2_000, maxAllowedBp: 2_000 })).toBe(24_590);
    expect(discountAmount(4, { appliedBp: 2_000, maxAllowedBp: 2_000 })).toBe(0);
  });
});
