import { describe, expect, it } from 'vitest';
import { premiumTaxes } from '../../src/server/domain/rating/taxes';
import { filedTables } from '../support/rateTableFixtures';

describe('premium taxes', () => {
  it('levies the state premium tax, and no municipal tax outside Kentucky cities', () => {
    expect(premiumTaxes(filedTables('TX', '2026-11-22'), '78701', 54_464)).toEqual({
      state: 871,
      municipal: 0,
    });
    expect(premiumTaxes(filedTables('KY', '2026-11-22'), '42101', 10_000)).toEqual({
      state: 200,
      municipal: 0,
    });
  });

  it('adds the municipal tax of a Kentucky city', () => {
    const ky = filedTables('KY', '2026-11-22');
    expect(premiumTaxes(ky, '40202', 98_361)).toEqual({ state: 1_967, municipal: 4_918 });
    expect(premiumTaxes(ky, '40502', 10_000)).toEqual({ state: 200, municipal: 600 });
  });
});
