import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SortOrder } from '../../../api/schemas/paging';

// What the pet and the renters policy searches share (SPEC §3 "Policy search"): filters on the policy `p`
// and its customer `c` that match the start of a value (so a btree index serves them on PGlite too), and
// the keyset on (sort value, matter id) the streamed exports page by.

// `term%` with the user's % and _ taken literally.
export const prefixPattern = (term: string): string => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Each expression must stay identical to its index (migrations 009, 013, 022), or the planner cannot use it.
export const fullName = sql<string>`lower(c.first_name || ' ' || c.last_name)`;
const lastName = sql<string>`lower(c.last_name)`;
const phoneDigits = sql<string>`regexp_replace(c.phone, '[^0-9]', '', 'g')`;

export interface PolicyholderFilters {
  policy_number?: string;
  email?: string;
  full_name?: string;
  phone_number?: string;
  state?: string;
  date_from?: string;
  date_to?: string;
}

// `dateColumn` is the column of the chosen date type (purchase, sold, effective, …); both ends inclusive.
// `counting`: the name filter takes the ids of the customers it matches from its two prefix indexes alone
// (migration 022 has them carry the names and the id) rather than test the joined customer `c`. A common
// name matches thousands of customers, and counting their policies then reads no customer row; a page
// keeps the join, which can follow a sort index in order and stop at the page's last row.
export function policyholderConditions(
  filter: PolicyholderFilters,
  dateColumn: RawBuilder<unknown>,
  counting = false,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (filter.policy_number)
    where.push(sql<SqlBool>`p.policy_number like ${prefixPattern(filter.policy_number)}`);
  if (filter.email) where.push(sql<SqlBool>`lower(c.email) like ${prefixPattern(filter.email)}`);
  if (filter.full_name) {
    const pattern = prefixPattern(filter.full_name);
    where.push(
      counting
        ? sql<SqlBool>`p.customer_id in (
            select n.id from customers n where lower(n.last_name) like ${pattern}
            union select n.id from customers n where lower(n.first_name || ' ' || n.last_name) like ${pattern})`
        : sql<SqlBool>`(${fullName} like ${pattern} or ${lastName} like ${pattern})`,
    );
  }
  if (filter.phone_number)
    where.push(sql<SqlBool>`${phoneDigits} like ${prefixPattern(filter.phone_number)}`);
  if (filter.state) where.push(sql<SqlBool>`p.state = ${filter.state}`);
  if (filter.date_from) where.push(sql<SqlBool>`${dateColumn} >= cast(${filter.date_from} as date)`);
  if (filter.date_to) where.push(sql<SqlBool>`${dateColumn} <= cast(${filter.date_to} as date)`);
  return where;
}

export interface SortKey {
  expr: RawBuilder<unknown>;
  type: 'date' | 'text';
}

// The sort value as text, where an export's next batch continues from.
export const sortKeyText = (key: SortKey) =>
  key.type === 'date' ? sql<string>`to_char(${key.expr}, 'YYYY-MM-DD')` : sql<string>`${key.expr}`;

// Sorted by the key, then by matter id in the same direction (so one index serves both).
export function orderByKey(key: SortKey, order: SortOrder): [RawBuilder<unknown>, RawBuilder<unknown>] {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${key.expr} ${direction}`, sql`p.matter_id ${direction}`];
}

// Rows strictly after `after` in that order: the keyset the export pages by.
export function afterKeyCondition(
  key: SortKey,
  order: SortOrder,
  after: { sortKey: string; matterId: number },
): Expression<SqlBool> {
  const value = key.type === 'date' ? sql`cast(${after.sortKey} as date)` : sql`${after.sortKey}`;
  const comparison = order === 'asc' ? sql`>` : sql`<`;
  return sql<SqlBool>`(${key.expr}, p.matter_id) ${comparison} (${value}, ${after.matterId})`;
}
