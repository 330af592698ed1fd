import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { exportNwp, nwpReportQuery } from '../../api/calls/reports';
import { fieldErrorsOf, ValidationError } from '../../api/httpErrors';
import type { NwpQuery, NwpReport } from '../../api/schemas/reports';
import { BarChart } from '../../ui/charts/BarChart';
import { Alert } from '../../ui/feedback/Alert';
import { DownloadProgress } from '../../ui/feedback/DownloadProgress';
import { useFileDownloads } from '../../ui/feedback/useFileDownloads';
import { Button } from '../../ui/forms/Button';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { SearchFeedback } from '../../ui/table/SearchFeedback';
import { axisMoney, shortMonth } from './chartFormat';
import { FigureTiles } from './FigureTiles';
import { NWP_KEYS, NwpFilters, type NwpFilterValues } from './NwpFilters';
import { NwpTotalsTable } from './NwpTotalsTable';
import { NwpBreakdownTable } from './NwpBreakdownTable';
import { attributionWords } from './attributionWords';
import { formatBusinessDate } from '../../calendar';

const SERIES = [
  { name: 'Written', fillClass: 'fill-indigo-500', swatchClass: 'bg-indigo-500' },
  { name: 'Returned', fillClass: 'fill-rose-400', swatchClass: 'bg-rose-400' },
];

function figures(report: NwpReport) {
  const written = report.months.reduce((sum, m) => sum + m.written, 0);
  const returned = report.months.reduce((sum, m) => sum + m.returned, 0);
  const line = (code: 'PET' | 'RENTERS') => report.lines.find((l) => l.line === code)!;
  const adjustments = (n: number) => `${n.toLocaleString('en-US')} adjustment${n === 1 ? '' : 's'}`;
  return [
    {
      label: 'Net written premium',
      value: formatMoney(report.sumOfTotals.premium),
      note: adjustments(report.sumOfTotals.count),
    },
    { label: 'Written', value: formatMoney(written) },
    { label: 'Returned', value: formatMoney(returned) },
    { label: 'Pet', value: formatMoney(line('PET').premium), note: adjustments(line('PET').count) },
    {
      label: 'Renters',
      value: formatMoney(line('RENTERS').premium),
      note: adjustments(line('RENTERS').count),
    },
  ];
}

function filterOf(params: URLSearchParams): NwpFilterValues {
  const filter: NwpFilterValues = {};
  for (const key of NWP_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return filter;
}

// /reporting/nwp: net written premium for a period, state and entity (SPEC §3 "Written premium report"),
// from the policies' events: totals per adjustment type, premium by month, and every adjustment as CSV.
// The filters live in the URL so a run can be bookmarked.
export function NwpReportScreen() {
  const [params, setParams] = useSearchParams();
  // One object per URL: the filter form replaces its draft when this changes identity, so a new object on
  // every render would wipe what the user is typing whenever the report or a download re-renders the screen.
  const filter = useMemo(() => filterOf(params), [params]);
  const query = useQuery(nwpReportQuery(filter));
  const { notice, download, cancel, isRunning, progressFor } = useFileDownloads();
  const report = query.data;
  const exporting = isRunning('export');
  const run = (next: NwpQuery) =>
    setParams(new URLSearchParams(Object.entries(next).filter((e): e is [string, string] => Boolean(e[1]))));
  const entity =
    report?.entity && filter.entityCode
      ? { id: 0, entity_code: report.entity.entityCode, entity_name: report.entity.entityName }
      : null;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Net written premium"
        description="Premium written and returned by the policies' events: issues, rewrites, renewals, endorsements, cancellations and reinstatements, on the business day (Central time) each was recorded."
        back={{ to: '/reporting', label: 'Reports' }}
        actions={
          <Button
            variant="secondary"
            onClick={() =>
              void download('export', 'The export failed.', (onProgress, signal) =>
                exportNwp(filter, { onProgress, signal }),
              )
            }
            busy={exporting}
            disabled={query.error instanceof ValidationError || report?.sumOfTotals.count === 0}
          >
            Export CSV
          </Button>
        }
      />
      <NwpFilters
        value={filter}
        entity={entity}
        errors={fieldErrorsOf(query.error)}
        onRun={run}
        onClear={() => setParams(new URLSearchParams())}
      />
      {exporting && (
        <div className="mb-4">
          <DownloadProgress progress={progressFor('export')} onCancel={() => cancel('export')} />
        </div>
      )}
      <SearchFeedback notice={notice} error={query.error}>
        {report && (
          <section aria-label="Net written premium report" aria-busy={query.isFetching || undefined}>
            <p className="mb-3 text-sm text-slate-600">
              {formatBusinessDate(report.fromDate)} to {formatBusinessDate(report.toDate)}
              {report.stateCode && ` · ${report.stateCode}`}
              {report.entity
                ? ` · ${report.entity.entityName} (${report.entity.entityCode}) and the entities beneath it`
                : ' · every entity you may see'}
              {report.attribution && ` · ${attributionWords(report.attribution)}`}
            </p>
            <FigureTiles label="Report figures" figures={figures(report)} />
            {report.sumOfTotals.count === 0 && (
              <div className="mb-4">
                <Alert tone="info">No policy event was recorded in this period for these filters.</Alert>
              </div>
            )}
            <div className="grid gap-5 lg:grid-cols-5">
              <div className="lg:col-span-3">
                <BarChart
                  title="Premium by month"
                  series={SERIES}
                  groups={report.months.map((m) => ({
                    label: shortMonth(m.month),
                    values: [m.written, m.returned],
                  }))}
                  format={axisMoney}
                />
              </div>
              <div className="lg:col-span-2">
                <NwpTotalsTable report={report} />
              </div>
            </div>
            {report.breakdown && <NwpBreakdownTable report={report} breakdown={report.breakdown} />}
          </section>
        )}
      </SearchFeedback>
    </div>
  );
}
