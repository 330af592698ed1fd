import { createColumnHelper } from '@tanstack/react-table';
import type { RentersPolicySearchRow } from '../../../api/schemas/rentersPolicies';
import { formatBusinessDate } from '../../../calendar';
import { formatPhone } from '../../../ui/format';

// Columns of renters policy search, in SPEC §3's order of the renters row; ids of sortable columns are the
// server's sort fields (RENTERS_POLICY_SORT_FIELDS). Related fields share a cell (number and term, phone and
// e-mail, city and state) so the table fits a laptop screen. The first column is the row's link to the
// policy (DataTable rowHref).
const column = createColumnHelper<RentersPolicySearchRow>();

const Day = ({ day }: { day: string }) => <span className="tabular-nums">{formatBusinessDate(day)}</span>;

// Codes and words in their own order: ACTIVE → Active, PENDING_CANCEL → Pending cancel, monthly → Monthly.
const readable = (code: string) => {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function rentersPolicyColumns() {
  return [
    column.accessor('full_name', {
      id: 'full_name',
      header: 'Policyholder',
      enableSorting: true,
      cell: (c) => <span className="block max-w-[14rem] truncate">{c.getValue()}</span>,
    }),
    column.accessor('policy_number', {
      id: 'policy_number',
      header: 'Policy',
      enableSorting: true,
      cell: (c) => (
        <span>
          <span className="font-mono text-xs">{c.getValue()}</span>
          <span className="block text-xs text-slate-500">{readable(c.row.original.term_interval)}</span>
        </span>
      ),
    }),
    column.accessor('phone_number', {
      header: 'Contact',
      cell: (c) => (
        <span className="block max-w-[16rem] truncate">
          <span className="tabular-nums">{c.getValue() && formatPhone(c.getValue())}</span>
          <span className="block truncate text-xs text-slate-500" title={c.row.original.email}>
            {c.row.original.email}
          </span>
        </span>
      ),
    }),
    column.accessor('state', {
      id: 'state',
      header: 'City / State',
      enableSorting: true,
      cell: (c) => (
        <span className="block max-w-[10rem] truncate">
          {c.row.original.city}, {c.getValue()}
        </span>
      ),
    }),
    column.accessor('sold_on', {
      id: 'sold_on',
      header: 'Sold',
      enableSorting: true,
      cell: (c) => <Day day={c.getValue()} />,
    }),
    column.accessor('effective_at', {
      id: 'effective_at',
      header: 'Effective',
      enableSorting: true,
      cell: (c) => <Day day={c.getValue()} />,
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      enableSorting: true,
      cell: (c) => readable(c.getValue()),
    }),
  ];
}
