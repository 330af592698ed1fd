import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useBusinessToday } from '../../api/calls/calendar';
import { dashboardStatisticsQuery } from '../../api/calls/dashboard';
import { errorMessage, fieldErrorsOf, ValidationError } from '../../api/httpErrors';
import type { DashboardStatistics, DashboardStatisticsQuery } from '../../api/schemas/dashboard';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { formatBusinessDate } from '../../calendar';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { DashboardCharts } from './DashboardCharts';
import { DEFAULT_PERIOD, isPeriodChoice, presetPeriods, type PeriodChoice } from './dashboardPeriods';
import { pointsTrendOf, trendOf, type Better } from './dashboardTrend';
import { KpiCard, type KpiCardProps } from './KpiCard';
import { PeriodChooser } from './PeriodChooser';
import { QuotesByLine } from './QuotesByLine';

const whole = new Intl.NumberFormat('en-US');
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

const range = (p: { fromDate: string; toDate: string }) =>
  p.fromDate === p.toDate
    ? formatBusinessDate(p.fromDate)
    : `${formatBusinessDate(p.fromDate)} – ${formatBusinessDate(p.toDate)}`;

// The KPI cards in the order they show, each with which way is good news.
function cardsOf({ figures: f }: DashboardStatistics): KpiCardProps[] {
  const counted = (label: string, figure: { current: number; previous: number }, better: Better) => ({
    label,
    value: whole.format(figure.current),
    previous: whole.format(figure.previous),
    trend: trendOf(figure.current, figure.previous, better),
  });
  const money = (label: string, figure: { current: number; previous: number }, better: Better) => ({
    label,
    value: formatMoney(figure.current),
    previous: formatMoney(figure.previous),
    trend: trendOf(figure.current, figure.previous, better),
  });
  const lines = (byLine: { pet: { current: number }; renters: { current: number } }) =>
    `Pet ${whole.format(byLine.pet.current)} · Renters ${whole.format(byLine.renters.current)}`;
  return [
    { ...counted('Quotes started', f.quotesStarted, 'up'), detail: lines(f.quotesStartedByLine) },
    { ...counted('Quotes converted', f.quotesConverted, 'up'), detail: lines(f.quotesConvertedByLine) },
    {
      label: 'Conversion rate',
      value: percent(f.conversionRate.current),
      previous: percent(f.conversionRate.previous),
      trend: pointsTrendOf(f.conversionRate.current, f.conversionRate.previous, 'up'),
      detail: 'Quotes bought per quote started',
    },
    { ...counted('Policies written', f.policiesWritten, 'up'), detail: 'New business and rewrites' },
    { ...money('Written premium', f.writtenPremium, 'up'), detail: 'Net of returned premium' },
    { ...counted('Cancellations', f.cancellations, 'down'), detail: 'Pro rata and flat' },
    { ...money('Commission earned', f.commissionEarned, 'up'), detail: 'On approved and paid statements' },
    // Pending commission is neither good nor bad news: it is earned commission not yet reviewed.
    { ...money('Commission pending', f.commissionPending, 'neither'), detail: 'On statements under review' },
  ];
}

// /dashboard (SPEC §2 "Dashboard"; docs/reports.md "Dashboard"): the business of the caller's scope in a
// period against a comparison period, as KPI cards and charts. The period lives in the URL (?period=last7,
// or ?period=custom&from=…&to=…), so a view can be bookmarked; a preset's comparison period is worked out
// from the preset (this year against last year to the same day, and so on) and sent with the dates, a
// custom period's is the server's (the same length just before).
export function DashboardScreen() {
  const [params, setParams] = useSearchParams();
  const today = useBusinessToday();
  const asked = params.get('period');
  const choice: PeriodChoice = isPeriodChoice(asked) ? asked : DEFAULT_PERIOD;
  const custom = useMemo(() => ({ from: params.get('from') ?? '', to: params.get('to') ?? '' }), [params]);
  const request: DashboardStatisticsQuery = useMemo(() => {
    if (choice === 'custom') return { fromDate: custom.from || undefined, toDate: custom.to || undefined };
    const preset = presetPeriods(choice, today);
    if (!preset) return {};
    const { period, comparison } = preset;
    return { ...period, compareFromDate: comparison.fromDate, compareToDate: comparison.toDate };
  }, [choice, custom, today]);
  const query = useQuery(dashboardStatisticsQuery(request));
  const data = query.data;
  const invalid = query.error instanceof ValidationError;

  const setPeriod = (next: Record<string, string>) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const key of ['period', 'from', 'to']) out.delete(key);
        for (const [key, value] of Object.entries(next)) if (value) out.set(key, value);
        return out;
      },
      { replace: false },
    );

  const scopeText = data
    ? data.scope
      ? `${data.scope.entityName} (${data.scope.entityCode}) and the agencies beneath it`
      : 'All entities'
    : undefined;

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader
        title="Dashboard"
        description={
          scopeText ? (
            <>
              Figures for <strong className="font-semibold text-slate-800">{scopeText}</strong>
            </>
          ) : (
            'Your business at a glance'
          )
        }
      />
      <PeriodChooser
        choice={choice}
        custom={custom}
        shown={data?.period}
        errors={fieldErrorsOf(query.error)}
        onPreset={(period) => setPeriod({ period })}
        onCustom={(from, to) => setPeriod({ period: 'custom', from, to })}
        summary={
          data && (
            <p data-testid="dashboard-period">
              <span className="font-medium text-slate-800">{range(data.period)}</span>
              {' compared with '}
              <span className="font-medium text-slate-800">{range(data.previousPeriod)}</span>
              {query.isPlaceholderData && <span className="ml-2 text-slate-500">Updating…</span>}
            </p>
          )
        }
      />
      {query.error ? (
        <Alert tone="error" title={invalid ? 'Check the dates' : 'The figures could not be loaded'}>
          {invalid ? 'Correct the dates marked above and apply them again.' : errorMessage(query.error)}
        </Alert>
      ) : !data ? (
        <Spinner label="Loading the figures…" />
      ) : (
        <div className="space-y-6" aria-busy={query.isFetching || undefined}>
          {/* The cards' own headings are h3: this names the group they belong to. */}
          <h2 className="sr-only">Key figures</h2>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {cardsOf(data).map((card) => (
              <KpiCard key={card.label} {...card} />
            ))}
          </div>
          <DashboardCharts series={data.series} bucket={data.bucket}>
            <QuotesByLine figures={data.figures} />
          </DashboardCharts>
        </div>
      )}
    </div>
  );
}
