import { createColumnHelper } from '@tanstack/react-table';
import type { PolicySearchRow } from '../../../api/schemas/policySearch';
import { formatBusinessDate } from '../../../calendar';
import { formatPhone, formatTermType } from '../../../ui/format';

// Columns of policy search (SPEC §3 "Search result columns"); ids of sortable columns are the server's sort
// fields (POLICY_SORT_FIELDS). Related fields share a cell (status and initial payment, city and state,
// effective and inception dates) so the table fits a laptop screen. The first column is the row's link to
// the policy (DataTable rowHref).
const column = createColumnHelper<PolicySearchRow>();

const muted = (value: string | null) =>
  value ? <span className="block text-xs text-slate-500">{value}</span> : null;

const Day = ({ day }: { day: string }) => <span className="tabular-nums">{formatBusinessDate(day)}</span>;

// Words in the codes' own order: ACTIVE → Active, PENDING_CANCEL → Pending cancel.
const readable = (code: string) => {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function policyColumns() {
  return [
    column.accessor('policyNumber', {
      id: 'policyNumber',
      header: 'Policy',
      enableSorting: true,
      cell: (c) => (
        <span>
          <span className="font-mono text-xs">{c.getValue()}</span>
          <span className="block text-xs font-normal text-slate-500">
            {formatTermType(c.row.original.termType)} · version {c.row.original.policyVersion}
          </span>
        </span>
      ),
    }),
    column.accessor('petName', {
      id: 'petName',
      header: 'Pet',
      enableSorting: true,
      cell: (c) => (
        <span className="block max-w-[9rem] truncate font-medium text-slate-900">{c.getValue()}</span>
      ),
    }),
    column.accessor('statusCode', {
      id: 'statusCode',
      header: 'Status',
      enableSorting: true,
      cell: (c) => (
        <span>
          {readable(c.getValue())}
          {c.row.original.initPaySuccessful ? (
            <span className="block text-xs text-slate-500">Initial payment OK</span>
          ) : (
            <span className="block text-xs font-medium text-red-700">Initial payment failed</span>
          )}
        </span>
      ),
    }),
    column.accessor('fullName', {
      id: 'fullName',
      header: 'Policyholder',
      enableSorting: true,
      cell: (c) => (
        <span className="block max-w-[13rem] truncate">
          <span className="font-medium text-slate-900">{c.getValue()}</span>
          {muted(c.row.original.phoneNumber && formatPhone(c.row.original.phoneNumber))}
        </span>
      ),
    }),
    column.accessor('stateCode', {
      id: 'stateCode',
      header: 'City / State',
      enableSorting: true,
      cell: (c) => (
        <span className="block max-w-[10rem] truncate">
          {c.row.original.city}, {c.getValue()}
        </span>
      ),
    }),
    column.accessor('purchaseDate', {
      id: 'purchaseDate',
      header: 'Purchased',
      enableSorting: true,
      cell: (c) => <Day day={c.getValue()} />,
    }),
    column.accessor('effectiveDate', {
      id: 'effectiveDate',
      header: 'Effective',
      enableSorting: true,
      cell: (c) => (
        <span>
          <Day day={c.getValue()} />
          <span className="block text-xs text-slate-500">
            Inception <Day day={c.row.original.inceptionDate} />
          </span>
        </span>
      ),
    }),
    column.accessor('entityCode', {
      header: 'Agency',
      cell: (c) => (
        <span title={c.row.original.entityName}>
          <span className="font-mono text-xs">{c.getValue()}</span>
          <span className="block max-w-[10rem] truncate text-xs text-slate-500">
            {c.row.original.entityName}
          </span>
          {muted(c.row.original.brandName)}
        </span>
      ),
    }),
  ];
}
