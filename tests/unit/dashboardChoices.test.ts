import { describe, expect, it } from 'vitest';
import { presetPeriods, type PeriodChoice } from '../../src/features/dashboard/dashboardPeriods';
import { pointsTrendOf, trendOf } from '../../src/features/dashboard/dashboardTrend';

// The dashboard's period presets (UTC days), each with the period it is compared with, and the KPI cards'
// trend (docs/reports.md "Dashboard").
const DAY_MS = 86_400_000;
const daysIn = (p: { fromDate: string; toDate: string }) =>
  (Date.parse(p.toDate) - Date.parse(p.fromDate)) / DAY_MS + 1;

describe('dashboard period presets and their comparison periods', () => {
  // choice, today, period from, to, compared with from, to
  const cases: readonly (readonly [PeriodChoice, string, string, string, string, string])[] = [
    // Rolling days: the same number of days just before.
    ['last7', '2026-03-10', '2026-03-04', '2026-03-10', '2026-02-25', '2026-03-03'],
    ['last7', '2026-01-03', '2025-12-28', '2026-01-03', '2025-12-21', '2025-12-27'],
    ['last30', '2026-03-10', '2026-02-09', '2026-03-10', '2026-01-10', '2026-02-08'],
    ['last30', '2024-03-30', '2024-03-01', '2024-03-30', '2024-01-31', '2024-02-29'],
    // This month to date against the month before to the same day, clipped to that month's length.
    ['thisMonth', '2026-11-24', '2026-11-01', '2026-11-24', '2026-10-01', '2026-10-24'],
    ['thisMonth', '2026-03-10', '2026-03-01', '2026-03-10', '2026-02-01', '2026-02-10'],
    ['thisMonth', '2026-03-31', '2026-03-01', '2026-03-31', '2026-02-01', '2026-02-28'],
    ['thisMonth', '2024-03-31', '2024-03-01', '2024-03-31', '2024-02-01', '2024-02-29'],
    ['thisMonth', '2026-03-29', '2026-03-01', '2026-03-29', '2026-02-01', '2026-02-28'],
    ['thisMonth', '2026-05-31', '2026-05-01', '2026-05-31', '2026-04-01', '2026-04-30'],
    ['thisMonth', '2026-01-31', '2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31'],
    ['thisMonth', '2026-11-01', '2026-11-01', '2026-11-01', '2026-10-01', '2026-10-01'],
    ['thisMonth', '2026-04-30', '2026-04-01', '2026-04-30', '2026-03-01', '2026-03-31'],
    ['thisQuarter', '2026-05-31', '2026-04-01', '2026-05-31', '2026-01-01', '2026-02-28'],
    // Last month against the whole month before it.
    ['lastMonth', '2026-11-24', '2026-10-01', '2026-10-31', '2026-09-01', '2026-09-30'],
    ['lastMonth', '2026-03-10', '2026-02-01', '2026-02-28', '2026-01-01', '2026-01-31'],
    ['lastMonth', '2024-03-31', '2024-02-01', '2024-02-29', '2024-01-01', '2024-01-31'],
    ['lastMonth', '2024-04-01', '2024-03-01', '2024-03-31', '2024-02-01', '2024-02-29'],
    ['lastMonth', '2026-01-15', '2025-12-01', '2025-12-31', '2025-11-01', '2025-11-30'],
    ['lastMonth', '2026-02-28', '2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31'],
    // This quarter to date against the quarter before, as many days in, clipped to its end.
    ['thisQuarter', '2026-03-10', '2026-01-01', '2026-03-10', '2025-10-01', '2025-12-10'],
    ['thisQuarter', '2026-01-01', '2026-01-01', '2026-01-01', '2025-10-01', '2025-10-01'],
    ['thisQuarter', '2026-03-31', '2026-01-01', '2026-03-31', '2025-10-01', '2025-12-31'],
    ['thisQuarter', '2026-04-01', '2026-04-01', '2026-04-01', '2026-01-01', '2026-01-01'],
    ['thisQuarter', '2026-05-15', '2026-04-01', '2026-05-15', '2026-01-01', '2026-02-15'],
    // Q2 (91 days) to its last day against Q1 (90 days): clipped to 31 March; in a leap year Q1 has 91.
    ['thisQuarter', '2026-06-30', '2026-04-01', '2026-06-30', '2026-01-01', '2026-03-31'],
    ['thisQuarter', '2024-06-30', '2024-04-01', '2024-06-30', '2024-01-01', '2024-03-31'],
    ['thisQuarter', '2024-06-29', '2024-04-01', '2024-06-29', '2024-01-01', '2024-03-29'],
    // Q3 (92 days) to its last day against Q2 (91 days): clipped to 30 June.
    ['thisQuarter', '2026-09-30', '2026-07-01', '2026-09-30', '2026-04-01', '2026-06-30'],
    ['thisQuarter', '2026-11-30', '2026-10-01', '2026-11-30', '2026-07-01', '2026-08-31'],
    ['thisQuarter', '2026-12-31', '2026-10-01', '2026-12-31', '2026-07-01', '2026-09-30'],
    // This year to date against last year to the same day.
    ['thisYear', '2026-11-24', '2026-01-01', '2026-11-24', '2025-01-01', '2025-11-24'],
    ['thisYear', '2026-03-10', '2026-01-01', '2026-03-10', '2025-01-01', '2025-03-10'],
    ['thisYear', '2026-01-01', '2026-01-01', '2026-01-01', '2025-01-01', '2025-01-01'],
    ['thisYear', '2026-12-31', '2026-01-01', '2026-12-31', '2025-01-01', '2025-12-31'],
    // Leap years: 29 February has no day last year (to 28 February); 1 March of the year after follows it.
    ['thisYear', '2024-02-29', '2024-01-01', '2024-02-29', '2023-01-01', '2023-02-28'],
    ['thisYear', '2025-03-01', '2025-01-01', '2025-03-01', '2024-01-01', '2024-03-01'],
    ['thisYear', '2025-02-28', '2025-01-01', '2025-02-28', '2024-01-01', '2024-02-29'],
  ];
  it.each(cases)('%s on %s is %s to %s, compared with %s to %s', (choice, today, from, to, cFrom, cTo) => {
    expect(presetPeriods(choice, today)).toEqual({
      period: { fromDate: from, toDate: to },
      comparison: { fromDate: cFrom, toDate: cTo },
    });
  });

  it('always compares with a period that ends before the period starts, within 731 days', () => {
    const choices = ['last7', 'last30', 'thisMonth', 'lastMonth', 'thisQuarter', 'thisYear'] as const;
    // Every day of 2023 and 2024 (a leap year) and the first days of 2025.
    for (let t = Date.parse('2023-01-01'); t <= Date.parse('2025-01-10'); t += DAY_MS) {
      const today = new Date(t).toISOString().slice(0, 10);
      for (const choice of choices) {
        const { period, comparison } = presetPeriods(choice, today)!;
        expect(period.toDate <= today, `${choice} on ${today}`).toBe(true);
        expect(comparison.fromDate <= comparison.toDate, `${choice} on ${today}`).toBe(true);
        expect(comparison.toDate < period.fromDate, `${choice} on ${today}`).toBe(true);
        expect(daysIn(comparison), `${choice} on ${today}`).toBeLessThanOrEqual(731);
        if (choice === 'last7' || choice === 'last30')
          expect(daysIn(comparison), `${choice} on ${today}`).toBe(daysIn(period));
      }
    }
  });

  it('leaves a custom period to its own dates and the server’s comparison', () => {
    expect(presetPeriods('custom', '2026-03-10')).toBeNull();
  });
});

