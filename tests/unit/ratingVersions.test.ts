import { describe, expect, it } from 'vitest';
import { buildRateTables } from '../../src/server/domain/rating/buildRateTables';
import { RatingError } from '../../src/server/domain/rating/ratingError';
import { inForce } from '../../src/server/domain/rating/versions';
import { FILED_ROWS, filedTables } from '../support/rateTableFixtures';

describe('rate table versions', () => {
  const rows = [
    { key: 'A', effective_date: '2025-01-01', v: 1 },
    { key: 'B', effective_date: '2025-01-01', v: 1 },
    { key: 'A', effective_date: '2026-07-01', v: 2 },
    { key: 'A', effective_date: '2027-01-01', v: 3 },
  ];

  it('keeps the latest version on or before the date, as a whole', () => {
    expect(inForce(rows, '2024-12-31')).toEqual([]);
    expect(inForce(rows, '2025-01-01').map((r) => r.key + r.v)).toEqual(['A1', 'B1']);
    expect(inForce(rows, '2026-06-30').map((r) => r.key + r.v)).toEqual(['A1', 'B1']);
    // The 2026 version holds only A: B is no longer filed.
    expect(inForce(rows, '2026-07-01').map((r) => r.key + r.v)).toEqual(['A2']);
    expect(inForce(rows, '2030-01-01').map((r) => r.key + r.v)).toEqual(['A3']);
  });

  it('versions each part of a table on its own', () => {
    const byKey = inForce(rows, '2026-07-01', (r) => r.key);
    expect(byKey.map((r) => r.key + r.v)).toEqual(['B1', 'A2']);
  });

  it('builds the tables in force: the dog base rate changed on 2026-07-01', () => {
    expect(filedTables('TX', '2026-06-30').baseRates).toEqual({ DOG: 52_000, CAT: 30_000 });
    expect(filedTables('TX', '2026-07-01').baseRates).toEqual({ DOG: 54_600, CAT: 30_000 });
  });

  it('builds one state: its tax, territories, fees and the discount codes valid that day', () => {
    const ky = filedTables('KY', '2025-04-01');
    expect(ky.premiumTaxBp).toBe(200);
    expect(ky.territories.find((t) => t.zipPrefix === '402')).toMatchObject({ municipalTaxBp: 500 });
    expect(ky.fees).toEqual([
      { feeCode: 'INSTALLMENT', description: 'Installment fee', paymentPeriod: 'MONTHLY', amountCents: 100 },
    ]);
    expect(ky.discountCodes.map((d) => d.code)).toContain('SPRING25');
    expect(ky.discountCodes.map((d) => d.code)).not.toContain('VETREF');
    expect(filedTables('KY', '2025-06-01').discountCodes.map((d) => d.code)).not.toContain('SPRING25');
    expect(Object.keys(ky.breeds).length).toBeGreaterThan(190);
  });

  it('sells only the plans with a plan factor in force', () => {
    const rows = { ...FILED_ROWS, factors: FILED_ROWS.factors.filter((f) => f.factor_key !== 'AI_UNL') };
    expect(buildRateTables(rows, 'TX', '2026-01-01').plans.map((p) => p.planCode)).toEqual([
      'ACC_10K',
      'AI_5K',
      'AI_10K',
    ]);
  });

  it('refuses a state where pet insurance is not sold, or a date before its filing', () => {
    expect(() => filedTables('NY', '2026-01-01')).toThrow(RatingError);
    expect(() => buildRateTables(FILED_ROWS, 'TX', '2024-12-31')).toThrow(/not sold in TX/);
  });
});
