import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { QuoteExport, QuoteSearchRow } from '../../../api/schemas/quoteSearch';
import { csvLine } from '../documents/csv';
import { quoteRowsQuery, sortedQuotes, toSearchRow, whereFilters } from './quoteSearch';

// GET /v2/quotes/export: the search's rows as CSV, read in batches so a large export never sits in memory.
// Columns and timestamps are the search row's: its SPEC §3 names, Central time with the offset.
const BATCH = 1000;

const COLUMNS: [string, (row: QuoteSearchRow) => string | number | null][] = [
  ['id', (r) => r.id],
  ['referringEntityCode', (r) => r.referringEntity.entityCode],
  ['referringEntityName', (r) => r.referringEntity.entityName],
  ['createdAt', (r) => r.createdAt],
  ['purchasedAt', (r) => r.purchasedAt],
  ['policyNumber', (r) => r.policyNumber],
  ['customerName', (r) => r.customerName],
  ['city', (r) => r.city],
  ['stateCode', (r) => r.stateCode],
  ['zipCode', (r) => r.zipCode],
  ['phoneNumber', (r) => r.phoneNumber],
  ['petCount', (r) => r.petCount],
  ['petNames', (r) => r.petNames.join('; ')],
];

export const CSV_HEADER = COLUMNS.map(([name]) => name);
export const csvRow = (row: QuoteSearchRow) => COLUMNS.map(([, value]) => value(row));

export async function* quoteExportCsv(
  db: Db,
  scope: EntityScope,
  search: QuoteExport,
  maxRows: number,
): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  let base = quoteRowsQuery(db, scope);
  for (const condition of whereFilters(search.filter)) base = base.where(condition);
  const query = sortedQuotes(base, search.sort, search.order);
  for (let offset = 0; offset < maxRows; offset += BATCH) {
    const rows = await query
      .limit(Math.min(BATCH, maxRows - offset))
      .offset(offset)
      .execute();
    if (rows.length > 0) yield rows.map((row) => csvLine(csvRow(toSearchRow(row)))).join('');
    if (rows.length < BATCH) return;
  }
}
