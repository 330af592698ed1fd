import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { countUpTo, likePattern, searchPage, sortedKeysPage, TOTAL_CAP } from '../../store/paging';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type {
  QuoteFilters,
  QuoteMatch,
  QuoteMatchRow,
  QuoteSearchRow,
  QuoteSortField,
} from '../../../api/schemas/quoteSearch';
import type { PageMeta, SortOrder } from '../../../api/schemas/paging';
import { journeyStepPath } from '../../../machines/petQuoteSteps';
import { CENTRAL_ZONE, centralTimestamp } from '../centralTime';

// Quote search (SPEC §3 "Search criteria and paging"): one query builder shared by the paged search, the
// export and the match, so the three can never disagree about which rows a caller sees.
// "First Last", either alone when the other is missing, null when both are. Written with || rather than
// concat_ws (which is not immutable) so migration 022 can index it, and each expression here must stay
// identical to its index there: trigram indexes serve the contains-filters, btrees the sorts.
const customerName = sql<
  string | null
>`nullif(trim(coalesce(q.first_name, '') || ' ' || coalesce(q.last_name, '')), '')`;
// Stored phones may carry punctuation; filters compare digits only.
const phoneDigits = sql<string>`regexp_replace(coalesce(q.phone, ''), '[^0-9]', '', 'g')`;

// `nullable`: the key may be null, and nulls sort last in either direction.
const SORT_COLUMNS: Record<QuoteSortField, { expr: Expression<unknown>; nullable: boolean }> = {
  createdAt: { expr: sql`q.created_at`, nullable: false },
  customerName: { expr: sql`lower(${customerName})`, nullable: true },
  stateCode: { expr: sql`q.state`, nullable: true },
  purchasedAt: { expr: sql`q.purchased_at`, nullable: true },
};

export function quoteRowsQuery(db: Db, scope: EntityScope) {
  let query = db
    .selectFrom('quotes as q')
    .innerJoin('entities as e', 'e.id', 'q.entity_id')
    .select([
      'q.uuid',
      'e.entity_code',
      'e.entity_name',
      'q.created_at',
      'q.purchased_at',
      'q.city',
      'q.state',
      'q.zip',
      'q.phone',
      'q.email',
      'q.policy_number',
      'q.journey_state',
      customerName.as('customer_name'),
      sql<string>`(select count(*) from quote_pets p where p.quote_uuid = q.uuid)`.as('pet_count'),
      sql<string[] | null>`(select json_agg(p.name order by p.pet_index) from quote_pets p
        where p.quote_uuid = q.uuid)`.as('pet_names'),
    ]);
  // Agency users see quotes made for their entity or any below it (docs/conventions.md "Scope").
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  return query;
}

export function whereFilters(filter: QuoteFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  // A Central-time day starts at local midnight; `timestamp at time zone` turns that into the instant.
  if (filter.createdFrom)
    where.push(
      sql<SqlBool>`q.created_at >= (${filter.createdFrom}::date::timestamp at time zone ${CENTRAL_ZONE})`,
    );
  if (filter.createdTo)
    where.push(
      sql<SqlBool>`q.created_at < ((${filter.createdTo}::date + 1)::timestamp at time zone ${CENTRAL_ZONE})`,
    );
  if (filter.policyNumber) where.push(sql<SqlBool>`lower(q.policy_number) = lower(${filter.policyNumber})`);
  if (filter.emailAddress) where.push(sql<SqlBool>`lower(q.email) = lower(${filter.emailAddress})`);
  if (filter.customerName)
    where.push(sql<SqlBool>`${customerName} ilike ${likePattern(filter.customerName)}`);
  if (filter.phoneNumber) where.push(sql<SqlBool>`${phoneDigits} like ${likePattern(filter.phoneNumber)}`);
  if (filter.stateCode) where.push(sql<SqlBool>`q.state = ${filter.stateCode}`);
  if (filter.zip) where.push(sql<SqlBool>`q.zip = ${filter.zip}`);
  if (filter.quotingPlatform) where.push(sql<SqlBool>`q.quoting_platform = ${filter.quotingPlatform}`);
  if (filter.quoteMethod) where.push(sql<SqlBool>`q.quote_method = ${filter.quoteMethod}`);
  if (filter.entitySourceId) where.push(sql<SqlBool>`q.entity_source_id = ${filter.entitySourceId}`);
  if (filter.partnerCode)
    where.push(
      sql<SqlBool>`exists (select 1 from quote_tracking t where t.quote_uuid = q.uuid and lower(t.partner_code) = lower(${filter.partnerCode}))`,
    );
  return where;
}

