import type { Statement, StatementRow } from '../../../api/schemas/commissionStatements';
import type { SortOrder } from '../../../api/schemas/paging';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import { PdfDocument } from '../documents/pdfDocument';
import { money } from '../documents/pdfText';
import { csvLine } from '../documents/csv';
import { sortedStatementRows, toStatementRow, type StatementSearchFilters } from './statementSearch';

// The files of the commission cycle: one statement as PDF or CSV (what an agency is sent), and the payment
// report of many statements (what accounting pays from).

// The file's lines: the statement's heading, the column names, a line per commission line and override, and
// the totals.
export function statementCsv(statement: Statement): string[] {
  const head = [
    ['Entity', `${statement.entity.entity_code} ${statement.entity.entity_name}`],
    ['Month', statement.statement_month],
    ['Review', statement.review_status],
    ['Payment', statement.payment_status],
  ];
  const lines = statement.lines.map((l) => [
    l.policy_number,
    l.event_code,
    l.on,
    l.premium.toFixed(2),
    l.rule_id,
    l.amount.toFixed(2),
    l.explanation,
  ]);
  const overrides = statement.overrides
    .filter((o) => !o.deleted)
    .map((o) => ['Override', o.override_type_code, '', '', null, o.amount.toFixed(2), o.override_note ?? '']);
  return [
    ...head.map((row) => csvLine(row)),
    csvLine(['Policy', 'Event', 'Date', 'Premium', 'Rule', 'Commission', 'Explanation']),
    ...lines.map((row) => csvLine(row)),
    ...overrides.map((row) => csvLine(row)),
    csvLine(['Amount', '', '', '', null, statement.amount.toFixed(2), '']),
    csvLine(['Override total', '', '', '', null, statement.override_total.toFixed(2), '']),
    csvLine(['Payment total', '', '', '', null, statement.payment_total.toFixed(2), '']),
  ];
}

export async function statementPdf(statement: Statement): Promise<Uint8Array> {
  const { entity } = statement;
  const pdf = await PdfDocument.create({
    title: `Commission statement ${entity.entity_code} ${statement.statement_month}`,
    subject: 'Commission statement',
    author: 'Harbor Mutual Insurance Services',
    footer: `Commission statement ${statement.id} - ${entity.entity_code} - ${statement.statement_month}`,
  });
  pdf.title('Commission statement');
  pdf.subtitle(`${entity.entity_name} (${entity.entity_code}), ${statement.statement_month}`);
  pdf.keyValues([
    ['Review', statement.review_status + (statement.reviewer ? ` by ${statement.reviewer}` : '')],
    ['Payment', statement.payment_status + (statement.paid_on ? ` on ${statement.paid_on}` : '')],
    ['Commission', money(statement.amount)],
    ['Overrides', money(statement.override_total)],
    ['Payment total', money(statement.payment_total)],
    [
      'Against last month',
      statement.change_from_previous === null
        ? 'No statement last month'
        : money(statement.change_from_previous),
    ],
  ]);
  pdf.heading('Lines');
  if (statement.lines.length === 0) pdf.paragraph('No commissionable policy events this month.');
  else
    pdf.table({
      columns: [
        { header: 'Policy', width: 110 },
        { header: 'Event', width: 40 },
        { header: 'Date', width: 65 },
        { header: 'Premium', width: 70, align: 'right' },
        { header: 'Commission', width: 70, align: 'right' },
        { header: 'Why' },
      ],
      rows: statement.lines.map((l) => [
        l.policy_number,
        l.event_code,
        l.on,
        money(l.premium),
        money(l.amount),
        l.explanation,
      ]),
      footerRows: [['Total', '', '', '', money(statement.amount), '']],
    });
  const overrides = statement.overrides.filter((o) => !o.deleted);
  if (overrides.length > 0) {
    pdf.heading('Overrides');
    pdf.table({
      columns: [
        { header: 'Type', width: 150 },
        { header: 'Amount', width: 80, align: 'right' },
        { header: 'Note' },
      ],
      rows: overrides.map((o) => [o.override_type_code, money(o.amount), o.override_note ?? '']),
      footerRows: [['Total', money(statement.override_total), '']],
    });
  }
  return pdf.finish();
}

export const PAYMENT_REPORT_HEADER = [
  'Statement',
  'Entity code',
  'Entity name',
  'State',
  'Month',
  'Payout frequency',
  'Payout method',
  'Amount',
  'Override total',
  'Payment total',
  'Review',
  'Payment',
  'Paid on',
  'Added to accounting',
  'Account manager',
];

const reportLine = (row: StatementRow) =>
  csvLine([
    row.id,
    row.entityCode,
    row.entityName,
    row.stateCode,
    row.month,
    row.payoutFrequency,
    row.payoutMethod,
    row.amount.toFixed(2),
    row.overrideTotal.toFixed(2),
    row.paymentTotal.toFixed(2),
    row.reviewStatus,
    row.paymentStatus,
    row.paidOn,
    row.addedToAccounting ? 'yes' : 'no',
    row.accountManagerName,
  ]);

const BATCH = 500;

// Every selected (ids) or matching (filter) statement, a batch at a time, with the totals at the end.
export async function* paymentReportCsv(
  db: Db,
  scope: EntityScope,
  selection: { ids: readonly number[] } | { filter: StatementSearchFilters },
  sort: { field: 'month' | 'entityCode'; order: SortOrder } = { field: 'entityCode', order: 'asc' },
): AsyncGenerator<string> {
  yield csvLine(PAYMENT_REPORT_HEADER);
  const filter = 'filter' in selection ? selection.filter : {};
  let query = sortedStatementRows(db, filter, scope, sort.field, sort.order);
  if ('ids' in selection) query = query.where('s.id', 'in', [...selection.ids]);
  let count = 0;
  let totalCents = 0;
  for (let offset = 0; ; offset += BATCH) {
    const rows = (await query.limit(BATCH).offset(offset).execute()).map(toStatementRow);
    count += rows.length;
    totalCents += rows.reduce((sum, row) => sum + Math.round(row.paymentTotal * 100), 0);
    if (rows.length > 0) yield rows.map(reportLine).join('');
    if (rows.length < BATCH) break;
  }
  yield csvLine([
    `Total of ${count} statements`,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    (totalCents / 100).toFixed(2),
  ]);
}
