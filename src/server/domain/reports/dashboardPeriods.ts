// Day arithmetic of the dashboard (docs/reports.md "Dashboard"): periods are whole business days, both ends
// inclusive, as YYYY-MM-DD; the figures of a period are compared with the comparison period asked for, or
// else with the period of the same length just before it, and charted per day up to DAY_BUCKETS_UP_TO days,
// per month above that.

export interface DayPeriod {
  fromDate: string;
  toDate: string;
}

export type BucketSize = 'day' | 'month';

export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 731;
export const DAY_BUCKETS_UP_TO = 62;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

// How many days fromDate..toDate holds, both counted.
export function daysIn(period: DayPeriod): number {
  return dayNumber(period.toDate) - dayNumber(period.fromDate) + 1;
}

// The period of the same number of days that ends the day before `period` starts: the comparison period
// when none is asked for.
export function previousPeriod(period: DayPeriod): DayPeriod {
  const toDate = addDays(period.fromDate, -1);
  return { fromDate: addDays(toDate, 1 - daysIn(period)), toDate };
}

// The period asked for, with what is missing filled in: no dates give the 30 days ending today; a start
// alone runs to today; an end alone gets the 30 days ending then.
export function requestedPeriod(
  fromDate: string | undefined,
  toDate: string | undefined,
  today: string,
): DayPeriod {
  const to = toDate ?? (fromDate !== undefined && fromDate > today ? fromDate : today);
  return { fromDate: fromDate ?? addDays(to, 1 - DEFAULT_PERIOD_DAYS), toDate: to };
}

export const bucketSizeOf = (period: DayPeriod): BucketSize =>
  daysIn(period) <= DAY_BUCKETS_UP_TO ? 'day' : 'month';

// The bucket a day falls in: the day itself, or its month (YYYY-MM).
export const bucketOf = (day: string, size: BucketSize): string => (size === 'day' ? day : day.slice(0, 7));

// Every bucket of the period in order, so a chart shows the empty days and months too.
export function bucketsOf(period: DayPeriod, size: BucketSize): string[] {
  const out: string[] = [];
  for (let day = period.fromDate; day <= period.toDate; day = addDays(day, 1)) {
    const bucket = bucketOf(day, size);
    if (out.at(-1) !== bucket) out.push(bucket);
  }
  return out;
}
