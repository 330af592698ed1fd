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
import { countUpTo, searchPage, sortedKeysPage, TOTAL_CAP } from '../../store/paging';
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

// `counting`: conditions for a count (policyholderConditions).
export function whereFilters(filter: PolicyFilters, counting = false): Expression<SqlBool>[] {
  const where = policyholderConditions(filter, DATE_COLUMNS[filter.date_type ?? 'purchase'], counting);
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

const CUSTOMER_FILTERS = ['email', 'phone_number'] as const;
const readsCustomers = (filter: PolicyFilters) =>
  filter.full_name !== undefined || CUSTOMER_FILTERS.some((key) => filter[key] !== undefined);

// The policies a search matches, joined only to what its filters, its sort (when given) and the caller's
// scope read: what the page's keys and the counts scan, rather than every matching row's customer, entity
// and brand. A count finds the policies of the customers a name matches without the join.
function matchingPolicies(
  db: Db,
  scope: EntityScope,
  filter: PolicyFilters,
  options: { sort?: PolicySortField; counting?: boolean } = {},
) {
  const counting = options.counting ?? false;
  let query = db.selectFrom('policies as p');
  if (
    options.sort === 'fullName' ||
    (filter.full_name !== undefined && !counting) ||
    CUSTOMER_FILTERS.some((key) => filter[key] !== undefined)
  )
    query = query.innerJoin('customers as c', 'c.id', 'p.customer_id');
  if (scope.kind === 'subtree')
    query = query.innerJoin('entities as e', 'e.id', 'p.entity_id').where('e.path', 'like', `${scope.path}%`);
  for (const condition of whereFilters(filter, counting)) query = query.where(condition);
  return query;
}

// How many rows the search matches, every one of them: the export promises its row count up front.
export async function countPolicies(db: Db, scope: EntityScope, filter: PolicyFilters): Promise<number> {
  const row = await matchingPolicies(db, scope, filter, { counting: true })
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type PageSearch = {
  filter: PolicyFilters;
  sort: PolicySortField;
  order: SortOrder;
  page: number;
  limit: number;
};

// The matter ids of one page, in order (searchPage in src/server/store/paging.ts says when `sortAll`).
function pageKeys(db: Db, scope: EntityScope, search: PageSearch, sortAll: boolean) {
  const { page, limit, sort, order } = search;
  const key = SORT_COLUMNS[sort];
  const matching = matchingPolicies(db, scope, search.filter, { sort });
  // A filter on the customers is left to the planner, which can start from the customers it matches: read
  // whole, the policies of a large agency would be joined to their customers one by one.
  if (!sortAll || readsCustomers(search.filter)) {
    const [byKey, byMatter] = orderByKey(key, order);
    return matching
      .select('p.matter_id')
      .orderBy(byKey)
      .orderBy(byMatter)
      .limit(limit)
      .offset((page - 1) * limit);
  }
  return sortedKeysPage<number>(
    matching.select([sql`p.matter_id`.as('id'), sql`${key.expr}`.as('k')]),
    order,
    page,
    limit,
  );
}

// One page of the search and the total it is part of (the `pageOf` answer's meta), counted up to
// `totalCap`. A deferred join: the page's matter ids come from the policies alone (joined to the customers
// or entities only when a filter, the sort or the scope reads them), in the order of an index on (sort
// value, matter id), so an offset skips index entries rather than joined rows; only the page's rows are then
// joined to their customer, entity and brand.
export async function searchPolicyPage(
  db: Db,
  scope: EntityScope,
  search: PageSearch,
  options: { totalCap?: number } = {},
): Promise<{ rows: PolicySearchRow[]; meta: PageMeta }> {
  const { page, limit, sort, order } = search;
  const { rows, meta } = await searchPage(page, limit, {
    countFirst: scope.kind === 'subtree',
    count: () =>
      countUpTo(
        db,
        matchingPolicies(db, scope, search.filter, { counting: true }),
        options.totalCap ?? TOTAL_CAP,
        scope.kind === 'all' && whereFilters(search.filter).length === 0 ? 'policies' : undefined,
      ),
    rows: (sortAll) =>
      sortedPolicies(
        policyRowsQuery(db, scope, sort).where('p.matter_id', 'in', pageKeys(db, scope, search, sortAll)),
        sort,
        order,
      ).execute(),
  });
  return { rows: rows.map(toSearchRow), meta };
}
