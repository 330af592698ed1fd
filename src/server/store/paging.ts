import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { PageMeta, SortOrder } from '../../api/schemas/paging';

// How many matching rows a large search counts at most (PageMeta's totalCapped): enough for any person to
// page through, and an unfiltered search over a million policies stops counting after a few milliseconds.
export const TOTAL_CAP = 10_000;

export interface PageTotal {
  total: number;
  // The search matches more rows than were counted: `total` is a lower bound.
  capped?: boolean;
}

// How many rows `query` matches, counting at most `cap` + 1 of them: the select list and order are dropped,
// the rows are cut after the one past the cap, and only then counted. `wholeTable` names the table when the
// query matches every row of it (a search with no filter over the whole book): when the table's size as the
// planner last measured it is twice the cap or more, the answer is the cap without counting: the searches'
// read tables only grow between rebuilds, so a table measured that large still holds more than the cap.
export async function countUpTo<DB, QueryDB, TB extends keyof QueryDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QueryDB, TB, O>,
  cap: number,
  wholeTable?: string,
): Promise<PageTotal> {
  if (wholeTable && (await measuredPast(db, wholeTable, 2 * cap))) return { total: cap, capped: true };
  const limited = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${limited} as matching`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n };
}

// Whether the planner last measured `table` at `rows` rows or more (reltuples is -1 until the table is first
// analyzed; to_regclass finds the table on the search path).
async function measuredPast<DB>(db: Kysely<DB>, table: string, rows: number): Promise<boolean> {
  const { rows: found } = await sql<{ estimate: number | null }>`
    select reltuples::float8 as estimate from pg_class where oid = to_regclass(${table})`.execute(db);
  return Number(found[0]?.estimate ?? -1) >= rows;
}

// The total a page's meta names. A page that holds rows but is not full shows where the rows end, and an
// empty first page that there are none: only a full page, or one past the end, needs `count`.
export async function pageTotal(
  page: number,
  limit: number,
  rowCount: number,
  count: () => Promise<PageTotal>,
): Promise<PageTotal> {
  const before = (page - 1) * limit;
  if (rowCount > 0 && rowCount < limit) return { total: before + rowCount };
  if (rowCount === 0 && page === 1) return { total: 0 };
  const counted = await count();
  // Rows written between the page and its count must not leave the total short of the page shown.
  const total = rowCount > 0 ? Math.max(counted.total, before + rowCount) : counted.total;
  return counted.capped ? { total, capped: true } : { total };
}

export function pageMeta(page: number, limit: number, rowCount: number, total: PageTotal): PageMeta {
  const from = rowCount > 0 ? (page - 1) * limit + 1 : 0;
  return {
    page: { number: page, limit, from, to: rowCount > 0 ? from + rowCount - 1 : 0 },
    total: total.total,
    ...(total.capped ? { totalCapped: true as const } : {}),
  };
}

// A search whose matching rows are counted first reads and sorts them all when there are at most this many.
export const SORT_ALL_MAX = 1_000;

// One page of the matching rows' keys, sorted after reading them all (the `sortAll` branch of searchPage).
// `matching` selects `id` and the sort value `k`; it is materialized, so the planner reads the matching rows
// once and cannot turn the sort into an index walk. Used as the right side of `id in (…)`.
export function sortedKeysPage<K>(
  matching: Expression<unknown>,
  order: SortOrder,
  page: number,
  limit: number,
  options: { nullsLast?: boolean } = {},
): RawBuilder<K> {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = options.nullsLast ? sql` nulls last` : sql``;
  return sql<K>`(with m as materialized (${matching})
    select m.id from m order by m.k ${direction}${nulls}, m.id ${direction}
    limit ${limit} offset ${(page - 1) * limit})`;
}

// One page of a large search and its total, counted up to a cap. `rows(sortAll)` reads the page: by following
// an index on the sort key and skipping the rows that do not match (the planner's usual choice for a first
// page), or, with `sortAll`, by reading every matching row and sorting them. An agency's rows may lie few and
// far between in an index over the whole book, and the planner cannot tell from the scope how many there
// are: with `countFirst` the rows are counted before the page is read, no page is read when there are none
// to show, and a few (SORT_ALL_MAX) are sorted whole, at a cost that bound keeps small, rather than looked
// for along an index that may hold next to none of them.
export async function searchPage<R>(
  page: number,
  limit: number,
  options: {
    countFirst: boolean;
    count: () => Promise<PageTotal>;
    rows: (sortAll: boolean) => Promise<R[]>;
  },
): Promise<{ rows: R[]; meta: PageMeta }> {
  let rows: R[];
  let count = options.count;
  if (options.countFirst) {
    const counted = await options.count();
    count = () => Promise.resolve(counted);
    const pastTheEnd = !counted.capped && counted.total <= (page - 1) * limit;
    rows = pastTheEnd ? [] : await options.rows(!counted.capped && counted.total <= SORT_ALL_MAX);
  } else {
    rows = await options.rows(false);
  }
  const total = await pageTotal(page, limit, rows.length, count);
  return { rows, meta: pageMeta(page, limit, rows.length, total) };
}

// One page of a list and its exact total. The total is counted apart from the page (not with a window
// count, which would build every matching row with all its joined columns just to count them), and only
// when the page itself cannot tell it. The total stays exact: callers act on it, such as the statement
// search, whose "approve all N matching" names it; searches over large books count up to a cap instead
// (countUpTo, pageTotal).
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  limit: number,
): Promise<{ rows: O[]; meta: PageMeta }> {
  const rows = await query
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await pageTotal(page, limit, rows.length, async () => {
    const counted = await query
      .clearSelect()
      .clearOrderBy()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirst();
    return { total: Number((counted as { n: string } | undefined)?.n ?? 0) };
  });
  return { rows, meta: pageMeta(page, limit, rows.length, total) };
}

// `contains` filter: case-insensitive, with the user's % and _ taken literally.
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
