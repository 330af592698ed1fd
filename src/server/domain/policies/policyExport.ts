import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { PolicyExport, PolicySearchRow } from '../../../api/schemas/policySearch';
import { csvLine } from '../documents/csv';
import { afterKey, policySearchQuery, sortedPolicies, toSearchRow, type PolicyRawRow } from './policySearch';

// GET /v2/policies/export: every matching row as CSV, produced batch by batch. Each batch continues after
// the last (sort value, matter id) sent, so a deep batch costs what the first does (no OFFSET scan) and
// only one batch is ever held in memory; the caller pulls lines as the client reads them.
export const EXPORT_BATCH_SIZE = 500;

const COLUMNS: [string, (row: PolicySearchRow) => string | number | null][] = [
  ['matterId', (r) => r.matterId],
  ['policyNumber', (r) => r.policyNumber],
  ['policyVersion', (r) => r.policyVersion],
  ['petName', (r) => r.petName],
  ['entityCode', (r) => r.entityCode],
  ['entityName', (r) => r.entityName],
  ['brandName', (r) => r.brandName],
  ['statusCode', (r) => r.statusCode],
  ['termType', (r) => r.termType],
  ['inceptionDate', (r) => r.inceptionDate],
  ['effectiveDate', (r) => r.effectiveDate],
  ['purchaseDate', (r) => r.purchaseDate],
  ['fullName', (r) => r.fullName],
  ['city', (r) => r.city],
  ['stateCode', (r) => r.stateCode],
  ['phoneNumber', (r) => r.phoneNumber],
  ['initPaySuccessful', (r) => String(r.initPaySuccessful)],
];

export const POLICY_CSV_HEADER = COLUMNS.map(([name]) => name);
export const policyCsvRow = (row: PolicySearchRow) => COLUMNS.map(([, value]) => value(row));

export async function* policyExportCsv(
  db: Db,
  scope: EntityScope,
  search: PolicyExport,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield csvLine(POLICY_CSV_HEADER);
  const base = policySearchQuery(db, scope, search);
  let after: { sortKey: string; matterId: number } | null = null;
  for (;;) {
    const query = after ? afterKey(base, search.sort, search.order, after) : base;
    const rows: PolicyRawRow[] = await sortedPolicies(query, search.sort, search.order)
      .limit(batchSize)
      .execute();
    if (rows.length > 0) yield rows.map((row) => csvLine(policyCsvRow(toSearchRow(row)))).join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { sortKey: last.sort_key, matterId: last.matter_id };
  }
}
