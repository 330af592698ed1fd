import { describe, expect, it } from 'vitest';
import { afterWaiting, coverageStartDates } from '../../src/server/domain/rating/waitingPeriods';
import { filedTables } from '../support/rateTableFixtures';

const FILED = {
  accident: { unit: 'DAY', value: 2 },
  illness: { unit: 'DAY', value: 14 },
  knee_ligament: { unit: 'MONTH', value: 6 },
  wellness: { unit: 'DAY', value: 0 },
} as const;

describe('coverageStartDates', () => {
  it('adds each waiting period to the start date; general cover starts on it', () => {
    expect(coverageStartDates('2026-12-07', FILED)).toEqual({
      general: '2026-12-07',
      accident: '2026-12-09',
      illness: '2026-12-21',
      knee_ligament: '2027-06-07',
      wellness: '2026-12-07',
    });
  });

  it('crosses month and year ends by days', () => {
    expect(afterWaiting('2026-12-30', { unit: 'DAY', value: 2 })).toBe('2027-01-01');
    expect(afterWaiting('2027-02-20', { unit: 'DAY', value: 14 })).toBe('2027-03-06');
    expect(afterWaiting('2028-02-20', { unit: 'DAY', value: 14 })).toBe('2028-03-05');
  });

  it('keeps a month period to the last day of a shorter month, leap day included', () => {
    expect(afterWaiting('2026-08-31', { unit: 'MONTH', value: 6 })).toBe('2027-02-28');
    expect(afterWaiting('2027-08-31', { unit: 'MONTH', value: 6 })).toBe('2028-02-29');
    expect(afterWaiting('2026-03-31', { unit: 'MONTH', value: 1 })).toBe('2026-04-30');
    expect(afterWaiting('2028-02-29', { unit: 'MONTH', value: 12 })).toBe('2029-02-28');
    expect(afterWaiting('2027-12-15', { unit: 'MONTH', value: 6 })).toBe('2028-06-15');
  });

  it('adds nothing for a zero period', () => {
    expect(afterWaiting('2028-02-29', { unit: 'DAY', value: 0 })).toBe('2028-02-29');
    expect(afterWaiting('2028-02-29', { unit: 'MONTH', value: 0 })).toBe('2028-02-29');
  });
});

describe('filed waiting periods', () => {
  it('every plan sold carries the filed periods', () => {
    const tables = filedTables('TX', '2026-12-07');
    expect(Object.keys(tables.waitingPeriods)).toEqual(tables.plans.map((p) => p.planCode));
    for (const periods of Object.values(tables.waitingPeriods)) expect(periods).toEqual(FILED);
  });
});
