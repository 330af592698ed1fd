import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { statementKeys, statementSearchQuery } from '../../api/calls/commissionStatements';
import { codeListQuery } from '../../api/calls/entityLists';
import { fieldErrorsOf, ValidationError } from '../../api/httpErrors';
import {
  STATEMENT_SORT_FIELDS,
  type BulkCommand,
  type StatementRow,
  type StatementSortField,
} from '../../api/schemas/commissionStatements';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/table/DataTable';
import { SearchFeedback } from '../../ui/table/SearchFeedback';
import { useSearchState } from '../../ui/table/useSearchState';
import { BulkActionBar } from './BulkActionBar';
import { statementColumns } from './statementColumns';
import { StatementDetailDialog } from './StatementDetailDialog';
import { StatementFilters } from './StatementFilters';
import { effectiveFilter, STATEMENT_FILTER_KEYS, type StatusDefaults } from './statementFilterValues';
import { readableCode } from './format';

const DEFAULTS = { sort: 'month', order: 'desc' } as const;
const isSortField = (sort: string): sort is StatementSortField =>
  (STATEMENT_SORT_FIELDS as readonly string[]).includes(sort);

export interface StatementSearchProps {
  title: string;
  description: string;
  // The statuses the screen starts on (SPEC §9).
  defaults: StatusDefaults;
  // The bulk commands this user may run on this screen.
  commands: readonly BulkCommand[];
  // Offer the payment report (payments screen).
  report: boolean;
  // Buttons beside the title (the review screen's statement generation).
  actions?: ReactNode;
}

// The statement search both statement screens share (SPEC §3 "Commission statement search"): filters, page
// and sort in the URL (newest month first), rows selected across pages for the bulk actions, and the
// statement opened from a row (?statement=…&entity=… in the URL, so a link opens it too).
export function StatementSearch({
  title,
  description,
  defaults,
  commands,
  report,
  actions,
}: StatementSearchProps) {
  const search = useSearchState(STATEMENT_FILTER_KEYS, DEFAULTS);
  const sort = isSortField(search.sort) ? search.sort : DEFAULTS.sort;
  const filter = useMemo(() => effectiveFilter(search.filter, defaults), [search.filter, defaults]);
  const query = useQuery(statementSearchQuery({ ...search.request, sort, filter }));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  // The selection belongs to one filter: a new search starts with none.
  const filterKey = JSON.stringify(filter);
  const [selection, setSelection] = useState<{ key: string; rows: ReadonlyMap<number, StatementRow> }>({
    key: filterKey,
    rows: new Map(),
  });
  const selected = useMemo(
    () => (selection.key === filterKey ? selection.rows : new Map<number, StatementRow>()),
    [selection, filterKey],
  );
  const select = useCallback(
    (change: (rows: Map<number, StatementRow>) => void) =>
      setSelection((current) => {
        const rows = new Map(current.key === filterKey ? current.rows : []);
        change(rows);
        return { key: filterKey, rows };
      }),
    [filterKey],
  );

  const frequencies = useQuery(codeListQuery('payout-frequencies')).data;
  const methods = useQuery(codeListQuery('payout-methods')).data;
  const pageRows = useMemo(() => query.data?.data ?? [], [query.data]);
  const open = useCallback(
    (row: StatementRow) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('statement', String(row.id));
        next.set('entity', String(row.entityId));
        return next;
      }),
    [setParams],
  );
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('statement');
      next.delete('entity');
      return next;
    });
  const columns = useMemo(
    () =>
      statementColumns({
        selected: new Set(selected.keys()),
        pageRows,
        onToggle: (row) =>
          select((rows) => {
            if (rows.has(row.id)) rows.delete(row.id);
            else rows.set(row.id, row);
          }),
        onTogglePage: (on) =>
          select((rows) => {
            for (const row of pageRows) {
              if (on) rows.set(row.id, row);
              else rows.delete(row.id);
            }
          }),
        onOpen: open,
        frequencyName: (code) => frequencies?.find((f) => f.code === code)?.description ?? readableCode(code),
        methodName: (code) => methods?.find((m) => m.code === code)?.description ?? readableCode(code),
      }),
    [selected, pageRows, select, open, frequencies, methods],
  );

  const finished = useCallback(() => {
    setSelection({ key: filterKey, rows: new Map() });
    void queryClient.invalidateQueries({ queryKey: statementKeys.all });
  }, [filterKey, queryClient]);

  const statementId = Number(params.get('statement'));
  const entityId = Number(params.get('entity'));
  const detailOpen =
    Number.isInteger(statementId) && statementId > 0 && Number.isInteger(entityId) && entityId > 0;
  const invalid = query.error instanceof ValidationError;
  // While a new search loads, the rows shown are the last search's: act on nothing until it answers.
  const matching = invalid || query.isPlaceholderData ? undefined : query.data?.meta.total;

  return (
    <div className="mx-auto max-w-screen-2xl">
      <PageHeader title={title} description={description} actions={actions} />
      <StatementFilters
        value={search.filter}
        defaults={defaults}
        errors={fieldErrorsOf(query.error)}
        onSearch={search.setFilter}
        onClear={search.reset}
      />
      <BulkActionBar
        commands={commands}
        report={report}
        selected={[...selected.values()]}
        matching={matching}
        filter={filter}
        onClearSelection={() => setSelection({ key: filterKey, rows: new Map() })}
        onFinished={finished}
      />
      <SearchFeedback notice={null} error={query.error}>
        <DataTable
          caption={title}
          columns={columns}
          rows={pageRows}
          meta={query.data?.meta}
          sort={sort}
          order={search.order}
          onSort={search.toggleSort}
          onPage={search.setPage}
          loading={query.isFetching}
          rowKey={(row) => row.id}
          empty="No statement matches these filters. Change or clear them to see more."
        />
      </SearchFeedback>
      {detailOpen && <StatementDetailDialog entityId={entityId} statementId={statementId} onClose={close} />}
    </div>
  );
}
