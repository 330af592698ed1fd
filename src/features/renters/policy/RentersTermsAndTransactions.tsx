import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { rentersTermsQuery, rentersTransactionsQuery } from '../../../api/calls/rentersPolicyRecord';
import { errorMessage } from '../../../api/httpErrors';
import type {
  RentersPolicyTerm,
  RentersPolicyTransaction,
  RentersTransactionType,
} from '../../../api/schemas/rentersPolicyTerms';
import { Alert } from '../../../ui/feedback/Alert';
import { formatDate, formatMoney } from '../../../ui/format';
import { Panel } from '../../../ui/Panel';
import { DataTable } from '../../../ui/table/DataTable';

// The Terms and Transactions sections of the renters policy screen (SPEC §3 "Policy term", "Transaction";
// docs/renters-policy-record.md "Policy, terms and transactions"), in words rather than the wire's codes.

const TERM_TYPE: Readonly<Record<RentersPolicyTerm['term_type'], string>> = {
  NEW_BUSINESS: 'First term',
  REWRITE: 'First term (rewrite)',
  RENEWAL: 'Renewal',
};

const TRANSACTION_TYPE: Readonly<Record<RentersTransactionType, string>> = {
  NEW_BUSINESS: 'New business',
  REWRITE: 'Rewrite',
  RENEWAL: 'Renewal',
  ENDORSEMENT: 'Endorsement',
  CANCELLATION: 'Cancellation',
  NON_RENEWAL: 'Non-renewal',
  REINSTATEMENT: 'Reinstatement',
};

const TRANSACTION_STATUS: Readonly<Record<RentersPolicyTransaction['status_code'], string>> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  REVERSED: 'Reversed by a reinstatement',
};

const termColumn = createColumnHelper<RentersPolicyTerm>();
const termColumns = [
  termColumn.accessor('term_number', {
    header: 'Term',
    cell: (c) =>
      `${c.getValue()}. ${TERM_TYPE[c.row.original.term_type]}${c.row.original.is_current ? ' (current)' : ''}`,
  }),
  termColumn.accessor('effective_at', {
    header: 'Period',
    cell: (c) => `${formatDate(c.getValue())} – ${formatDate(c.row.original.expiration_at)}`,
  }),
  termColumn.accessor('premium', { header: 'Premium', cell: (c) => formatMoney(c.getValue()) }),
  termColumn.accessor('taxes', { header: 'Taxes', cell: (c) => formatMoney(c.getValue()) }),
  termColumn.accessor('fee_total', { header: 'Fees', cell: (c) => formatMoney(c.getValue()) }),
  termColumn.accessor('total', { header: 'Total', cell: (c) => formatMoney(c.getValue()) }),
  termColumn.accessor('monthly_payment', {
    header: 'Payments',
    cell: (c) =>
      c.getValue() === null
        ? `Paid in full: ${formatMoney(c.row.original.down_payment)}`
        : `${formatMoney(c.row.original.down_payment)} down, then ${formatMoney(c.getValue())} a month`,
  }),
  termColumn.accessor('next_bill_date', {
    header: 'Next bill',
    cell: (c) =>
      c.getValue() === null
        ? '—'
        : `${formatMoney(c.row.original.next_bill_total)} on ${formatDate(c.getValue())}`,
  }),
];

const transactionColumn = createColumnHelper<RentersPolicyTransaction>();
const transactionColumns = [
  transactionColumn.accessor('policy_version', { header: 'Version' }),
  transactionColumn.accessor('transaction_type', {
    header: 'Type',
    cell: (c) =>
      c.row.original.adjustment_code === 'FC' ? 'Flat cancellation' : TRANSACTION_TYPE[c.getValue()],
  }),
  transactionColumn.accessor('status_code', {
    header: 'Status',
    cell: (c) => TRANSACTION_STATUS[c.getValue()],
  }),
  transactionColumn.accessor('effective_at', { header: 'Effective', cell: (c) => formatDate(c.getValue()) }),
  transactionColumn.accessor('transaction_date', {
    header: 'Recorded',
    cell: (c) => formatDate(c.getValue()),
  }),
  transactionColumn.accessor('premiums', { header: 'Premium', cell: (c) => formatMoney(c.getValue()) }),
  transactionColumn.accessor('fee_total', { header: 'Fees', cell: (c) => formatMoney(c.getValue()) }),
  transactionColumn.accessor('reason', { header: 'Reason', cell: (c) => c.getValue()?.name ?? '—' }),
];

export function RentersTermsPanel({ matterId }: { matterId: number }) {
  const terms = useQuery(rentersTermsQuery(matterId));
  return (
    <Panel title="Terms">
      {terms.isError ? (
        <Alert tone="error">{errorMessage(terms.error)}</Alert>
      ) : (
        <DataTable
          caption="Terms of the policy"
          columns={termColumns}
          rows={terms.data ?? []}
          loading={terms.isPending}
          rowKey={(t) => String(t.term_number)}
          empty="No terms recorded for this policy."
        />
      )}
    </Panel>
  );
}

export function RentersTransactionsPanel({ matterId }: { matterId: number }) {
  const transactions = useQuery(rentersTransactionsQuery(matterId));
  return (
    <Panel title="Transactions">
      {transactions.isError ? (
        <Alert tone="error">{errorMessage(transactions.error)}</Alert>
      ) : (
        <DataTable
          caption="Transactions of the policy"
          columns={transactionColumns}
          rows={transactions.data ?? []}
          loading={transactions.isPending}
          rowKey={(t) => String(t.policy_version)}
          empty="No transactions recorded for this policy."
        />
      )}
    </Panel>
  );
}
