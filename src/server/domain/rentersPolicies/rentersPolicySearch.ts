import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type {
  RentersPolicyDateType,
  RentersPolicyFilters,
  RentersPolicySearchRow,
  RentersPolicySortField,
} from '../../../api/schemas/rentersPolicies';
import type { PageMeta, SortOrder } from '../../../api/schemas/paging';
import { countUpTo, searchPage, sortedKeysPage, TOTAL_CAP } from '../../store/paging';
import {
  afterKeyCondition,
  fullName,
  orderByKey,
  policyholderConditions,
  sortKeyText,
  type SortKey,
} from '../search/policyholderSearch';

// Renters policy search (SPEC §3 "Search criteria and paging"): one query builder shared by the paged search
// and the export, so the two never disagree about which rows a caller sees. Text filters are prefix
// matches on the expressions migrations 009 (customers) and 013 (renters_policies) index.
// The status on the day the search runs: a non-renewal whose date has come shows as ended before the server
// has written the event that says so (rentersStatusOn in src/machines/rentersRecordFlags.ts; a due pending
// cancellation is CANCELLED either way).
const statusOn = (today: string) =>
  sql<string>`case when p.machine_state = 'nonRenewing' and p.non_renew_effective_date <= cast(${today} as date) then 'EXPIRED' else p.status_code end`;

const DATE_COLUMNS: Record<RentersPolicyDateType, RawBuilder<unknown>> = {
  sold: sql`p.sold_on`,
  effective: sql`p.effective_date`,
};

// Every sort column is NOT NULL, so a (sort value, matter id) pair orders rows totally: pages and export
// batches never repeat or skip a row.
type SortColumn = SortKey;
const SORT_COLUMNS: Record<Exclude<RentersPolicySortField, 'status'>, SortColumn> = {
  sold_on: { expr: sql`p.sold_on`, type: 'date' },
  effective_at: { expr: sql`p.effective_date`, type: 'date' },
  policy_number: { expr: sql`p.policy_number`, type: 'text' },
  full_name: { expr: fullName, type: 'text' },
  state: { expr: sql`p.state`, type: 'text' },
};
// The status sorts as it shows on the day; built per query, since the day moves.
const sortColumn = (sort: RentersPolicySortField, today: string): SortColumn =>
  sort === 'status' ? { expr: statusOn(today), type: 'text' } : SORT_COLUMNS[sort];

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

function rentersRowsQuery(db: Db, scope: EntityScope, sort: RentersPolicySortField, today: string) {
  const key = sortColumn(sort, today);
  let query = db
    .selectFrom('renters_policies as p')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select([
      'p.matter_id',
      'p.customer_id',
      'p.policy_number',
      'p.term_interval',
      statusOn(today).as('status_code'),
      'p.property_city',
      'p.state',
      day('p.sold_on').as('sold_day'),
      day('p.effective_date').as('effective_day'),
      'c.first_name',
      'c.last_name',
      'c.phone',
      'c.email',
      // The sort value as text, where the export's next batch continues from.
      sortKeyText(key).as('sort_key'),
    ]);
  // Agency users see policies sold for their entity or any below it (docs/conventions.md "Scope").
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  return query;
}

// `counting`: conditions for a count (policyholderConditions).
function whereFilters(filter: RentersPolicyFilters, counting = false): Expression<SqlBool>[] {
  return policyholderConditions(filter, DATE_COLUMNS[filter.date_type ?? 'sold'], counting);
}

type RowsQuery = ReturnType<typeof rentersRowsQuery>;
export type RentersPolicyRawRow = Awaited<ReturnType<RowsQuery['execute']>>[number];

export function rentersPolicySearchQuery(
  db: Db,
  scope: EntityScope,
  search: { filter: RentersPolicyFilters; sort: RentersPolicySortField; today: string },
) {
  let query = rentersRowsQuery(db, scope, search.sort, search.today);
  for (const condition of whereFilters(search.filter)) query = query.where(condition);
  return query;
}

