import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageMeta } from '../../api/schemas/paging';

// Runs one page of a search and its total in a single query (a window count), and a second count only
// when the page lies past the last row.
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  limit: number,
): Promise<{ rows: O[]; meta: PageMeta }> {
  const rows = (await query
    .select(sql<string>`count(*) over ()`.as('__total'))
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()) as (O & { __total: string })[];
  let total = rows.length > 0 ? Number(rows[0]!.__total) : 0;
  if (rows.length === 0 && page > 1) {
    const counted = await query
      .clearSelect()
      .clearOrderBy()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirst();
    total = Number((counted as { n: string } | undefined)?.n ?? 0);
  }
  const from = rows.length > 0 ? (page - 1) * limit + 1 : 0;
  return {
    rows: rows.map(({ __total: _total, ...row }) => row as O),
    meta: { page: { number: page, limit, from, to: rows.length > 0 ? from + rows.length - 1 : 0 }, total },
  };
}

// `contains` filter: case-insensitive, with the user's % and _ taken literally.
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
