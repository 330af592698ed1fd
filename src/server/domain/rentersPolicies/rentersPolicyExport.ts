import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { RentersPolicyExport, RentersPolicySearchRow } from '../../../api/schemas/rentersPolicies';
import { csvLine } from '../documents/csv';
import {
  afterRentersKey,
  rentersPolicySearchQuery,
  sortedRentersPolicies,
  toRentersSearchRow,
  type RentersPolicyRawRow,
} from './rentersPolicySearch';

// GET /v2/renters/policies/export: every matching row as CSV, batch by batch, each batch continuing after the
// last (sort value, matter id) sent, as the pet export does (src/server/domain/policies/policyExport.ts).
export const RENTERS_EXPORT_BATCH_SIZE = 500;

const COLUMNS: (keyof RentersPolicySearchRow)[] = [
  'policy_number',
  'full_name',
  'term_interval',
  'phone_number',
  'email',
  'city',
  'state',
  'sold_on',
  'effective_at',
  'status',
  'matter_id',
  'customer_id',
];

export const RENTERS_POLICY_CSV_HEADER: string[] = [...COLUMNS];
export const rentersPolicyCsvRow = (row: RentersPolicySearchRow) => COLUMNS.map((column) => row[column]);

export async function* rentersPolicyExportCsv(
  db: Db,
  scope: EntityScope,
  search: RentersPolicyExport & { today: string },
  batchSize: number = RENTERS_EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvLine(RENTERS_POLICY_CSV_HEADER);
  const base = rentersPolicySearchQuery(db, scope, search);
  let after: { sortKey: string; matterId: number } | null = null;
  for (;;) {
    const query = after ? afterRentersKey(base, search.sort, search.order, after, search.today) : base;
    const rows: RentersPolicyRawRow[] = await sortedRentersPolicies(
      query,
      search.sort,
      search.order,
      search.today,
    )
      .limit(batchSize)
      .execute();
    if (rows.length > 0)
      yield rows.map((row) => csvLine(rentersPolicyCsvRow(toRentersSearchRow(row)))).join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { sortKey: last.sort_key, matterId: last.matter_id };
  }
}
