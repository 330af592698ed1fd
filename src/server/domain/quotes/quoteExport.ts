import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { QuoteExport, QuoteSearchRow } from '../../../api/schemas/quoteSearch';
import { csvLine } from '../documents/csv';
import { quoteRowsQuery, sortedQuotes, toSearchRow, whereFilters } from './quoteSearch';

// GET /v2/quotes/export: the search's rows as CSV, read in batches so a large export never sits in memory.
// Timestamps are the search row's: Central time with the offset.
const BATCH = 1000;

const COLUMNS: [string, (row: QuoteSearchRow) => string | number | null][] = [
  ['id', (r) => r.id],
  ['referring_entity_code', (r) => r.referring_entity.entity_code],
  ['referring_entity_name', (r) => r.referring_entity.entity_name],
  ['created_at', (r) => r.created_at],
  ['purchased_at', (r) => r.purchased_at],
  ['policy_number', (r) => r.policy_number],
  ['customer_name', (r) => r.customer_name],
  ['city', (r) => r.city],
  ['state_code', (r) => r.state_code],
  ['zip_code', (r) => r.zip_code],
  ['phone_number', (r) => r.phone_number],
  ['pet_count', (r) => r.pet_count],
  ['pet_names', (r) => r.pet_names.join('; ')],
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
