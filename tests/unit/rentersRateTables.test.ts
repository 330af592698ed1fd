import { describe, expect, it } from 'vitest';
import {
  buildRentersRateTables as build,
  type RentersRateRows,
} from '../../src/server/domain/rentersRating/buildRentersRateTables';
import { FILED_RENTERS_ROWS } from '../../src/server/domain/rentersRating/filedRentersTables';

// The renters tables of a state on a date, as built from the filing's rows (docs/rating.md).
describe('the renters tables of a state', () => {
  it('where renters is not sold list no territory, no fee and no value of any option', () => {
    for (const [state, date] of [
      ['NY', '2026-11-22'],
      ['TX', '2024-12-31'],
    ] as const) {
      const tables = build(FILED_RENTERS_ROWS, state, date);
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
    const filed = build(FILED_RENTERS_ROWS, 'TX', '2026-11-22');
    const tables = build(reversed, 'TX', '2026-11-22');
    const prefixes = tables.territories.map((t) => t.zipPrefix);
    expect(prefixes.length).toBeGreaterThan(2);
    expect(prefixes).toEqual([...prefixes].sort());
    expect(tables.territories).toEqual(filed.territories);
    expect(tables.fees).toEqual(filed.fees);
  });
});

describe('a new version of one factor or charge', () => {
  // The filing's tables, then a new deductible factor and a new liability charge from October 1, 2026.
  const rows: RentersRateRows = {
    ...FILED_RENTERS_ROWS,
    factors: [
      ...FILED_RENTERS_ROWS.factors,
      { factor_type: 'DEDUCTIBLE', factor_key: '50000', effective_date: '2026-10-01', factor_bp: 9_500 },
      { factor_type: 'DEDUCTIBLE', factor_key: '100000', effective_date: '2026-10-01', factor_bp: 8_000 },
    ],
    charges: [
      ...FILED_RENTERS_ROWS.charges,
      { charge_type: 'LIABILITY', charge_key: '10000000', effective_date: '2026-10-01', amount_cents: 4_200 },
    ],
  };
  const filed = build(FILED_RENTERS_ROWS, 'TX', '2026-11-22');
  const tables = build(rows, 'TX', '2026-11-22');

  it('replaces that factor type whole from its date, and leaves the other types as filed', () => {
    expect(tables.factors.DEDUCTIBLE).toEqual({ '50000': 9_500, '100000': 8_000 });
    expect({ ...tables.factors, DEDUCTIBLE: null }).toEqual({ ...filed.factors, DEDUCTIBLE: null });
    expect(build(rows, 'TX', '2026-09-30').factors).toEqual(filed.factors);
  });

  it('replaces that charge type whole from its date, and leaves the other types as filed', () => {
    expect(tables.charges.LIABILITY).toEqual({ '10000000': 4_200 });
    expect({ ...tables.charges, LIABILITY: null }).toEqual({ ...filed.charges, LIABILITY: null });
  });
});

describe('rows of a factor or charge type the rater does not know', () => {
  it('are left out of the tables', () => {
    const rows: RentersRateRows = {
      ...FILED_RENTERS_ROWS,
      factors: [
        ...FILED_RENTERS_ROWS.factors,
        { factor_type: 'FLOOD', factor_key: '1', effective_date: '2025-01-01', factor_bp: 1 },
      ],
      charges: [
        ...FILED_RENTERS_ROWS.charges,
        { charge_type: 'PET', charge_key: '1', effective_date: '2025-01-01', amount_cents: 1 },
      ],
    };
    const tables = build(rows, 'TX', '2026-11-22');
    const filed = build(FILED_RENTERS_ROWS, 'TX', '2026-11-22');
    expect(tables.factors).toEqual(filed.factors);
    expect(tables.charges).toEqual(filed.charges);
  });
});

describe('a state’s fees', () => {
  it('are listed by payment period, then by code', () => {
    const fee = (fee_code: string, payment_period: string) => ({
      state_code: 'TX',
      fee_code,
      payment_period,
      effective_date: '2025-01-01',
      description: fee_code,
      amount_cents: 100,
    });
    const rows: RentersRateRows = {
      ...FILED_RENTERS_ROWS,
      fees: [
        fee('C', 'TERM'),
        fee('D', 'TERM'),
        fee('B', 'MONTHLY'),
        fee('A', 'TERM'),
        fee('E', 'ANNUAL'),
        fee('A', 'MONTHLY'),
        fee('C', 'ANNUAL'),
      ],
    };
    expect(build(rows, 'TX', '2026-11-22').fees.map((f) => `${f.paymentPeriod} ${f.feeCode}`)).toEqual([
      'ANNUAL C',
      'ANNUAL E',
      'MONTHLY A',
      'MONTHLY B',
      'TERM A',
      'TERM C',
      'TERM D',
    ]);
  });
});