// Sorts by the chosen field, then by matter id in the same direction.
export function sortedRentersPolicies(
  query: RowsQuery,
  sort: RentersPolicySortField,
  order: SortOrder,
  today: string,
) {
  const [byKey, byMatter] = orderByKey(sortColumn(sort, today), order);
  return query.orderBy(byKey).orderBy(byMatter);
}

// Rows strictly after `after` in the sort order: the keyset the export pages by.
export function afterRentersKey(
  query: RowsQuery,
  sort: RentersPolicySortField,
  order: SortOrder,
  after: { sortKey: string; matterId: number },
  today: string,
) {
  return query.where(afterKeyCondition(sortColumn(sort, today), order, after));
}

export function toRentersSearchRow(row: RentersPolicyRawRow): RentersPolicySearchRow {
  return {
    matter_id: row.matter_id,
    customer_id: row.customer_id,
    full_name: `${row.first_name} ${row.last_name}`,
    policy_number: row.policy_number,
    term_interval: row.term_interval === 'monthly' ? 'monthly' : 'annual',
    phone_number: row.phone,
    email: row.email,
    city: row.property_city,
    state: row.state,
    sold_on: row.sold_day,
    effective_at: row.effective_day,
    status: row.status_code,
  };
}

const CUSTOMER_FILTERS = ['email', 'phone_number'] as const;
const readsCustomers = (filter: RentersPolicyFilters) =>
  filter.full_name !== undefined || CUSTOMER_FILTERS.some((key) => filter[key] !== undefined);

// The policies a search matches, joined only to what its filters, its sort (when given) and the caller's
// scope read: what the page's keys and the counts scan. A count finds the policies of the customers a name
// matches without the join.
function matchingRentersPolicies(
  db: Db,
  scope: EntityScope,
  filter: RentersPolicyFilters,
  options: { sort?: RentersPolicySortField; counting?: boolean } = {},
) {
  const counting = options.counting ?? false;
  let query = db.selectFrom('renters_policies as p');
  if (
    options.sort === 'full_name' ||
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
export async function countRentersPolicies(
  db: Db,
  scope: EntityScope,
  filter: RentersPolicyFilters,
): Promise<number> {
  const row = await matchingRentersPolicies(db, scope, filter, { counting: true })
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type PageSearch = {
  filter: RentersPolicyFilters;
  sort: RentersPolicySortField;
  order: SortOrder;
  page: number;
  limit: number;
  // The business day the statuses are read on (a non-renewing policy past its date shows EXPIRED).
  today: string;
};

// The matter ids of one page, in order (searchPage in src/server/store/paging.ts says when `sortAll`).
function pageKeys(db: Db, scope: EntityScope, search: PageSearch, sortAll: boolean) {
  const { page, limit, sort, order } = search;
  const key = sortColumn(sort, search.today);
  const matching = matchingRentersPolicies(db, scope, search.filter, { sort });
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

// One page and its total, counted up to `totalCap`: a deferred join, as the pet policy search
// (src/server/domain/policies/policySearch.ts).
export async function searchRentersPolicyPage(
  db: Db,
  scope: EntityScope,
  search: PageSearch,
  options: { totalCap?: number } = {},
): Promise<{ rows: RentersPolicySearchRow[]; meta: PageMeta }> {
  const { page, limit, sort, order } = search;
  const { rows, meta } = await searchPage(page, limit, {
    countFirst: scope.kind === 'subtree',
    count: () =>
      countUpTo(
        db,
        matchingRentersPolicies(db, scope, search.filter, { counting: true }),
        options.totalCap ?? TOTAL_CAP,
        scope.kind === 'all' && whereFilters(search.filter).length === 0 ? 'renters_policies' : undefined,
      ),
    rows: (sortAll) =>
      sortedRentersPolicies(
        rentersRowsQuery(db, scope, sort, search.today).where(
          'p.matter_id',
          'in',
          pageKeys(db, scope, search, sortAll),
        ),
        sort,
        order,
        search.today,
      ).execute(),
  });
  return { rows: rows.map(toRentersSearchRow), meta };
}
