import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
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
import { SearchEmpty } from '../../ui/table/SearchEmpty';
import { SearchFeedback } from '../../ui/table/SearchFeedback';
import { SelectAllBanner } from '../../ui/table/SelectAllBanner';
import { TableToolbar } from '../../ui/table/TableToolbar';
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

// Ticked rows of one filter (by its JSON).
type Selection = { key: string; rows: ReadonlyMap<number, StatementRow> };
// ?selected=all: every statement the filter matches, on every page, is selected (from the select-all
// banner). Kept in the URL so a reload or a copied link keeps it; single ticked rows live in the screen's
// state only.
const SELECTED = 'selected';

export interface StatementSearchProps {
  // Whose saved views (the review or the payments screen).
  table: 'commission-review' | 'commission-payments';
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
// and sort in the URL (newest month first), rows selected across pages for the bulk actions (or, from the
// select-all banner, every statement the filter matches: ?selected=all), and the statement opened from a
// row (?statement=…&entity=… in the URL, so a link opens it too).
export function StatementSearch({
  table,
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

  // The selection belongs to one filter: a new search starts with none. "Every matching" (?selected=all)
  // holds for the filter it was chosen for, or that the URL had when the screen opened; unticking one row
  // goes back to ticked rows.
  const filterKey = JSON.stringify(filter);
  const none = useCallback((): Selection => ({ key: filterKey, rows: new Map() }), [filterKey]);
  const [selection, setSelection] = useState<Selection>(none);
  const current = useMemo(
    () => (selection.key === filterKey ? selection : none()),
    [selection, filterKey, none],
  );
  const selected = current.rows;
  const allInUrl = params.get(SELECTED) === 'all';
  // The filter "every matching" was chosen for (or that the URL had when the screen opened); null: off.
  const [allFor, setAllFor] = useState(() => (allInUrl ? filterKey : null));
  const allMatching = allInUrl && allFor === filterKey;
  // Turned off, or left behind by a new filter (a search, a saved view): take ?selected=all out of the URL
  // too, so a reload does not select every statement again. Here, after the render, the URL is the latest
  // (a bulk run ends with the callbacks of when it started). Choosing rows replaces the history entry: it
  // is not a page to go back to.
  useEffect(() => {
    if (!allInUrl || allFor === filterKey) return;
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete(SELECTED);
        return next;
      },
      { replace: true },
    );
  }, [allInUrl, allFor, filterKey, setParams]);
  const selectAll = () => {
    setSelection(none());
    setAllFor(filterKey);
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.set(SELECTED, 'all');
        return next;
      },
      { replace: true },
    );
  };
  const clearSelection = useCallback(() => {
    setSelection((before) => ({ key: before.key, rows: new Map() }));
    setAllFor(null);
  }, []);

  const frequencies = useQuery(codeListQuery('payout-frequencies')).data;
  const methods = useQuery(codeListQuery('payout-methods')).data;
  const pageRows = useMemo(() => query.data?.data ?? [], [query.data]);
  const select = useCallback(
    (change: (rows: Map<number, StatementRow>) => void) => {
      setSelection((before) => {
        const rows = new Map<number, StatementRow>(before.key === filterKey ? before.rows : []);
        // Leaving "every matching" keeps this page's rows ticked, then applies the change.
        if (allMatching) for (const row of pageRows) rows.set(row.id, row);
        change(rows);
        return { key: filterKey, rows };
      });
      if (allMatching) setAllFor(null);
    },
    [filterKey, pageRows, allMatching],
  );
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
        selected: new Set(allMatching ? pageRows.map((r) => r.id) : selected.keys()),
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
    [selected, allMatching, pageRows, select, open, frequencies, methods],
  );

  const finished = useCallback(() => {
    clearSelection();
    void queryClient.invalidateQueries({ queryKey: statementKeys.all });
  }, [clearSelection, queryClient]);

  const statementId = Number(params.get('statement'));
  const entityId = Number(params.get('entity'));
  const detailOpen =
    Number.isInteger(statementId) && statementId > 0 && Number.isInteger(entityId) && entityId > 0;
  const invalid = query.error instanceof ValidationError;
  // While a new search loads, the rows shown are the last search's: act on nothing until it answers.
  const matching = invalid || query.isPlaceholderData ? undefined : query.data?.meta.total;
  const pageTicked = pageRows.length > 0 && pageRows.every((r) => selected.has(r.id));
  const banner = matching !== undefined && (allMatching || (pageTicked && matching > pageRows.length)) && (
    <SelectAllBanner
      pageCount={pageRows.length}
      total={matching}
      noun={{ one: 'statement', many: 'statements' }}
      allMatching={allMatching}
      onSelectAll={selectAll}
      onClear={clearSelection}
    />
  );

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
        allMatching={allMatching}
        matching={matching}
        filter={filter}
        onClearSelection={clearSelection}
        onFinished={finished}
      />
      <TableToolbar table={table} search={search} columns={columns} />
      <SearchFeedback notice={null} error={query.error}>
        <DataTable
          shownColumns={search.columns}
          banner={banner}
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
          empty={
            <SearchEmpty
              filtered
              noMatch="No statement matches these filters. Change them, or clear them to start again."
              onClear={search.reset}
            />
          }
        />
      </SearchFeedback>
      {detailOpen && <StatementDetailDialog entityId={entityId} statementId={statementId} onClose={close} />}
    </div>
  );
}
