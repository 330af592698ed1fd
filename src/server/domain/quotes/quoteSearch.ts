import { sql, type Expression, type SqlBool } from 'kysely';
import { likePattern } from '../../http/paging';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type {
  QuoteFilters,
  QuoteMatch,
  QuoteMatchRow,
  QuoteSearchRow,
  QuoteSortField,
} from '../../../api/schemas/quoteSearch';
import type { SortOrder } from '../../../api/schemas/paging';
import { journeyStepPath } from '../../../machines/petQuoteSteps';
import { centralTimestamp } from '../centralTime';

// Quote search (SPEC §3 "Search criteria and paging"): one query builder shared by the paged search, the
// export and the match, so the three can never disagree about which rows a caller sees.
const CENTRAL = 'America/Chicago';

const customerName = sql<string | null>`nullif(trim(concat_ws(' ', q.first_name, q.last_name)), '')`;
// Stored phones may carry punctuation; filters compare digits only.
const phoneDigits = sql<string>`regexp_replace(coalesce(q.phone, ''), '[^0-9]', '', 'g')`;

const SORT_COLUMNS: Record<QuoteSortField, Expression<unknown>> = {
  createdAt: sql`q.created_at`,
  customerName: sql`lower(${customerName})`,
  stateCode: sql`q.state`,
  purchasedAt: sql`q.purchased_at`,
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
      sql<SqlBool>`q.created_at >= (${filter.createdFrom}::date::timestamp at time zone ${CENTRAL})`,
    );
  if (filter.createdTo)
    where.push(
      sql<SqlBool>`q.created_at < ((${filter.createdTo}::date + 1)::timestamp at time zone ${CENTRAL})`,
    );
  if (filter.policyNumber) where.push(sql<SqlBool>`lower(q.policy_number) = lower(${filter.policyNumber})`);
  if (filter.emailAddress) where.push(sql<SqlBool>`lower(q.email) = lower(${filter.emailAddress})`);
  if (filter.customerName)
    where.push(sql<SqlBool>`${customerName} ilike ${likePattern(filter.customerName)}`);
  if (filter.phoneNumber) where.push(sql<SqlBool>`${phoneDigits} like ${likePattern(filter.phoneNumber)}`);
  if (filter.stateCode) where.push(sql<SqlBool>`q.state = ${filter.stateCode}`);
  if (filter.zip) where.push(sql<SqlBool>`q.zip = ${filter.zip}`);
  return where;
}

// Sorts by the chosen field, then by uuid, so pages (and export batches) never repeat or skip a row.
export function sortedQuotes(
  query: ReturnType<typeof quoteRowsQuery>,
  sort: QuoteSortField,
  order: SortOrder,
) {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  // Unpurchased quotes (and unrated customers) go last in either direction.
  return query.orderBy(sql`${SORT_COLUMNS[sort]} ${direction} nulls last`).orderBy('q.uuid');
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
    referring_entity: { entity_code: row.entity_code, entity_name: row.entity_name },
    created_at: central(row.created_at) ?? '',
    purchased_at: central(row.purchased_at),
    policy_number: row.policy_number,
    route: resumeRoute(row.journey_state, row.uuid),
    customer_name: row.customer_name,
    city: row.city,
    state_code: row.state,
    zip_code: row.zip,
    phone_number: row.phone,
    pet_count: Number(row.pet_count),
    pet_names: row.pet_names ?? [],
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
    const matchedOn: QuoteMatchRow['matched_on'] = [];
    if (email && row.email?.toLowerCase() === email) matchedOn.push('email');
    if (match.phone && (row.phone ?? '').replace(/\D/g, '') === match.phone) matchedOn.push('phone');
    return { ...toSearchRow(row), matched_on: matchedOn };
  });
}
