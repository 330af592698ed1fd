import { createColumnHelper } from '@tanstack/react-table';
import type { CommissionRule } from '../../../api/schemas/commissionRules';
import { formatBusinessDate } from '../../../calendar';
import { Button } from '../../../ui/forms/Button';
import { formatPay } from './ruleForm';
import { speciesLabel } from './ruleOptions';

// Columns of the rule table; ids are the server's sort fields.
const column = createColumnHelper<CommissionRule>();

const STATUS_TONES = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  future: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  expired: 'bg-slate-100 text-slate-600 ring-slate-500/20',
} as const;

export interface RuleActions {
  canEdit: boolean;
  onEdit(rule: CommissionRule): void;
  onExpire(rule: CommissionRule): void;
}

export function ruleColumns({ canEdit, onEdit, onExpire }: RuleActions) {
  return [
    column.accessor('id', { id: 'id', header: 'Rule', enableSorting: true, cell: (c) => `#${c.getValue()}` }),
    column.accessor('event_code', {
      id: 'eventCode',
      header: 'Event',
      enableSorting: true,
      cell: (c) => <span className="font-mono text-[13px] font-semibold">{c.getValue()}</span>,
    }),
    column.accessor('business_type', {
      id: 'businessType',
      header: 'Business',
      enableSorting: true,
      cell: (c) => (c.getValue() === 'NEW' ? 'New' : 'Renewal'),
    }),
    column.accessor('species', { header: 'Species', cell: (c) => speciesLabel(c.getValue()) }),
    column.accessor('state_codes', {
      header: 'States',
      cell: (c) => (
        <span className="block max-w-[6rem] truncate" title={c.getValue().join(', ')}>
          {c.getValue().join(', ')}
        </span>
      ),
    }),
    column.accessor('pay_multiplier', {
      id: 'payMultiplier',
      header: 'Pays',
      enableSorting: true,
      cell: (c) => formatPay(c.row.original),
    }),
    column.accessor('effective_date', {
      id: 'effectiveDate',
      header: 'Effective',
      enableSorting: true,
      cell: (c) => formatBusinessDate(c.getValue()),
    }),
    column.accessor('expiration_date', {
      id: 'expirationDate',
      header: 'Expires',
      enableSorting: true,
      cell: (c) => {
        const day = c.getValue();
        return day ? formatBusinessDate(day) : <span className="text-slate-500">Open</span>;
      },
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (c) => (
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${STATUS_TONES[c.getValue()]}`}
        >
          {c.getValue()}
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) =>
        canEdit && c.row.original.status !== 'expired' ? (
          <div className="flex justify-end gap-1.5">
            <Button
              variant="secondary"
              className="px-2.5 py-1 text-xs"
              aria-label={`Edit rule ${c.row.original.id}`}
              onClick={() => onEdit(c.row.original)}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              className="px-2.5 py-1 text-xs text-red-700"
              aria-label={`Expire rule ${c.row.original.id}`}
              onClick={() => onExpire(c.row.original)}
            >
              Expire
            </Button>
          </div>
        ) : null,
    }),
  ];
}
