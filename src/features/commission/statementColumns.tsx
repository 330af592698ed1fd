import { createColumnHelper } from '@tanstack/react-table';
import type { StatementRow } from '../../api/schemas/commissionStatements';
import { formatBusinessDate, formatBusinessMonth } from '../../calendar';
import { formatMoney } from '../../ui/format';
import { formatChange, formatTimestamp, splitTimestamp } from './format';
import { StatementBadges } from './StatementBadges';
import { monthLabel } from './statementFilterValues';

// Columns of the statement search (SPEC §3 "Statement row in lists") with the two statuses; ids of sortable
// columns are the server's sort fields (STATEMENT_SORT_FIELDS). Related fields share a cell (code, name and
// account manager; month and state; amount and overrides; frequency, method and accounting; reviewed and
// downloaded) so the table fits a laptop screen. The first column selects rows for the bulk actions; the
// entity opens the statement. The ids are those TABLE_COLUMNS lists for the statement tables, which a saved
// view is checked against (a unit test holds them equal).
const column = createColumnHelper<StatementRow>();

export interface StatementColumnsOptions {
  // Row selection across pages, by statement id.
  selected: ReadonlySet<number>;
  pageRows: readonly StatementRow[];
  onToggle(row: StatementRow): void;
  onTogglePage(select: boolean): void;
  onOpen(row: StatementRow): void;
  // Names from the reference lists (codes otherwise).
  frequencyName(code: string | null): string;
  methodName(code: string | null): string;
}

const Money = ({ dollars, strong }: { dollars: number; strong?: boolean }) => (
  <span className={`block text-right tabular-nums ${strong ? 'font-medium text-slate-900' : ''}`}>
    {formatMoney(dollars)}
  </span>
);
const muted = (value: string | null) =>
  value ? <span className="block text-xs text-slate-500">{value}</span> : null;

// A time on two short lines: the day, then the time and who.
function Stamp({ at, by }: { at: string | null; by: string | null }) {
  if (!at) return <>—</>;
  const { day, time } = splitTimestamp(at);
  return (
    <span className="tabular-nums">
      {day}
      {muted([time, by].filter(Boolean).join(' · '))}
    </span>
  );
}

// "2026-11" → "Nov 2026", as the table shows it (the statement says "November 2026").
const shortMonth = (month: string) => formatBusinessMonth(month);

export function statementColumns(options: StatementColumnsOptions) {
  const { selected, pageRows, onToggle, onTogglePage, onOpen } = options;
  const pageSelected = pageRows.length > 0 && pageRows.every((r) => selected.has(r.id));
  const somePageSelected = pageRows.some((r) => selected.has(r.id));
  return [
    column.display({
      id: 'select',
      header: () => (
        <input
          type="checkbox"
          aria-label="Select every statement on this page"
          className="size-4 rounded border-slate-300 text-indigo-600"
          checked={pageSelected}
          ref={(input) => {
            if (input) input.indeterminate = somePageSelected && !pageSelected;
          }}
          disabled={pageRows.length === 0}
          onChange={(e) => onTogglePage(e.target.checked)}
        />
      ),
      cell: (c) => (
        <input
          type="checkbox"
          aria-label={`Select ${c.row.original.entityCode} ${monthLabel(c.row.original.month)}`}
          className="size-4 rounded border-slate-300 text-indigo-600"
          checked={selected.has(c.row.original.id)}
          onChange={() => onToggle(c.row.original)}
        />
      ),
    }),
    column.accessor('entityCode', {
      id: 'entityCode',
      header: 'Entity',
      enableSorting: true,
      // It opens the statement: never hidden by the column chooser.
      enableHiding: false,
      cell: (c) => {
        const row = c.row.original;
        return (
          <span className="block max-w-[13rem]">
            {/* The button shows the code its name speaks of; the entity's name is beside it (WCAG 2.5.3). */}
            <button
              type="button"
              onClick={() => onOpen(row)}
              className="text-left"
              aria-label={`Open the statement of ${row.entityCode} for ${monthLabel(row.month)}`}
            >
              <span className="font-mono text-xs font-medium text-indigo-700 hover:underline">
                {c.getValue()}
              </span>
            </button>
            <span className="block truncate text-xs text-slate-600" title={row.entityName}>
              {row.entityName}
            </span>
            {row.accountManagerName && muted(`Manager: ${row.accountManagerName}`)}
          </span>
        );
      },
    }),
    column.accessor('month', {
      id: 'month',
      header: 'Month',
      enableSorting: true,
      cell: (c) => (
        <span>
          {shortMonth(c.getValue())}
          {muted(c.row.original.stateCode)}
        </span>
      ),
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: (c) => (
        <StatementBadges review={c.row.original.reviewStatus} payment={c.row.original.paymentStatus} />
      ),
    }),
    column.accessor('amount', {
      id: 'amount',
      header: 'Amount',
      enableSorting: true,
      // The overrides sit under the lines' amount; with them it makes the payment total.
      cell: (c) => {
        const overrides = c.row.original.overrideTotal;
        return (
          <span className="block text-right">
            <Money dollars={c.getValue()} />
            {overrides !== 0 && (
              <span className="block whitespace-nowrap text-xs tabular-nums text-slate-500">
                {formatChange(overrides)} overrides
              </span>
            )}
          </span>
        );
      },
    }),
    column.accessor('paymentTotal', {
      id: 'paymentTotal',
      header: 'Payment total',
      enableSorting: true,
      cell: (c) => <Money dollars={c.getValue()} strong />,
    }),
    column.display({
      id: 'payout',
      header: 'Payout',
      cell: (c) => {
        const row = c.row.original;
        return (
          <span>
            {options.frequencyName(row.payoutFrequency)}
            {muted(options.methodName(row.payoutMethod))}
            {row.addedToAccounting ? (
              muted('In accounting')
            ) : (
              <span className="block text-xs font-medium text-amber-700">Not in accounting</span>
            )}
          </span>
        );
      },
    }),
    column.accessor('paidOn', {
      id: 'paidOn',
      header: 'Paid on',
      enableSorting: true,
      cell: (c) => {
        const day = c.getValue();
        return day ? <span className="tabular-nums">{formatBusinessDate(day)}</span> : '—';
      },
    }),
    column.accessor('reviewedAt', {
      id: 'reviewedAt',
      header: 'Reviewed',
      enableSorting: true,
      cell: (c) => {
        const downloaded = c.row.original.downloadedAt;
        return (
          <span>
            <Stamp at={c.getValue()} by={c.row.original.reviewedBy} />
            <span className="block text-xs text-slate-500" title={formatTimestamp(downloaded)}>
              {downloaded ? `Downloaded ${splitTimestamp(downloaded).shortDay}` : 'Not downloaded'}
            </span>
          </span>
        );
      },
    }),
  ];
}
