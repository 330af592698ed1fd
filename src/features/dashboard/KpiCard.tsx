import { useId, type ReactNode } from 'react';
import type { Trend } from './dashboardTrend';

export interface KpiCardProps {
  label: string;
  value: string;
  previous: string;
  trend: Trend | null;
  // A line under the figure (the split per line of business).
  detail?: ReactNode;
}

const TONES = {
  good: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  bad: 'bg-red-50 text-red-700 ring-red-600/20',
  neutral: 'bg-slate-50 text-slate-600 ring-slate-500/20',
} as const;

const TONE_WORDS = { good: 'better', bad: 'worse', neutral: 'neutral' } as const;

// One figure of the period, the same figure of the period before, and how it moved.
export function KpiCard({ label, value, previous, trend, detail }: KpiCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-label`}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${id}-label`} className="text-sm font-medium text-slate-600">
        {label}
      </h3>
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-2xl font-semibold tracking-tight text-slate-900" data-testid="kpi-value">
          {value}
        </p>
        {trend && (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[trend.tone]}`}
            data-testid="kpi-trend"
            data-tone={trend.tone}
          >
            {trend.label}
            <span className="sr-only"> ({TONE_WORDS[trend.tone]})</span>
          </span>
        )}
      </div>
      {detail && <p className="mt-1 text-xs text-slate-500">{detail}</p>}
      <p className="mt-auto pt-2 text-xs text-slate-500" data-testid="kpi-previous">
        Previous period: <span className="font-medium text-slate-700">{previous}</span>
      </p>
    </section>
  );
}