describe('dashboard trends', () => {
  it('gives the change in percent of the previous value, good or bad by the figure', () => {
    expect(trendOf(120, 100, 'up')).toEqual({ direction: 'up', label: '↑ 20.0%', tone: 'good' });
    expect(trendOf(75, 100, 'up')).toEqual({ direction: 'down', label: '↓ 25.0%', tone: 'bad' });
    // More cancellations is worse.
    expect(trendOf(3, 2, 'down')).toEqual({ direction: 'up', label: '↑ 50.0%', tone: 'bad' });
    expect(trendOf(1, 2, 'down')).toMatchObject({ direction: 'down', tone: 'good' });
    expect(trendOf(5, 4, 'neither')).toMatchObject({ tone: 'neutral' });
  });

  it('says "new" from nothing and "No change" when equal; measures from a negative net by its size', () => {
    expect(trendOf(5, 0, 'up')).toEqual({ direction: 'up', label: '↑ new', tone: 'good' });
    expect(trendOf(0, 0, 'up')).toEqual({ direction: 'flat', label: 'No change', tone: 'neutral' });
    expect(trendOf(50, -100, 'up')).toEqual({ direction: 'up', label: '↑ 150.0%', tone: 'good' });
  });

  it('moves a rate in percentage points, and not at all without both rates', () => {
    expect(pointsTrendOf(42.5, 40, 'up')).toEqual({ direction: 'up', label: '↑ 2.5 pts', tone: 'good' });
    expect(pointsTrendOf(null, 40, 'up')).toBeNull();
  });
});
