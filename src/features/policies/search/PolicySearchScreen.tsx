import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { exportPolicies, policySearchQuery } from '../../../api/calls/policySearch';
import { errorMessage, fieldErrorsOf, ValidationError } from '../../../api/httpErrors';
import { POLICY_SORT_FIELDS, type PolicySortField } from '../../../api/schemas/policySearch';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { DataTable } from '../../../ui/table/DataTable';
import { useSearchState } from '../../../ui/table/useSearchState';
import { policyColumns } from './policyColumns';
import { POLICY_FILTER_KEYS, PolicyFilters } from './PolicyFilters';

const DEFAULTS = { sort: 'purchaseDate', order: 'desc' } as const;

const isSortField = (sort: string): sort is PolicySortField =>
  (POLICY_SORT_FIELDS as readonly string[]).includes(sort);

type Notice = { tone: 'error' | 'success'; text: string } | null;

// /policies: pet policy search (SPEC §2, §3), newest purchase first. Filters, page and sort live in the URL;
// the server pages, sorts and limits the rows to the caller's agencies. Each row opens the policy
// (/policies/{matterId}); the export downloads every row the filters match as CSV, not just this page.
export function PolicySearchScreen() {
  const search = useSearchState(POLICY_FILTER_KEYS, DEFAULTS);
  const sort = isSortField(search.sort) ? search.sort : DEFAULTS.sort;
  const query = useQuery(policySearchQuery({ ...search.request, sort }));
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const columns = useMemo(() => policyColumns(), []);

  async function exportCsv() {
    setExporting(true);
    setNotice(null);
    try {
      const file = await exportPolicies({ filter: search.filter, sort, order: search.order });
      setNotice({ tone: 'success', text: `${file.filename} was downloaded.` });
    } catch (error) {
      setNotice({ tone: 'error', text: `The export failed. ${errorMessage(error)}` });
    } finally {
      setExporting(false);
    }
  }

  const hasFilter = Object.keys(search.filter).length > 0;
  // A refused filter is shown under its field; any other failure above the table.
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
      {notice && (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      {query.error ? (
        <Alert tone="error" title={invalid ? 'Check the filters' : 'The search failed'}>
          {invalid ? 'Correct the filters marked above and search again.' : errorMessage(query.error)}
        </Alert>
      ) : (
        <DataTable
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
            hasFilter
              ? 'No policy matches these filters. Clear them to see every policy.'
              : 'There are no policies yet. A policy is issued when a quote is purchased.'
          }
        />
      )}
    </div>
  );
}
