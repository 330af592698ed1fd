import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { QuoteSearchRow } from '../../../api/schemas/quoteSearch';
import { dateTimeParts, formatDateTime } from '../../../calendar';
import { formatPhone } from '../../../ui/format';

// Columns of quote search; ids of sortable columns are the server's sort fields (QUOTE_SORT_FIELDS).
const column = createColumnHelper<QuoteSearchRow>();

const none = <span className="text-slate-500">—</span>;
const text = (value: string | null) => value || none;

export interface QuoteRowActions {
  // The quote whose PDF is downloading, if any.
  downloading: string | null;
  onPdf(row: QuoteSearchRow): void;
}

const customerLabel = (row: QuoteSearchRow) => row.customer_name ?? 'quote without a customer';

// Day over time, so the column stays narrow; the full text is the cell's title.
function When({ timestamp }: { timestamp: string }) {
  const parts = dateTimeParts(timestamp);
  if (!parts) return <span>{timestamp}</span>;
  return (
    <span className="tabular-nums" title={formatDateTime(timestamp)}>
      {parts.day}
      <span className="block text-xs text-slate-500">{parts.time}</span>
    </span>
  );
}

const muted = (value: string | null) =>
  value ? <span className="block text-xs text-slate-500">{value}</span> : null;

export function quoteColumns({ downloading, onPdf }: QuoteRowActions) {
  return [
    column.accessor('created_at', {
      id: 'createdAt',
      header: 'Created',
      enableSorting: true,
      cell: (c) => <When timestamp={c.getValue()} />,
    }),
    column.accessor('customer_name', {
      id: 'customerName',
      header: 'Customer',
      enableSorting: true,
      cell: (c) => (
        <span className="block max-w-[13rem] truncate">
          {c.getValue() ? <span className="font-medium text-slate-900">{c.getValue()}</span> : none}
          {muted(c.row.original.phone_number && formatPhone(c.row.original.phone_number))}
        </span>
      ),
    }),
    column.accessor('city', {
      header: 'City / ZIP',
      cell: (c) => (
        <span className="block max-w-[9rem] truncate">
          {text(c.getValue())}
          {muted(c.row.original.zip_code)}
        </span>
      ),
    }),
    column.accessor('state_code', {
      id: 'stateCode',
      header: 'State',
      enableSorting: true,
      cell: (c) => text(c.getValue()),
    }),
    column.accessor('pet_names', {
      header: 'Pets',
      cell: (c) => (
        <span className="block max-w-[10rem] truncate" title={c.getValue().join(', ')}>
          <span className="tabular-nums">
            {c.row.original.pet_count} {c.row.original.pet_count === 1 ? 'pet' : 'pets'}
          </span>
          {muted(c.getValue().join(', ') || null)}
        </span>
      ),
    }),
    column.accessor('referring_entity', {
      header: 'Agency',
      cell: (c) => (
        <span title={c.getValue().entity_name}>
          <span className="font-mono text-xs">{c.getValue().entity_code}</span>
          <span className="block max-w-[13rem] truncate text-xs text-slate-500">
            {c.getValue().entity_name}
          </span>
        </span>
      ),
    }),
    column.accessor('purchased_at', {
      id: 'purchasedAt',
      header: 'Purchased',
      enableSorting: true,
      cell: (c) => {
        const purchased = c.getValue();
        const policy = c.row.original.policy_number;
        if (!purchased) return none;
        return (
          <span>
            <When timestamp={purchased} />
            {policy && <span className="block font-mono text-xs text-slate-500">{policy}</span>}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      // Resume and PDF: never hidden by the column chooser.
      enableHiding: false,
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => {
        const row = c.row.original;
        const busy = downloading === row.id;
        return (
          <span className="flex justify-end gap-3 text-sm font-medium">
            {row.route && (
              <Link
                to={row.route}
                className="text-indigo-700 hover:underline"
                aria-label={`Resume ${customerLabel(row)}`}
              >
                Resume
              </Link>
            )}
            <button
              type="button"
              onClick={() => onPdf(row)}
              disabled={downloading !== null}
              aria-busy={busy || undefined}
              aria-label={`PDF of ${customerLabel(row)}`}
              className="text-indigo-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400"
            >
              {busy ? 'PDF…' : 'PDF'}
            </button>
          </span>
        );
      },
    }),
  ];
}
