import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type {
  PolicyDateType,
  PolicyFilters,
  PolicySearchRow,
  PolicySortField,
} from '../../../api/schemas/policySearch';
import type { PageMeta, SortOrder } from '../../../api/schemas/paging';
import {
  afterKeyCondition,
  fullName,
  orderByKey,
  policyholderConditions,
  prefixPattern,
  sortKeyText,
  type SortKey,
} from '../search/policyholderSearch';

// Pet policy search (SPEC §3 "Search criteria and paging"): one query builder shared by the paged search
// and the export, so the two never disagree about which rows a caller sees. Text filters are prefix
// matches on the same expressions migration 009 indexes (text_pattern_ops), so they stay index lookups
// on large tables; a contains-match could not use a btree index.

const DATE_COLUMNS: Record<PolicyDateType, RawBuilder<unknown>> = {
  purchase: sql`p.purchase_date`,
  effective: sql`p.effective_date`,
  inception: sql`p.inception_date`,
  expiration: sql`p.expiration_date`,
};

// Every sort column is NOT NULL, so a (sort value, matter id) pair orders rows totally: pages and export
// batches never repeat or skip a row, and the export can continue after the last pair it sent.
type SortColumn = SortKey;
const SORT_COLUMNS: Record<PolicySortField, SortColumn> = {
  purchaseDate: { expr: sql`p.purchase_date`, type: 'date' },
  effectiveDate: { expr: sql`p.effective_date`, type: 'date' },
  inceptionDate: { expr: sql`p.inception_date`, type: 'date' },
  expirationDate: { expr: sql`p.expiration_date`, type: 'date' },
  policyNumber: { expr: sql`p.policy_number`, type: 'text' },
  petName: { expr: sql`lower(p.pet_name)`, type: 'text' },
  fullName: { expr: fullName, type: 'text' },
  stateCode: { expr: sql`p.state`, type: 'text' },
  statusCode: { expr: sql`p.status_code`, type: 'text' },
};

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export function policyRowsQuery(db: Db, scope: EntityScope, sort: PolicySortField) {
  const key = SORT_COLUMNS[sort];
  let query = db
    .selectFrom('policies as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('brands as b', 'b.code', 'p.brand_code')
    .select([
      'p.matter_id',
      'p.policy_number',
      'p.policy_version',
      'p.pet_name',
      'e.entity_code',
      'e.entity_name',
      sql<string | null>`b.data->>'name'`.as('brand_name'),
      'p.status_code',
      'p.term_type',
      day('p.inception_date').as('inception_day'),
      day('p.effective_date').as('effective_day'),
      day('p.purchase_date').as('purchase_day'),
      'c.first_name',
      'c.last_name',
      'c.city',
      'p.state',
      'c.phone',
      'p.init_pay_successful',
      // The sort value as text, where the export's next batch continues from.
      sortKeyText(key).as('sort_key'),
    ]);
  // Agency users see policies issued for their entity or any below it (docs/conventions.md "Scope").
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  return query;
}

export function whereFilters(filter: PolicyFilters): Expression<SqlBool>[] {
  const where = policyholderConditions(filter, DATE_COLUMNS[filter.date_type ?? 'purchase']);
  if (filter.petName) where.push(sql<SqlBool>`lower(p.pet_name) like ${prefixPattern(filter.petName)}`);
  if (filter.initPaySuccessful !== undefined)
    where.push(sql<SqlBool>`p.init_pay_successful = ${filter.initPaySuccessful}`);
  return where;
}

type RowsQuery = ReturnType<typeof policyRowsQuery>;

// Sorts by the chosen field, then by matter id in the same direction (so one index serves both).
export function sortedPolicies(query: RowsQuery, sort: PolicySortField, order: SortOrder) {
  const [byKey, byMatter] = orderByKey(SORT_COLUMNS[sort], order);
  return query.orderBy(byKey).orderBy(byMatter);
}

// Rows strictly after `after` in the sort order: the keyset the export pages by.
export function afterKey(
  query: RowsQuery,
  sort: PolicySortField,
  order: SortOrder,
  after: { sortKey: string; matterId: number },
) {
  return query.where(afterKeyCondition(SORT_COLUMNS[sort], order, after));
}

export type PolicyRawRow = Awaited<ReturnType<RowsQuery['execute']>>[number];

export function toSearchRow(row: PolicyRawRow): PolicySearchRow {
  return {
    matterId: row.matter_id,
    policyNumber: row.policy_number,
    policyVersion: row.policy_version,
    petName: row.pet_name,
    entityCode: row.entity_code,
    entityName: row.entity_name,
    brandName: row.brand_name,
    statusCode: row.status_code,
    termType: row.term_type,
    inceptionDate: row.inception_day,
    effectiveDate: row.effective_day,
    purchaseDate: row.purchase_day,
    fullName: `${row.first_name} ${row.last_name}`,
    city: row.city,
    stateCode: row.state,
    phoneNumber: row.phone,
    initPaySuccessful: row.init_pay_successful,
  };
}

// The filters and sort of a search or export applied to the caller's rows.
export function policySearchQuery(
  db: Db,
  scope: EntityScope,
  search: { filter: PolicyFilters; sort: PolicySortField; order: SortOrder },
) {
  let query = policyRowsQuery(db, scope, search.sort);
  for (const condition of whereFilters(search.filter)) query = query.where(condition);
  return query;
}

const CUSTOMER_FILTERS = ['email', 'full_name', 'phone_number'] as const;

// How many rows the search matches. Counted apart from the page rather than with a window count over the
// page query, which would join every matching row's customer, entity and brand just to count them: this
// joins the customers only when a filter reads them, and the entities only to limit an agency's scope.
export async function countPolicies(db: Db, scope: EntityScope, filter: PolicyFilters): Promise<number> {
  let query = db.selectFrom('policies as p').select(sql<string>`count(*)`.as('n'));
  if (CUSTOMER_FILTERS.some((key) => filter[key] !== undefined))
    query = query.innerJoin('customers as c', 'c.id', 'p.customer_id');
  if (scope.kind === 'subtree')
    query = query.innerJoin('entities as e', 'e.id', 'p.entity_id').where('e.path', 'like', `${scope.path}%`);
  for (const condition of whereFilters(filter)) query = query.where(condition);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

// One page of the search and the total it is part of (the `pageOf` answer's meta).
export async function searchPolicyPage(
  db: Db,
  scope: EntityScope,
  search: { filter: PolicyFilters; sort: PolicySortField; order: SortOrder; page: number; limit: number },
): Promise<{ rows: PolicySearchRow[]; meta: PageMeta }> {
  const { page, limit } = search;
  const rows = await sortedPolicies(policySearchQuery(db, scope, search), search.sort, search.order)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await countPolicies(db, scope, search.filter);
  const from = rows.length > 0 ? (page - 1) * limit + 1 : 0;
  return {
    rows: rows.map(toSearchRow),
    meta: { page: { number: page, limit, from, to: rows.length > 0 ? from + rows.length - 1 : 0 }, total },
  };
}
