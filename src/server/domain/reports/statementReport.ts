import { sql } from 'kysely';
import type { StatementRow, StatementSortField } from '../../../api/schemas/commissionStatements';
import type { SortOrder } from '../../../api/schemas/paging';
import type { StatementReportMonth, StatementReportTotals } from '../../../api/schemas/reports';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import {
  sortedStatementRows,
  statementQuery,
  toStatementRow,
  type StatementSearchFilters,
} from '../commission/statementSearch';
import { PdfDocument } from '../documents/pdfDocument';
import { money } from '../documents/pdfText';
import { csvLine } from '../documents/csv';

// The commission statements report (docs/reports.md "Commission statements"): the statement search's rows,
// their totals over every matching row, and the report as CSV or PDF. One query builder with the review
// and payment screens, so the report counts exactly the statements those screens list.

export async function statementReportTotals(
  db: Db,
  filter: StatementSearchFilters,
  scope: EntityScope,
): Promise<StatementReportTotals> {
  const row = await statementQuery(db, filter, scope)
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(s.amount_cents), 0)`.as('amount'),
      sql<string>`coalesce(sum(s.override_total_cents), 0)`.as('overrides'),
      sql<string>`coalesce(sum(s.payment_total_cents), 0)`.as('payment'),
      sql<string>`coalesce(sum(s.payment_total_cents) filter (where s.state = 'paid'), 0)`.as('paid'),
      sql<string>`coalesce(sum(s.line_count), 0)`.as('lines'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    amount: Number(row.amount) / 100,
    overrideTotal: Number(row.overrides) / 100,
    paymentTotal: Number(row.payment) / 100,
    paidTotal: Number(row.paid) / 100,
    lineCount: Number(row.lines),
  };
}

export async function statementReportMonths(
  db: Db,
  filter: StatementSearchFilters,
  scope: EntityScope,
): Promise<StatementReportMonth[]> {
  const rows = await statementQuery(db, filter, scope)
    .select([
      's.month',
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(s.payment_total_cents) filter (where s.state = 'paid'), 0)`.as('paid'),
      sql<string>`coalesce(sum(s.payment_total_cents) filter (where s.state <> 'paid'), 0)`.as('unpaid'),
    ])
    .groupBy('s.month')
    .orderBy('s.month')
    .execute();
  return rows.map((r) => ({
    month: r.month,
    count: Number(r.count),
    paid: Number(r.paid) / 100,
    unpaid: Number(r.unpaid) / 100,
  }));
}

export interface ReportOrder {
  sort: StatementSortField;
  order: SortOrder;
}

export const REPORT_BATCH_SIZE = 1_000;

// Every matching row in the report's order, a batch at a time.
export async function* statementReportRows(
  db: Db,
  filter: StatementSearchFilters,
  scope: EntityScope,
  { sort, order }: ReportOrder,
  batchSize = REPORT_BATCH_SIZE,
): AsyncGenerator<StatementRow[]> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await sortedStatementRows(db, filter, scope, sort, order)
      .limit(batchSize)
      .offset(offset)
      .execute();
    if (rows.length > 0) yield rows.map(toStatementRow);
    if (rows.length < batchSize) return;
  }
}

const COLUMNS: [string, (r: StatementRow) => string | number | null][] = [
  ['month', (r) => r.month],
  ['entityCode', (r) => r.entityCode],
  ['entityName', (r) => r.entityName],
  ['stateCode', (r) => r.stateCode],
  ['lines', (r) => r.lineCount],
  ['amount', (r) => r.amount.toFixed(2)],
  ['overrideTotal', (r) => r.overrideTotal.toFixed(2)],
  ['paymentTotal', (r) => r.paymentTotal.toFixed(2)],
  ['reviewStatus', (r) => r.reviewStatus],
  ['reviewedBy', (r) => r.reviewedBy],
  ['paymentStatus', (r) => r.paymentStatus],
  ['paidOn', (r) => r.paidOn],
  ['payoutFrequency', (r) => r.payoutFrequency],
  ['payoutMethod', (r) => r.payoutMethod],
  ['accountManager', (r) => r.accountManagerName],
  ['statementId', (r) => r.id],
];
export const STATEMENT_REPORT_CSV_HEADER = COLUMNS.map(([name]) => name);

export async function* statementReportCsv(rows: AsyncIterable<StatementRow[]>): AsyncGenerator<string> {
  yield csvLine(STATEMENT_REPORT_CSV_HEADER);
  for await (const batch of rows)
    yield batch.map((row) => csvLine(COLUMNS.map(([, value]) => value(row)))).join('');
}

export async function statementReportPdf(
  rows: readonly StatementRow[],
  totals: StatementReportTotals,
  heading: { filters: string; generatedOn: string },
): Promise<Uint8Array> {
  const pdf = await PdfDocument.create({
    title: 'Commission statements report',
    subject: 'Commission statements report',
    author: 'Harbor Mutual Insurance Services',
    footer: `Commission statements report - ${heading.generatedOn}`,
  });
  pdf.title('Commission statements report');
  pdf.subtitle(heading.filters);
  pdf.keyValues([
    ['Statements', String(totals.count)],
    ['Commission', money(totals.amount)],
    ['Overrides', money(totals.overrideTotal)],
    ['Payment total', money(totals.paymentTotal)],
    ['Paid', money(totals.paidTotal)],
  ]);
  pdf.spacer();
  if (rows.length === 0) pdf.paragraph('No statements match these filters.');
  else
    pdf.table({
      columns: [
        { header: 'Month', width: 50 },
        { header: 'Entity' },
        { header: 'Review', width: 55 },
        { header: 'Payment', width: 55 },
        { header: 'Commission', width: 70, align: 'right' },
        { header: 'Payment total', width: 75, align: 'right' },
      ],
      rows: rows.map((r) => [
        r.month,
        `${r.entityCode} ${r.entityName}`,
        r.reviewStatus,
        r.paymentStatus,
        money(r.amount),
        money(r.paymentTotal),
      ]),
      footerRows: [
        ['Total', `${totals.count} statements`, '', '', money(totals.amount), money(totals.paymentTotal)],
      ],
    });
  return pdf.finish();
}
