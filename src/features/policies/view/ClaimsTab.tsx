import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { claimQuery } from '../../../api/calls/policyMatters';
import type { Claim, ClaimCondition, ClaimPayment, ClaimSource } from '../../../api/schemas/policyMatters';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { Button } from '../../../ui/forms/Button';
import { DataTable } from '../../../ui/table/DataTable';
import { formatCode, formatDate, formatDateTime, formatMoney } from '../../../ui/format';
import { Facts, Panel } from '../../../ui/Panel';
import { screenClaimsQuery } from './policyScreenData';

const column = createColumnHelper<Claim>();
const paymentColumn = createColumnHelper<ClaimPayment>();

// How each claim source and payment method reads to a person (docs/pet-claims.md).
const SOURCE_WORDS: Record<ClaimSource, string> = {
  PORTAL: 'Customer portal',
  EMAIL: 'E-mail',
  VET: 'Veterinary clinic',
  PHONE: 'Phone',
};
const METHOD_WORDS: Record<string, string> = { ACH: 'Bank transfer', CHECK: 'Check' };
const PAYMENT_STATUS_WORDS: Record<ClaimPayment['status'], string> = { PAID: 'Paid' };

const sourceWords = (source: ClaimSource | null) => (source ? SOURCE_WORDS[source] : '—');
// A condition with the ailment id the claims system knows it by; conditions from before ailment ids were kept
// show their words alone.
const conditionWords = (c: ClaimCondition) =>
  c.ailmentId === null ? c.description : `${c.description} (ailment ${c.ailmentId})`;
const conditionsWords = (conditions: readonly ClaimCondition[]) =>
  conditions.map(conditionWords).join(', ') || '—';
function treatmentWords(c: Claim): string {
  if (!c.treatmentStart) return '—';
  if (!c.treatmentEnd || c.treatmentEnd === c.treatmentStart) return formatDate(c.treatmentStart);
  return `${formatDate(c.treatmentStart)} – ${formatDate(c.treatmentEnd)}`;
}

// The status's name, and the sentence that explains it on hover or focus.
function ClaimStatusName({ status }: { status: Claim['claimStatus'] }) {
  const tipId = useId();
  return (
    <span className="group relative inline-flex items-center gap-1">
      {status.name}
      <span
        tabIndex={0}
        role="button"
        aria-label={`About ${status.name}`}
        aria-describedby={tipId}
        className="inline-flex size-4 cursor-help items-center justify-center rounded-full bg-slate-200 text-[10px] font-bold text-slate-600"
      >
        i
      </span>
      <span
        id={tipId}
        role="tooltip"
        className="invisible absolute bottom-full left-0 z-20 mb-1 w-64 rounded-md bg-slate-900 px-3 py-2 text-xs font-normal text-white shadow-lg group-focus-within:visible group-hover:visible"
      >
        {status.tooltip}
      </span>
    </span>
  );
}

// The policy's claims with status, source, conditions and amounts; one claim's record and its payments on
// demand (SPEC §3 "Claim", docs/pet-claims.md).
export function ClaimsTab({ matterId }: { matterId: number }) {
  const claims = useQuery(screenClaimsQuery(matterId));
  const [open, setOpen] = useState<number | null>(null);
  const columns = [
    // The claim's number opens its record (a button, not a column of its own, so the row fits the tab).
    column.accessor('claimNumber', {
      header: 'Claim',
      cell: (c) => (
        <button
          type="button"
          aria-label={`View claim ${c.getValue()}`}
          className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2"
          onClick={() => setOpen(c.row.original.id)}
        >
          {c.getValue()}
        </button>
      ),
    }),
    column.accessor('claimStatus', {
      header: 'Status',
      cell: (c) => <ClaimStatusName status={c.getValue()} />,
    }),
    column.accessor('source', { header: 'Source', cell: (c) => sourceWords(c.getValue()) }),
    column.accessor('dateOfLoss', { header: 'Date of loss', cell: (c) => formatDate(c.getValue()) }),
    column.accessor('conditions', {
      header: 'Conditions',
      // The one cell that may run long: it wraps, so the row fits beside the claim's record button.
      cell: (c) => <span className="block min-w-40 whitespace-normal">{conditionsWords(c.getValue())}</span>,
    }),
    column.accessor('amount', { header: 'Claimed', cell: (c) => formatMoney(c.getValue()) }),
    column.accessor('approvedAmount', { header: 'Approved', cell: (c) => formatMoney(c.getValue()) }),
    column.accessor('amountPaid', { header: 'Paid', cell: (c) => formatMoney(c.getValue()) }),
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
    paymentColumn.accessor('transactionDate', { header: 'Paid on', cell: (v) => formatDate(v.getValue()) }),
    paymentColumn.accessor('totalPaymentAmount', {
      header: 'Amount',
      cell: (v) => formatMoney(v.getValue()),
    }),
    paymentColumn.accessor('status', { header: 'Status', cell: (v) => PAYMENT_STATUS_WORDS[v.getValue()] }),
    paymentColumn.accessor('method', {
      header: 'Method',
      cell: (v) => METHOD_WORDS[v.getValue()] ?? formatCode(v.getValue()),
    }),
    paymentColumn.accessor('reference', { header: 'Reference', cell: (v) => v.getValue() || '—' }),
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
          ['Status', <ClaimStatusName key="status" status={c.claimStatus} />],
          ['What the status means', c.claimStatus.tooltip],
          ['Source', sourceWords(c.source)],
          ['Date of loss', formatDate(c.dateOfLoss)],
          ['Reported', formatDate(c.reportedDate)],
          ['Treatment', treatmentWords(c)],
          ['Diagnosis', c.diagnosis ?? '—'],
          ['Conditions', conditionsWords(c.conditions)],
          ['Claimed', formatMoney(c.amount)],
          ['Approved', formatMoney(c.approvedAmount)],
          ['Paid', formatMoney(c.amountPaid)],
          ['Description', c.description || '—'],
          ['Submitted', formatDateTime(c.createdAt)],
          ['Assessed', formatDateTime(c.assessedAt)],
          ['Reassessed', formatDateTime(c.reassessedAt)],
          ['Closed', formatDateTime(c.closedAt)],
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