// The chosen field, then the uuid in the same direction, so pages (and export batches) never repeat or skip
// a row and one index per direction serves the order (migration 022). Unpurchased quotes (and unrated
// customers) go last in either direction; a key that is never null says nothing of nulls, so that one
// index serves both directions.
function quoteOrder(sort: QuoteSortField, order: SortOrder): [RawBuilder<unknown>, RawBuilder<unknown>] {
  const { expr, nullable } = SORT_COLUMNS[sort];
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${expr} ${direction}${nullable ? sql` nulls last` : sql``}`, sql`q.uuid ${direction}`];
}

export function sortedQuotes(
  query: ReturnType<typeof quoteRowsQuery>,
  sort: QuoteSortField,
  order: SortOrder,
) {
  const [byKey, byUuid] = quoteOrder(sort, order);
  return query.orderBy(byKey).orderBy(byUuid);
}

// The quotes a search matches, joined to the entities only to limit an agency's scope: what the page's
// keys and the counts scan, rather than every matching quote's entity and pets.
function matchingQuotes(db: Db, scope: EntityScope, filter: QuoteFilters) {
  let query = db.selectFrom('quotes as q');
  if (scope.kind === 'subtree')
    query = query.innerJoin('entities as e', 'e.id', 'q.entity_id').where('e.path', 'like', `${scope.path}%`);
  for (const condition of whereFilters(filter)) query = query.where(condition);
  return query;
}

// How many quotes the search matches, every one of them (the export names it before it starts).
export async function countQuotes(db: Db, scope: EntityScope, filter: QuoteFilters): Promise<number> {
  const row = await matchingQuotes(db, scope, filter)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type PageSearch = {
  filter: QuoteFilters;
  sort: QuoteSortField;
  order: SortOrder;
  page: number;
  limit: number;
};

// The uuids of one page, in order (searchPage in src/server/store/paging.ts says when `sortAll`).
function pageKeys(db: Db, scope: EntityScope, search: PageSearch, sortAll: boolean) {
  const { page, limit, sort, order } = search;
  const matching = matchingQuotes(db, scope, search.filter);
  if (!sortAll) {
    const [byKey, byUuid] = quoteOrder(sort, order);
    return matching
      .select('q.uuid')
      .orderBy(byKey)
      .orderBy(byUuid)
      .limit(limit)
      .offset((page - 1) * limit);
  }
  return sortedKeysPage<string>(
    matching.select([sql`q.uuid`.as('id'), sql`${SORT_COLUMNS[sort].expr}`.as('k')]),
    order,
    page,
    limit,
    { nullsLast: SORT_COLUMNS[sort].nullable },
  );
}

// One page of the search and its total, counted up to `totalCap`: a deferred join, as the policy search
// (src/server/domain/policies/policySearch.ts), so the entity and the pets are read for the page's rows
// only and an offset skips index entries.
export async function searchQuotePage(
  db: Db,
  scope: EntityScope,
  search: PageSearch,
  options: { totalCap?: number } = {},
): Promise<{ rows: QuoteSearchRow[]; meta: PageMeta }> {
  const { page, limit, sort, order } = search;
  const { rows, meta } = await searchPage(page, limit, {
    countFirst: scope.kind === 'subtree',
    count: () =>
      countUpTo(
        db,
        matchingQuotes(db, scope, search.filter),
        options.totalCap ?? TOTAL_CAP,
        scope.kind === 'all' && whereFilters(search.filter).length === 0 ? 'quotes' : undefined,
      ),
    rows: (sortAll) =>
      sortedQuotes(
        quoteRowsQuery(db, scope).where('q.uuid', 'in', pageKeys(db, scope, search, sortAll)),
        sort,
        order,
      ).execute(),
  });
  return { rows: rows.map(toSearchRow), meta };
}

type RawRow = Awaited<ReturnType<ReturnType<typeof quoteRowsQuery>['execute']>>[number];

// Quote timestamps travel in Central time with their offset (SPEC §9).
const central = (value: Date | string | null): string | null =>
  value === null ? null : centralTimestamp(value);

// Where the portal reopens the quote; null for a step the journey does not know (the row still lists).
function resumeRoute(state: string, uuid: string): string | null {
  try {
    return journeyStepPath(state, uuid);
  } catch {
    return null;
  }
}

export function toSearchRow(row: RawRow): QuoteSearchRow {
  return {
    id: row.uuid,
    referringEntity: { entityCode: row.entity_code, entityName: row.entity_name },
    createdAt: central(row.created_at) ?? '',
    purchasedAt: central(row.purchased_at),
    policyNumber: row.policy_number,
    route: resumeRoute(row.journey_state, row.uuid),
    customerName: row.customer_name,
    city: row.city,
    stateCode: row.state,
    zipCode: row.zip,
    phoneNumber: row.phone,
    petCount: Number(row.pet_count),
    petNames: row.pet_names ?? [],
  };
}

// Newest quotes sharing the e-mail (case-insensitive) or the phone's digits, with which of them matched.
export async function matchQuotes(db: Db, scope: EntityScope, match: QuoteMatch, limit: number) {
  const email = match.email?.toLowerCase();
  const either: Expression<SqlBool>[] = [];
  if (email) either.push(sql<SqlBool>`lower(q.email) = ${email}`);
  if (match.phone) either.push(sql<SqlBool>`${phoneDigits} = ${match.phone}`);
  const rows = await quoteRowsQuery(db, scope)
    .where((eb) => eb.or(either))
    .orderBy('q.created_at', 'desc')
    .orderBy('q.uuid')
    .limit(limit)
    .execute();
  return rows.map((row): QuoteMatchRow => {
    const matchedOn: QuoteMatchRow['matchedOn'] = [];
    if (email && row.email?.toLowerCase() === email) matchedOn.push('email');
    if (match.phone && (row.phone ?? '').replace(/\D/g, '') === match.phone) matchedOn.push('phone');
    return { ...toSearchRow(row), matchedOn };
  });
}
