import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { AccessCheck } from '../../api/access';
import type { DownloadedFile, DownloadWatch } from '../../api/download';
import { fieldErrorsOf, ValidationError } from '../../api/httpErrors';
import type { PageMeta, SortOrder } from '../../api/schemas/paging';
import type { TableKey } from '../../api/schemas/tableViews';
import { DownloadProgress } from '../feedback/DownloadProgress';
import { useFileDownloads } from '../feedback/useFileDownloads';
import { Button } from '../forms/Button';
import { ButtonLink } from '../forms/ButtonLink';
import { PageHeader } from '../PageHeader';
import { useAccess } from '../useAccess';
import { DataTable } from './DataTable';
import { SearchEmpty } from './SearchEmpty';
import { SearchFeedback } from './SearchFeedback';
import { SearchFilters, type SearchFiltersDefinition } from './SearchFilters';
import { TableToolbar } from './TableToolbar';
import { useSearchState } from './useSearchState';

// What a column may use to start a download of its own and show it running (a row's PDF).
export type ColumnDownloads = Pick<ReturnType<typeof useFileDownloads>, 'running' | 'download'>;

// What the screen asks the server for: the URL's page, sort and filters.
export interface SearchScreenRequest<K extends string, S extends string> {
  page?: number;
  limit?: number;
  sort: S;
  order?: SortOrder;
  filter?: Partial<Record<K, string>>;
}

// A link to start a record, shown to those who may.
export interface StartLink {
  label: string;
  to: string;
  access: AccessCheck;
}

// One search screen, told as a table: its filters (URL keys), sort fields, query, export, columns and words.
export interface SearchTableDefinition<Row, K extends string, S extends string> {
  // The table's saved views and column choice.
  table: TableKey;
  title: string;
  description: string;
  caption: string;
  // The URL keys of the filters, in order (a module-level constant: it is a memo dependency).
  filterKeys: readonly K[];
  filters: SearchFiltersDefinition<K>;
  sortFields: readonly S[];
  defaults: { sort: S; order: SortOrder };
  query(request: SearchScreenRequest<K, S>): UseQueryOptions<
    { data: Row[]; meta: PageMeta },
    Error,
    { data: Row[]; meta: PageMeta },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource keys its own queries
    any
  >;
  // Every row the filters match, as a CSV file.
  exportCsv(
    request: Omit<SearchScreenRequest<K, S>, 'page' | 'limit'>,
    watch: DownloadWatch,
  ): Promise<DownloadedFile>;
  // The columns; they may start downloads of their own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns(downloads: ColumnDownloads): ColumnDef<Row, any>[];
  rowKey(row: Row): string | number;
  rowHref?(row: Row): string;
  // A "new" link beside the export, and the link an empty search offers.
  newLink?: StartLink;
  emptyStart: StartLink;
  noMatch: string;
  none: string;
}

export interface SearchScreenProps<Row, K extends string, S extends string> {
  definition: SearchTableDefinition<Row, K, S>;
}

// A search screen (SPEC §2, §3): filters, page and sort live in the URL; the server pages, sorts and limits
// the rows to the caller's agencies; the export downloads every row the filters match, not just this page.
export function SearchScreen<Row, K extends string, S extends string>({
  definition,
}: SearchScreenProps<Row, K, S>) {
  const { defaults, sortFields } = definition;
  const search = useSearchState(definition.filterKeys, defaults);
  const sort = (sortFields as readonly string[]).includes(search.sort) ? (search.sort as S) : defaults.sort;
  const query = useQuery(definition.query({ ...search.request, sort }));
  const { can } = useAccess();
  const { running, notice, download, cancel, isRunning, progressFor } = useFileDownloads();
  const exporting = isRunning('export');
  const columns = useMemo(() => definition.columns({ running, download }), [definition, running, download]);

  const exportCsv = () =>
    download('export', 'The export failed.', (onProgress, signal) =>
      definition.exportCsv({ filter: search.filter, sort, order: search.order }, { onProgress, signal }),
    );

  const hasFilter = Object.keys(search.filter).length > 0;
  const invalid = query.error instanceof ValidationError;
  const total = query.data?.meta.total;
  const { newLink, emptyStart } = definition;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={definition.title}
        description={definition.description}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void exportCsv()}
              busy={exporting}
              disabled={invalid || total === 0}
            >
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
            {newLink && can(newLink.access) && <ButtonLink to={newLink.to}>{newLink.label}</ButtonLink>}
          </>
        }
      />
      <SearchFilters
        definition={definition.filters}
        value={search.filter}
        errors={fieldErrorsOf(query.error)}
        onSearch={search.setFilter}
        onClear={search.reset}
      />
      {exporting && (
        <div className="mb-4">
          <DownloadProgress progress={progressFor('export')} onCancel={() => cancel('export')} />
        </div>
      )}
      <TableToolbar table={definition.table} search={search} columns={columns} />
      <SearchFeedback notice={notice} error={query.error}>
        <DataTable
          shownColumns={search.columns}
          caption={definition.caption}
          columns={columns}
          rows={query.data?.data ?? []}
          meta={query.data?.meta}
          sort={sort}
          order={search.order}
          onSort={search.toggleSort}
          onPage={search.setPage}
          loading={query.isFetching}
          rowKey={definition.rowKey}
          {...(definition.rowHref && { rowHref: definition.rowHref })}
          empty={
            <SearchEmpty
              filtered={hasFilter}
              noMatch={definition.noMatch}
              none={definition.none}
              onClear={search.reset}
              start={can(emptyStart.access) && <ButtonLink to={emptyStart.to}>{emptyStart.label}</ButtonLink>}
            />
          }
        />
      </SearchFeedback>
    </div>
  );
}
