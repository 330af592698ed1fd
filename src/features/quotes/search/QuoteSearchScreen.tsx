import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { anyOf } from '../../../api/access';
import { downloadQuotePdf, exportQuotes, quoteSearchQuery } from '../../../api/calls/quotes';
import { fieldErrorsOf, ValidationError } from '../../../api/httpErrors';
import {
  QUOTE_SORT_FIELDS,
  type QuoteSearchRow,
  type QuoteSortField,
} from '../../../api/schemas/quoteSearch';
import { DownloadProgress } from '../../../ui/feedback/DownloadProgress';
import { useFileDownloads } from '../../../ui/feedback/useFileDownloads';
import { Button } from '../../../ui/forms/Button';
import { ButtonLink } from '../../../ui/forms/ButtonLink';
import { PageHeader } from '../../../ui/PageHeader';
import { DataTable } from '../../../ui/table/DataTable';
import { SearchEmpty } from '../../../ui/table/SearchEmpty';
import { SearchFeedback } from '../../../ui/table/SearchFeedback';
import { TableToolbar } from '../../../ui/table/TableToolbar';
import { useSearchState } from '../../../ui/table/useSearchState';
import { useAccess } from '../../../ui/useAccess';
import { quoteColumns } from './quoteColumns';
import { QUOTE_FILTER_KEYS, QuoteFilters } from './QuoteFilters';

const DEFAULTS = { sort: 'createdAt', order: 'desc' } as const;
const NEW_QUOTE = anyOf('quote_new');

const isSortField = (sort: string): sort is QuoteSortField =>
  (QUOTE_SORT_FIELDS as readonly string[]).includes(sort);

// /quotes: quote search (SPEC §2, §3), newest first. Filters, page and sort live in the URL; the server
// pages, sorts and limits the rows to the caller's agencies. Each row resumes the journey where the quote
// stands or downloads its PDF; the export downloads every row the filters match as CSV.
export function QuoteSearchScreen() {
  const search = useSearchState(QUOTE_FILTER_KEYS, DEFAULTS);
  const sort = isSortField(search.sort) ? search.sort : DEFAULTS.sort;
  const query = useQuery(quoteSearchQuery({ ...search.request, sort }));
  const { can } = useAccess();
  const { running, notice, download, cancel, isRunning, progressFor } = useFileDownloads();
  const exporting = isRunning('export');

  const columns = useMemo(
    () =>
      quoteColumns({
        downloading: running,
        onPdf: (row: QuoteSearchRow) =>
          void download(row.id, 'The PDF could not be downloaded.', () => downloadQuotePdf(row.id), false),
      }),
    [running, download],
  );

  const exportCsv = () =>
    download('export', 'The export failed.', (onProgress, signal) =>
      exportQuotes({ filter: search.filter, sort, order: search.order }, { onProgress, signal }),
    );

  const hasFilter = Object.keys(search.filter).length > 0;
  const invalid = query.error instanceof ValidationError;
  const total = query.data?.meta.total;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Quotes"
        description="Pet quotes of your agencies, newest first. Times are Central time (CT)."
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
            {can(NEW_QUOTE) && <ButtonLink to="/quotes/journey">New quote</ButtonLink>}
          </>
        }
      />
      <QuoteFilters
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
      <TableToolbar table="quotes" search={search} columns={columns} />
      <SearchFeedback notice={notice} error={query.error}>
        <DataTable
          shownColumns={search.columns}
          caption="Quotes"
          columns={columns}
          rows={query.data?.data ?? []}
          meta={query.data?.meta}
          sort={sort}
          order={search.order}
          onSort={search.toggleSort}
          onPage={search.setPage}
          loading={query.isFetching}
          rowKey={(row) => row.id}
          empty={
            <SearchEmpty
              filtered={hasFilter}
              noMatch="No quote matches these filters."
              none="There are no quotes yet."
              onClear={search.reset}
              start={can(NEW_QUOTE) && <ButtonLink to="/quotes/journey">Start a new quote</ButtonLink>}
            />
          }
        />
      </SearchFeedback>
    </div>
  );
}
