import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { paymentsQuery } from '../../../api/calls/policyMatters';
import type { PolicyPayment } from '../../../api/schemas/policyMatters';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { DataTable } from '../../../ui/table/DataTable';
import { BillingSection } from '../../../ui/policy/BillingSection';
import { formatCode, formatDate, formatMoney } from '../../../ui/format';

const column = createColumnHelper<PolicyPayment>();
const columns = [
  column.accessor('date', { header: 'Date', cell: (c) => formatDate(c.getValue()) }),
  column.accessor('type', { header: 'Type', cell: (c) => formatCode(c.getValue()) }),
  column.accessor('amount', { header: 'Amount', cell: (c) => formatMoney(c.getValue()) }),
  column.display({
    id: 'method',
    header: 'Method',
    cell: (c) => {
      const p = c.row.original;
      const method = formatCode(p.method);
      return p.last4 ? `${method} ending ${p.last4}` : method;
    },
  }),
  column.accessor('status', { header: 'Status', cell: (c) => formatCode(c.getValue()) }),
  column.accessor('reference', { header: 'Reference', cell: (c) => c.getValue() ?? '—' }),
];

// The policy's billing, then its premium payments and refunds, five to a page (SPEC §9).
export function PaymentsTab({ matterId, policyNumber }: { matterId: number; policyNumber: string }) {
  const [page, setPage] = useState(1);
  const payments = useQuery(paymentsQuery(matterId, policyNumber, page));
  return (
    <div className="space-y-6">
      <BillingSection line="pet" matterId={matterId} />
      {payments.isError ? (
        <Alert tone="error">{errorMessage(payments.error)}</Alert>
      ) : (
        <DataTable
          caption="Payments of the policy"
          columns={columns}
          rows={payments.data?.data ?? []}
          meta={payments.data?.meta}
          onPage={setPage}
          loading={payments.isFetching}
          rowKey={(p) => p.id}
          empty="No payments recorded for this policy."
        />
      )}
    </div>
  );
}
