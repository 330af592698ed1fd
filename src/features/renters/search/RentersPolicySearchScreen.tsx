import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { anyOf } from '../../../api/access';
import { exportRentersPolicies, rentersPolicySearchQuery } from '../../../api/calls/rentersPolicies';
import { fieldErrorsOf, ValidationError } from '../../../api/httpErrors';
import {
  RENTERS_POLICY_SORT_FIELDS,
  type RentersPolicySortField,
} from '../../../api/schemas/rentersPolicies';
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
import { rentersPolicyColumns } from './rentersPolicyColumns';
import { RENTERS_POLICY_FILTER_KEYS, RentersPolicyFilters } from './RentersPolicyFilters';

const DEFAULTS = { sort: 'sold_on', order: 'desc' } as const;

const isSortField = (sort: string): sort is RentersPolicySortField =>
  (RENTERS_POLICY_SORT_FIELDS as readonly string[]).includes(sort);

// /renters/policies: renters policy search (SPEC §2, §3), newest sale first. Filters, page and sort live in
// the URL; the server pages, sorts and limits the rows to the caller's agencies. Each row opens the policy
// (/renters/customers/{customerId}/policies/{matterId}); the export downloads every row the filters match
// as CSV, not just this page.
export function RentersPolicySearchScreen() {
  const search = useSearchState(RENTERS_POLICY_FILTER_KEYS, DEFAULTS);
  const sort = isSortField(search.sort) ? search.sort : DEFAULTS.sort;
  const query = useQuery(rentersPolicySearchQuery({ ...search.request, sort }));
  const { notice, download, cancel, isRunning, progressFor } = useFileDownloads();
  const exporting = isRunning('export');
  const columns = useMemo(() => rentersPolicyColumns(), []);
  const { can } = useAccess();

  const exportCsv = () =>
    download('export', 'The export failed.', (onProgress, signal) =>
      exportRentersPolicies({ filter: search.filter, sort, order: search.order }, { onProgress, signal }),
    );

  const hasFilter = Object.keys(search.filter).length > 0;
  const invalid = query.error instanceof ValidationError;
  const total = query.data?.meta.total;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Renter Policies"
        description="Renters policies of your agencies, newest sale first. Text filters match the start of a value."
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
      <RentersPolicyFilters
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
      <TableToolbar table="renters-policies" search={search} columns={columns} />
      <SearchFeedback notice={notice} error={query.error}>
        <DataTable
          shownColumns={search.columns}
          caption="Renter policies"
          columns={columns}
          rows={query.data?.data ?? []}
          meta={query.data?.meta}
          sort={sort}
          order={search.order}
          onSort={search.toggleSort}
          onPage={search.setPage}
          loading={query.isFetching}
          rowKey={(row) => row.matter_id}
          rowHref={(row) => `/renters/customers/${row.customer_id}/policies/${row.matter_id}`}
          empty={
            <SearchEmpty
              filtered={hasFilter}
              noMatch="No renters policy matches these filters."
              none="There are no renters policies yet. A policy is issued when a renters quote is purchased."
              onClear={search.reset}
              start={
                can(anyOf('renters_qt_create')) && (
                  <ButtonLink to="/renters/quotes/journey-start">Start a renters quote</ButtonLink>
                )
              }
            />
          }
        />
      </SearchFeedback>
    </div>
  );
}
