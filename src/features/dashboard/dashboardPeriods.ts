import { addDays, daysBetween } from '../../calendar';

// The period chooser's choices (docs/reports.md "Dashboard"): each preset names days in UTC, as the server
// counts them, worked out from today when the page loads, so a bookmarked "Last 30 days" keeps rolling. Each
// preset also names the period its figures are compared with (presetPeriods), sent to the server, so the URL
// holds only the preset. A custom period carries its own dates in the URL
// (?period=custom&from=2026-01-01&to=2026-03-31) and is compared with the days of equal length just before,
// which the server works out.

export const PERIOD_PRESETS = [
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'thisQuarter', label: 'This quarter' },
  { value: 'thisYear', label: 'This year' },
  { value: 'custom', label: 'Custom dates' },
] as const;

export type PeriodChoice = (typeof PERIOD_PRESETS)[number]['value'];
export const DEFAULT_PERIOD: PeriodChoice = 'last30';

export const isPeriodChoice = (value: string | null): value is PeriodChoice =>
  PERIOD_PRESETS.some((p) => p.value === value);

export interface PeriodDates {
  fromDate: string;
  toDate: string;
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

// Day `day` of month `m` (0-based, may run over into other years) of year `y`, clipped to the month's last
// day (the 31st of February is its 28th or 29th); a month's last day stands for the other's last day, so a
// month, quarter or year to its end is compared with one to its end.
const sameDayIn = (y: number, m: number, day: number, monthEnd: boolean) => {
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return iso(y, m, monthEnd ? last : Math.min(day, last));
};

// The period of the same number of days ending the day before `period` starts.
const justBefore = (period: PeriodDates): PeriodDates => {
  const toDate = addDays(period.fromDate, -1);
  return { fromDate: addDays(toDate, -daysBetween(period.fromDate, period.toDate)), toDate };
};

export interface PresetPeriods {
  period: PeriodDates;
  // What the period's figures are compared with.
  comparison: PeriodDates;
}

// The dates of a preset on `today` (YYYY-MM-DD, UTC) and of the period it is compared with; null for a
// custom period, which has its own dates and the server's comparison (the same length just before).
// - Last 7 / 30 days: the 7 / 30 days before.
// - This month (to date): the previous month from its 1st to the same day of month, clipped to its length
//   (31 March: 1–28 or 29 February).
// - Last month: the month before it, whole.
// - This quarter (to date): the previous quarter from its first day to the same month of the quarter and day
//   of month, clipped (31 March: 1 October – 31 December; 31 May: 1 November – 28 or 29 February).
// - This year (to date): last year from 1 January to the same day (29 February: to 28 February).
// A month's last day is compared up to the other month's last day (30 April: to 31 March).
export function presetPeriods(choice: PeriodChoice, today: string): PresetPeriods | null {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const month = m - 1;
  const monthEnd = d === new Date(Date.UTC(y, m, 0)).getUTCDate();
  const rolling = (days: number) => {
    const period = { fromDate: addDays(today, 1 - days), toDate: today };
    return { period, comparison: justBefore(period) };
  };
  switch (choice) {
    case 'last7':
      return rolling(7);
    case 'last30':
      return rolling(30);
    case 'thisMonth':
      return {
        period: { fromDate: iso(y, month, 1), toDate: today },
        comparison: { fromDate: iso(y, month - 1, 1), toDate: sameDayIn(y, month - 1, d, monthEnd) },
      };
    case 'lastMonth':
      return {
        period: { fromDate: iso(y, month - 1, 1), toDate: iso(y, month, 0) },
        comparison: { fromDate: iso(y, month - 2, 1), toDate: iso(y, month - 1, 0) },
      };
    case 'thisQuarter': {
      const first = month - (month % 3);
      return {
        period: { fromDate: iso(y, first, 1), toDate: today },
        comparison: { fromDate: iso(y, first - 3, 1), toDate: sameDayIn(y, month - 3, d, monthEnd) },
      };
    }
    case 'thisYear':
      return {
        period: { fromDate: iso(y, 0, 1), toDate: today },
        comparison: { fromDate: iso(y - 1, 0, 1), toDate: sameDayIn(y - 1, month, d, monthEnd) },
      };
    case 'custom':
      return null;
  }
}
