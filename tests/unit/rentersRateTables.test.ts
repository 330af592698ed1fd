import { describe, expect, it } from 'vitest';
import { buildRentersRateTables } from '../../src/server/domain/rentersRating/buildRentersRateTables';
import { FILED_RENTERS_ROWS } from '../../src/server/domain/rentersRating/filedRentersTables';

// The renters tables of a state on a date, as built from the filing's rows (docs/rating.md).
describe('the renters tables of a state', () => {
  it('where renters is not sold list no territory, no fee and no value of any option', () => {
    for (const [state, date] of [
      ['NY', '2026-11-22'],
      ['TX', '2024-12-31'],
    ] as const) {
      const tables = buildRentersRateTables(FILED_RENTERS_ROWS, state, date);
      expect(tables.sold).toBe(false);
      expect(tables.territories).toEqual([]);
      expect(tables.fees).toEqual([]);
      for (const rule of Object.values(tables.options))
        expect(rule).toEqual({ allow: false, type: 'list', values: [] });
    }
  });

  it('list territories by zip prefix and fees by payment period then code, whatever order the rows come in', () => {
    const reversed = {
      ...FILED_RENTERS_ROWS,
      territories: [...FILED_RENTERS_ROWS.territories].reverse(),
      fees: [...FILED_RENTERS_ROWS.fees].reverse(),
    };
    const filed = buildRentersRateTables(FILED_RENTERS_ROWS, 'TX', '2026-11-22');
    const tables = buildRentersRateTables(reversed, 'TX', '2026-11-22');
    const prefixes = tables.territories.map((t) => t.zipPrefix);
    expect(prefixes.length).toBeGreaterThan(2);
    expect(prefixes).toEqual([...prefixes].sort());
    expect(tables.territories).toEqual(filed.territories);
    expect(tables.fees).toEqual(filed.fees);
  });
});
