import { createColumnHelper } from '@tanstack/react-table';
import { formatBusinessMonth } from '../../calendar';
import type { StatementRow } from '../../api/schemas/commissionStatements';
import { formatMoney } from '../../ui/format';

// Columns of the commission statements report: one statement per row, by entity and month. Ids of sortable
// columns are the server's sort fields.
const column = createColumnHelper<StatementRow>();
const money = (dollars: number) => (
  <span className="block text-right tabular-nums">{formatMoney(dollars)}</span>
);

export const statementReportColumns = [
  column.accessor('month', {
    header: 'Month',
    enableSorting: true,
    cell: (c) => formatBusinessMonth(c.getValue(), 'long'),
  }),
  column.accessor('entityCode', {
    header: 'Entity',
    enableSorting: true,
    cell: (c) => (
      <>
        <span className="font-mono text-xs text-slate-500">{c.getValue()}</span>
        <span className="block text-slate-900">{c.row.original.entityName}</span>
      </>
    ),
  }),
  column.accessor('stateCode', { header: 'State', cell: (c) => c.getValue() ?? '—' }),
  column.accessor('lineCount', {
    header: 'Lines',
    cell: (c) => <span className="block text-right tabular-nums">{c.getValue()}</span>,
  }),
  column.accessor('amount', { header: 'Commission', enableSorting: true, cell: (c) => money(c.getValue()) }),
  column.accessor('overrideTotal', { header: 'Overrides', cell: (c) => money(c.getValue()) }),
  column.accessor('paymentTotal', {
    header: 'Payment total',
    enableSorting: true,
    cell: (c) => money(c.getValue()),
  }),
  column.accessor('reviewStatus', {
    header: 'Status',
    cell: (c) => {
      const row = c.row.original;
      return (
        <>
          {row.reviewStatus} · {row.paymentStatus}
          {row.paidOn && <span className="block text-xs text-slate-500">Paid on {row.paidOn}</span>}
        </>
      );
    },
  }),
];
