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

const customerLabel = (row: QuoteSearchRow) => row.customerName ?? 'quote without a customer';

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
    column.accessor('createdAt', {
      header: 'Created',
      enableSorting: true,
      cell: (c) => <When timestamp={c.getValue()} />,
    }),
    column.accessor('customerName', {
      header: 'Customer',
      enableSorting: true,
      cell: (c) => (
        <span className="block max-w-[13rem] truncate">
          {c.getValue() ? <span className="font-medium text-slate-900">{c.getValue()}</span> : none}
          {muted(c.row.original.phoneNumber && formatPhone(c.row.original.phoneNumber))}
        </span>
      ),
    }),
    column.accessor('city', {
      header: 'City / ZIP',
      cell: (c) => (
        <span className="block max-w-[9rem] truncate">
          {text(c.getValue())}
          {muted(c.row.original.zipCode)}
        </span>
      ),
    }),
    column.accessor('stateCode', {
      header: 'State',
      enableSorting: true,
      cell: (c) => text(c.getValue()),
    }),
    column.accessor('petNames', {
      header: 'Pets',
      cell: (c) => (
        <span className="block max-w-[10rem] truncate" title={c.getValue().join(', ')}>
          <span className="tabular-nums">
            {c.row.original.petCount} {c.row.original.petCount === 1 ? 'pet' : 'pets'}
          </span>
          {muted(c.getValue().join(', ') || null)}
        </span>
      ),
    }),
    column.accessor('referringEntity', {
      header: 'Agency',
      cell: (c) => (
        <span title={c.getValue().entityName}>
          <span className="font-mono text-xs">{c.getValue().entityCode}</span>
          <span className="block max-w-[13rem] truncate text-xs text-slate-500">
            {c.getValue().entityName}
          </span>
        </span>
      ),
    }),
    column.accessor('purchasedAt', {
      header: 'Purchased',
      enableSorting: true,
      cell: (c) => {
        const purchased = c.getValue();
        const policy = c.row.original.policyNumber;
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
