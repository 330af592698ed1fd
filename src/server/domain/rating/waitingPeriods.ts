// Waiting periods (docs/rating.md "Waiting periods"): how long after a policy's start date each category of
// cover begins. Filed per plan in rate_waiting_periods, versioned like the other rate tables.
export type WaitingCategory = 'ACCIDENT' | 'ILLNESS' | 'KNEE_LIGAMENT' | 'WELLNESS';
export const WAITING_CATEGORIES: readonly WaitingCategory[] = [
  'ACCIDENT',
  'ILLNESS',
  'KNEE_LIGAMENT',
  'WELLNESS',
];

export interface WaitingPeriod {
  unit: 'DAY' | 'MONTH';
  value: number;
}

export interface WaitingPeriods {
  accident: WaitingPeriod;
  illness: WaitingPeriod;
  knee_ligament: WaitingPeriod;
  wellness: WaitingPeriod;
}

export interface CoverageStartDates {
  general: string;
  accident: string;
  illness: string;
  knee_ligament: string;
  wellness: string;
}

export const WAITING_PERIOD_KEYS: Record<WaitingCategory, keyof WaitingPeriods> = {
  ACCIDENT: 'accident',
  ILLNESS: 'illness',
  KNEE_LIGAMENT: 'knee_ligament',
  WELLNESS: 'wellness',
};

// The day cover of each category starts: the policy's start date ('YYYY-MM-DD') plus the category's waiting
// period. General cover starts on the start date. A month is a calendar month, kept to the last day of a
// shorter month (Aug 31 + 6 months = Feb 28, or Feb 29 in a leap year).
export function coverageStartDates(startDate: string, periods: WaitingPeriods): CoverageStartDates {
  return {
    general: startDate,
    accident: afterWaiting(startDate, periods.accident),
    illness: afterWaiting(startDate, periods.illness),
    knee_ligament: afterWaiting(startDate, periods.knee_ligament),
    wellness: afterWaiting(startDate, periods.wellness),
  };
}

export function afterWaiting(startDate: string, period: WaitingPeriod): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(startDate);
  if (!match) throw new Error(`Not a date: ${startDate}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (period.unit === 'DAY') return isoDay(new Date(Date.UTC(year, month, day + period.value)));
  const lastOfTarget = new Date(Date.UTC(year, month + period.value + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month + period.value, Math.min(day, lastOfTarget))));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
