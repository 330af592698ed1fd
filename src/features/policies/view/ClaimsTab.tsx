import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { claimQuery } from '../../../api/calls/policyMatters';
import type { Claim } from '../../../api/schemas/policyMatters';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { Button } from '../../../ui/forms/Button';
import { DataTable } from '../../../ui/table/DataTable';
import { formatCode, formatDate, formatMoney } from '../../../ui/format';
import { Facts, Panel } from '../../../ui/Panel';
import { screenClaimsQuery } from './policyScreenData';

const column = createColumnHelper<Claim>();
const paymentColumn = createColumnHelper<Claim['payments'][number]>();

// The policy's claims with status, conditions and amounts; one claim's record and its payments on demand.
export function ClaimsTab({ matterId }: { matterId: number }) {
  const claims = useQuery(screenClaimsQuery(matterId));
  const [open, setOpen] = useState<number | null>(null);
  const columns = [
    column.accessor('claimNumber', { header: 'Claim' }),
    column.accessor('status', { header: 'Status', cell: (c) => formatCode(c.getValue()) }),
    column.accessor('lossDate', { header: 'Date of loss', cell: (c) => formatDate(c.getValue()) }),
    column.accessor('conditions', { header: 'Conditions', cell: (c) => c.getValue().join(', ') || '—' }),
    column.accessor('claimedAmount', { header: 'Claimed', cell: (c) => formatMoney(c.getValue()) }),
    column.accessor('approvedAmount', { header: 'Approved', cell: (c) => formatMoney(c.getValue()) }),
    column.accessor('paidAmount', { header: 'Paid', cell: (c) => formatMoney(c.getValue()) }),
    column.display({
      id: 'open',
      header: () => <span className="sr-only">Claim record</span>,
      cell: (c) => (
        <Button
          variant="secondary"
          aria-label={`View claim ${c.row.original.claimNumber}`}
          onClick={() => setOpen(c.row.original.id)}
        >
          View
        </Button>
      ),
    }),
  ];
  if (claims.isError) return <Alert tone="error">{errorMessage(claims.error)}</Alert>;
  return (
    <div className="space-y-4">
      <DataTable
        caption="Claims of the policy"
        columns={columns}
        rows={claims.data ?? []}
        loading={claims.isPending}
        rowKey={(c) => c.id}
        empty="No claims on this policy."
      />
      {open !== null && <ClaimRecord matterId={matterId} claimId={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ClaimRecord({ matterId, claimId, onClose }: { matterId: number; claimId: number; onClose(): void }) {
  const claim = useQuery(claimQuery(matterId, claimId));
  if (claim.isError) return <Alert tone="error">{errorMessage(claim.error)}</Alert>;
  if (!claim.data) return <Spinner label="Loading the claim…" />;
  const c = claim.data;
  const columns = [
    paymentColumn.accessor('paidOn', { header: 'Paid on', cell: (v) => formatDate(v.getValue()) }),
    paymentColumn.accessor('amount', { header: 'Amount', cell: (v) => formatMoney(v.getValue()) }),
    paymentColumn.accessor('method', { header: 'Method', cell: (v) => formatCode(v.getValue()) }),
    paymentColumn.accessor('reference', { header: 'Reference', cell: (v) => v.getValue() ?? '—' }),
  ];
  return (
    <Panel
      title={`Claim ${c.claimNumber}`}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Facts
        facts={[
          ['Status', formatCode(c.status)],
          ['Date of loss', formatDate(c.lossDate)],
          ['Reported', formatDate(c.reportedDate)],
          ['Conditions', c.conditions.join(', ') || '—'],
          ['Claimed', formatMoney(c.claimedAmount)],
          ['Approved', formatMoney(c.approvedAmount)],
          ['Paid', formatMoney(c.paidAmount)],
          ['Description', c.description ?? '—'],
        ]}
      />
      <h3 className="mb-2 mt-5 text-sm font-semibold text-slate-900">Payments</h3>
      <DataTable
        caption={`Payments of claim ${c.claimNumber}`}
        columns={columns}
        rows={c.payments}
        rowKey={(p) => p.id}
        empty="Nothing has been paid on this claim yet."
      />
    </Panel>
  );
}
