import { useQuery } from '@tanstack/react-query';
import { downloadStatementReport, statementReportQuery } from '../../api/calls/reports';
import { fieldErrorsOf, ValidationError } from '../../api/httpErrors';
import { STATEMENT_SORT_FIELDS, type StatementSortField } from '../../api/schemas/commissionStatements';
import { DownloadProgress } from '../../ui/feedback/DownloadProgress';
import { useFileDownloads } from '../../ui/feedback/useFileDownloads';
import { Button } from '../../ui/forms/Button';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/table/DataTable';
import { SearchEmpty } from '../../ui/table/SearchEmpty';
import { SearchFeedback } from '../../ui/table/SearchFeedback';
import { TableToolbar } from '../../ui/table/TableToolbar';
import { useSearchState } from '../../ui/table/useSearchState';
import { BarChart } from '../../ui/charts/BarChart';
import { axisMoney, shortMonth } from './chartFormat';
import { FigureTiles } from './FigureTiles';
import { statementReportColumns } from './statementReportColumns';
import { STATEMENT_REPORT_KEYS, StatementReportFilters } from './StatementReportFilters';

const DEFAULTS = { sort: 'month', order: 'desc' as const };
const isSortField = (value: string): value is StatementSortField =>
  (STATEMENT_SORT_FIELDS as readonly string[]).includes(value);
const count = (n: number) => n.toLocaleString('en-US');
const SERIES = [
  { name: 'Paid', fillClass: 'fill-emerald-500', swatchClass: 'bg-emerald-500' },
  { name: 'To pay', fillClass: 'fill-amber-400', swatchClass: 'bg-amber-400' },
];
// The chart shows the latest two years the filters reach; the table and files hold every month.
const CHART_MONTHS = 24;

// /reporting/commission-statements: statements by entity and month, newest month first (SPEC §9), with
// totals over every matching statement and the report as CSV or PDF.
export function StatementReportScreen() {
  const search = useSearchState(STATEMENT_REPORT_KEYS, DEFAULTS);
  const sort = isSortField(search.sort) ? search.sort : 'month';
  const query = useQuery(statementReportQuery({ ...search.request, sort }));
  const { notice, download, cancel, isRunning, progressFor } = useFileDownloads();
  const page = query.data;
  const totals = page?.totals;
  const entityId = Number(search.filter.entityCode);
  const named = page?.data.find((r) => r.entityId === entityId);
  const entity = search.filter.entityCode
    ? {
        id: entityId,
        entity_code: named?.entityCode ?? `#${search.filter.entityCode}`,
        entity_name: named?.entityName ?? '',
      }
    : null;
  const running = isRunning('csv') ? 'csv' : isRunning('pdf') ? 'pdf' : null;
  const fetch = (format: 'csv' | 'pdf') =>
    download(format, 'The report file could not be made.', (onProgress, signal) =>
      downloadStatementReport({ filter: search.filter, sort, order: search.order }, format, {
        onProgress,
        signal,
      }),
    );
  const unusable = query.error instanceof ValidationError || totals?.count === 0 || running !== null;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Commission statements report"
        description="Statements by entity and month, newest month first. Totals cover every statement the filters match."
        back={{ to: '/reporting', label: 'Reports' }}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void fetch('csv')}
              busy={running === 'csv'}
              disabled={unusable}
            >
              Download CSV
            </Button>
            <Button
              variant="secondary"
              onClick={() => void fetch('pdf')}
              busy={running === 'pdf'}
              disabled={unusable}
            >
              Download PDF
            </Button>
          </>
        }
      />
      <StatementReportFilters
        value={search.filter}
        entity={entity}
        errors={fieldErrorsOf(query.error)}
        onSearch={search.setFilter}
        onClear={search.reset}
      />
      {running && (
        <div className="mb-4">
          <DownloadProgress
            doing={running === 'csv' ? 'Exporting' : 'Making the PDF of'}
            progress={progressFor(running)}
            onCancel={() => cancel(running)}
          />
        </div>
      )}
      {totals && !query.error && (
        <FigureTiles
          label="Report totals"
          figures={[
            { label: 'Statements', value: count(totals.count), note: `${count(totals.lineCount)} lines` },
            { label: 'Commission', value: formatMoney(totals.amount) },
            { label: 'Overrides', value: formatMoney(totals.overrideTotal) },
            { label: 'Payment total', value: formatMoney(totals.paymentTotal) },
            { label: 'Paid', value: formatMoney(totals.paidTotal) },
          ]}
        />
      )}
      {page && !query.error && page.months.length > 1 && (
        // Narrower than the page: the chart's lettering grows with its width.
        <div className="mb-5 max-w-3xl">
          <BarChart
            title="Payment total by statement month"
            series={SERIES}
            groups={page.months
              .slice(-CHART_MONTHS)
              .map((m) => ({ label: shortMonth(m.month), values: [m.paid, m.unpaid] }))}
            format={axisMoney}
            height={180}
          />
        </div>
      )}
      <TableToolbar table="statement-report" search={search} columns={statementReportColumns} />
      <SearchFeedback notice={notice} error={query.error}>
        <DataTable
          shownColumns={search.columns}
          caption="Commission statements"
          columns={statementReportColumns}
          rows={page?.data ?? []}
          meta={page?.meta}
          sort={sort}
          order={search.order}
          onSort={search.toggleSort}
          onPage={search.setPage}
          loading={query.isFetching}
          rowKey={(row) => row.id}
          empty={
            <SearchEmpty
              filtered={Object.keys(search.filter).length > 0}
              noMatch="No statement matches these filters."
              none="There are no commission statements yet. They are generated each month from the policies."
              onClear={search.reset}
            />
          }
        />
      </SearchFeedback>
    </div>
  );
}
