import { formatDate } from '../format';

export interface CoverWait {
  unit: 'DAY' | 'MONTH';
  value: number;
}

export interface CoverStartsProps {
  // The day each category's cover starts and the waiting period that made it (docs/rating.md "Waiting
  // periods"), for a quote's pet or an issued policy.
  starts: { accident: string; illness: string; kneeLigament: string; wellness: string };
  periods: { accident: CoverWait; illness: CoverWait; kneeLigament: CoverWait; wellness: CoverWait };
  label?: string;
}

const CATEGORIES = [
  ['illness', 'Illness'],
  ['accident', 'Accident'],
  ['kneeLigament', 'Knee ligament'],
  ['wellness', 'Wellness'],
] as const;

// "14-day waiting period", "6-month waiting period", or "no waiting period".
export function waitingPeriodText(period: CoverWait): string {
  if (period.value === 0) return 'no waiting period';
  return `${period.value}-${period.unit === 'MONTH' ? 'month' : 'day'} waiting period`;
}

// "Illness cover from Dec 21, 2026 (14-day waiting period)", one line per category.
export function CoverStarts({ starts, periods, label = 'When cover starts' }: CoverStartsProps) {
  return (
    <ul aria-label={label} className="space-y-1 text-sm text-slate-700">
      {CATEGORIES.map(([key, name]) => (
        <li key={key}>
          {name} cover from {formatDate(starts[key])} ({waitingPeriodText(periods[key])})
        </li>
      ))}
    </ul>
  );
}

// A quote pet's snake_case start dates and waiting periods as CoverStarts takes them; null before both are known.
export function quotePetCoverStarts(pet: {
  start_dates: { accident: string; illness: string; knee_ligament: string; wellness: string } | null;
  waiting_periods: {
    accident: CoverWait;
    illness: CoverWait;
    knee_ligament: CoverWait;
    wellness: CoverWait;
  } | null;
}): CoverStartsProps | null {
  const { start_dates: s, waiting_periods: w } = pet;
  if (!s || !w) return null;
  return {
    starts: { accident: s.accident, illness: s.illness, kneeLigament: s.knee_ligament, wellness: s.wellness },
    periods: {
      accident: w.accident,
      illness: w.illness,
      kneeLigament: w.knee_ligament,
      wellness: w.wellness,
    },
  };
}
