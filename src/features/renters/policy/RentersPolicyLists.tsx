import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { rentersEventsQuery, rentersPaymentsQuery } from '../../../api/calls/rentersPolicyRecord';
import { errorMessage } from '../../../api/httpErrors';
import type { RentersPayment, RentersPolicyEventEntry } from '../../../api/schemas/rentersPolicyRecord';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { HistoryList } from '../../../ui/HistoryList';
import { DataTable } from '../../../ui/table/DataTable';
import { Pagination } from '../../../ui/table/Pagination';
import { BillingSection } from '../../../ui/policy/BillingSection';
import { formatCode, formatDate, formatMoney } from '../../../ui/format';
import { eventLabels, readableEvents } from '../../../ui/policy/policyEvents';

// The Events and Payments tabs of the renters policy screen (Notes and Documents share the pet screen's tabs).

// An address in an event reads as one line.
function flatten(entry: RentersPolicyEventEntry): RentersPolicyEventEntry {
  const { address, ...changes } = entry.changes;
  if (!address || typeof address !== 'object') return entry;
  const a = address as Record<string, string | null>;
  const line = [a.line1, a.line2, `${a.city ?? ''}, ${a.state ?? ''} ${a.zip ?? ''}`]
    .filter(Boolean)
    .join(', ');
  return { ...entry, changes: { ...changes, address: line } };
}

export function RentersEventsTab({ matterId }: { matterId: number }) {
  const events = useQuery(rentersEventsQuery(matterId));
  if (events.isError) return <Alert tone="error">{errorMessage(events.error)}</Alert>;
  if (!events.data) return <Spinner label="Loading the events…" />;
  // The server answers newest first; HistoryList takes a stream in order. Each row is titled by its label.
  const entries = readableEvents([...events.data].reverse().map((e) => ({ ...flatten(e), type: e.label })));
  return <HistoryList entries={entries} labels={eventLabels(entries)} />;
}

const paymentColumn = createColumnHelper<RentersPayment>();
const paymentColumns = [
  paymentColumn.accessor('transaction_date', { header: 'Date', cell: (c) => formatDate(c.getValue()) }),
  paymentColumn.accessor('due_date', { header: 'Due', cell: (c) => formatDate(c.getValue()) }),
  paymentColumn.accessor('ledger_type', { header: 'Type', cell: (c) => formatCode(c.getValue()) }),
  paymentColumn.accessor('amount', { header: 'Amount', cell: (c) => formatMoney(c.getValue()) }),
  paymentColumn.accessor('status', { header: 'Status', cell: (c) => formatCode(c.getValue()) }),
  paymentColumn.accessor('reference', { header: 'Reference', cell: (c) => c.getValue() ?? '—' }),
];

// The policy's billing (shared with the pet screen), then its payments.
export function RentersPaymentsTab({ matterId }: { matterId: number }) {
  const [page, setPage] = useState(1);
  const payments = useQuery(rentersPaymentsQuery(matterId, page));
  return (
    <div className="space-y-6">
      <BillingSection line="renters" matterId={matterId} />
      {payments.isError ? (
        <Alert tone="error">{errorMessage(payments.error)}</Alert>
      ) : (
        <div className="space-y-3">
          <DataTable
            caption="Payments of the policy"
            columns={paymentColumns}
            rows={payments.data?.data ?? []}
            loading={payments.isPending}
            rowKey={(p) => p.id}
            empty="No payments recorded for this policy."
          />
          {payments.data && payments.data.meta.total > 0 && (
            <Pagination meta={payments.data.meta} onPage={setPage} />
          )}
        </div>
      )}
    </div>
  );
}
