import { createColumnHelper } from '@tanstack/react-table';
import type { BankAccountRow } from '../../../api/schemas/bankAccounts';
import { formatDateTime } from '../../../calendar';

// Columns of the verified-accounts list; ids of sortable columns are the server's sort fields. The account
// shows as its last four digits only: the full number is never on the wire.
const column = createColumnHelper<BankAccountRow>();

export const checkedAt = (iso: string) => formatDateTime(iso);

const STATUS = { active: 'Active', replaced: 'Replaced', failed: 'Not eligible' } as const;

export function bankAccountColumns() {
  return [
    column.accessor('entity_code', {
      id: 'entity_code',
      header: 'Agency',
      enableSorting: true,
      cell: (c) => (
        <span className="block max-w-[16rem] truncate">
          <span className="font-mono text-xs">{c.getValue()}</span>
          <span className="block truncate text-xs text-slate-500">{c.row.original.entity_name}</span>
        </span>
      ),
    }),
    column.accessor('account_last4', {
      header: 'Account',
      cell: (c) => (
        <span className="tabular-nums">
          •••• {c.getValue()}
          <span className="block text-xs text-slate-500">
            {c.row.original.account_type === 'checking' ? 'Checking' : 'Savings'}, routing{' '}
            {c.row.original.routing_number}
          </span>
        </span>
      ),
    }),
    column.accessor('holder_name', {
      header: 'Holder',
      cell: (c) => <span className="block max-w-[12rem] truncate">{c.getValue()}</span>,
    }),
    column.accessor('status', { header: 'Status', cell: (c) => STATUS[c.getValue()] }),
    column.accessor('verified_at', {
      id: 'verified_at',
      header: 'Verified',
      enableSorting: true,
      cell: (c) => <span className="tabular-nums">{checkedAt(c.getValue())}</span>,
    }),
  ];
}
