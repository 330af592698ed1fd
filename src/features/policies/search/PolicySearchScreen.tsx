import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { anyOf } from '../../../api/access';
import { exportPolicies, policySearchQuery } from '../../../api/calls/policySearch';
import { fieldErrorsOf, ValidationError } from '../../../api/httpErrors';
import { POLICY_SORT_FIELDS, type PolicySortField } from '../../../api/schemas/policySearch';
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
import { policyColumns } from './policyColumns';
import { POLICY_FILTER_KEYS, PolicyFilters } from './PolicyFilters';

const DEFAULTS = { sort: 'purchaseDate', order: 'desc' } as const;

const isSortField = (sort: string): sort is PolicySortField =>
  (POLICY_SORT_FIELDS as readonly string[]).includes(sort);

// /policies: pet policy search (SPEC §2, §3), newest purchase first. Filters, page and sort live in the URL;
// the server pages, sorts and limits the rows to the caller's agencies. Each row opens the policy
// (/policies/{matterId}); the export downloads every row the filters match as CSV, not just this page.
export function PolicySearchScreen() {
  const search = useSearchState(POLICY_FILTER_KEYS, DEFAULTS);
  const sort = isSortField(search.sort) ? search.sort : DEFAULTS.sort;
  const query = useQuery(policySearchQuery({ ...search.request, sort }));
  const { notice, download, cancel, isRunning, progressFor } = useFileDownloads();
  const exporting = isRunning('export');
  const columns = useMemo(() => policyColumns(), []);
  const { can } = useAccess();

  const exportCsv = () =>
    download('export', 'The export failed.', (onProgress, signal) =>
      exportPolicies({ filter: search.filter, sort, order: search.order }, { onProgress, signal }),
    );

  const hasFilter = Object.keys(search.filter).length > 0;
  const invalid = query.error instanceof ValidationError;
  const total = query.data?.meta.total;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Policies"
        description="Pet policies of your agencies, newest purchase first. Text filters match the start of a value."
        actions={
          <Button
            variant="secondary"
            onClick={() => void exportCsv()}
            busy={exporting}
            disabled={invalid || total === 0}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
      />
      <PolicyFilters
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
      <TableToolbar table="policies" search={search} columns={columns} />
      <SearchFeedback notice={notice} error={query.error}>
        <DataTable
          shownColumns={search.columns}
          caption="Policies"
          columns={columns}
          rows={query.data?.data ?? []}
          meta={query.data?.meta}
          sort={sort}
          order={search.order}
          onSort={search.toggleSort}
          onPage={search.setPage}
          loading={query.isFetching}
          rowKey={(row) => row.matterId}
          rowHref={(row) => `/policies/${row.matterId}`}
          empty={
            <SearchEmpty
              filtered={hasFilter}
              noMatch="No policy matches these filters."
              none="There are no policies yet. A policy is issued when a quote is purchased."
              onClear={search.reset}
              start={
                can(anyOf('quote_new')) && <ButtonLink to="/quotes/journey">Start a new quote</ButtonLink>
              }
            />
          }
        />
      </SearchFeedback>
    </div>
  );
}
