import { sql, type Expression, type SqlBool } from 'kysely';
import { cents } from '../rating/wireAmounts';
import type {
  StatementFilters,
  StatementRow,
  StatementSortField,
} from '../../../api/schemas/commissionStatements';
import type { SortOrder } from '../../../api/schemas/paging';
import { statementStatuses, type StatementState } from '../../../machines/commissionStatement';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import { scopeFilter } from '../entities/entityQueries';
import { HEADQUARTERS } from '../entities/entityReference';
import { prefixPattern } from '../search/policyholderSearch';
import { previousMonth } from './commissionableEvents';
import { serverTimestamp } from '../../../calendar';

// The statement search of both screens, the bulk commands by filter and the payment report (SPEC §3
// "Commission statement search"): one query, so "all matching rows" means the same rows everywhere.

const SORT_COLUMNS = {
  month: 's.month',
  entityCode: 'e.entity_code',
  entityName: 'e.entity_name',
  amount: 's.amount_cents',
  paymentTotal: 's.payment_total_cents',
  paidOn: 's.paid_on',
  reviewedAt: 's.reviewed_at',
  id: 's.id',
} as const satisfies Record<StatementSortField, string>;
// Sort columns that may be null: their nulls go last in either direction. The others sort without a word
// on nulls, so an index such as commission_statements_month (month desc, id) serves the order as it is.
const NULLABLE_SORTS: ReadonlySet<StatementSortField> = new Set(['paidOn', 'reviewedAt']);

// `entityId`: one entity's statements exactly (the statements report names its entity by number).
export type StatementSearchFilters = Partial<StatementFilters> & { entityId?: number };

// The months a `date` and `months` filter spans, newest first.
export function monthsOf(date: string, months: number): string[] {
  const out = [date];
  while (out.length < months) out.push(previousMonth(out.at(-1)!));
  return out;
}

function conditions(filter: StatementSearchFilters, scope: EntityScope): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  const scoped = scopeFilter(scope, 'e.path');
  if (scoped) where.push(scoped);
  if (filter.date) {
    where.push(sql<SqlBool>`s.month in (${sql.join(monthsOf(filter.date, filter.months ?? 1))})`);
  }
  // A prefix with the user's % and _ taken literally, as in every other search.
  if (filter.entityCode) where.push(sql<SqlBool>`e.entity_code like ${prefixPattern(filter.entityCode)}`);
  if (filter.entityId !== undefined) where.push(sql<SqlBool>`s.entity_id = ${filter.entityId}`);
  if (filter.accountManager !== undefined)
    where.push(sql<SqlBool>`e.account_manager = ${filter.accountManager}`);
  if (filter.stateCode) where.push(sql<SqlBool>`hq.state_code = ${filter.stateCode}`);
  // Review and payment are two views of one state (docs/decisions/009).
  const states = (['pending', 'approved', 'paid'] as const).filter((state) => {
    const statuses = statementStatuses(state)!;
    return (
      (!filter.reviewStatus || statuses.review === filter.reviewStatus) &&
      (!filter.paymentStatus || statuses.payment === filter.paymentStatus)
    );
  });
  if (filter.reviewStatus || filter.paymentStatus) {
    where.push(states.length ? sql<SqlBool>`s.state in (${sql.join(states)})` : sql<SqlBool>`false`);
  }
  if (filter.payoutFrequency) where.push(sql<SqlBool>`e.payout_frequency = ${filter.payoutFrequency}`);
  if (filter.payoutMethod) where.push(sql<SqlBool>`e.payout_method = ${filter.payoutMethod}`);
  if (filter.addedToAccounting !== undefined) {
    where.push(sql<SqlBool>`e.added_to_accounting = ${filter.addedToAccounting}`);
  }
  if (filter.minAmount !== undefined)
    where.push(sql<SqlBool>`s.payment_total_cents >= ${cents(filter.minAmount)}`);
  if (filter.maxAmount !== undefined)
    where.push(sql<SqlBool>`s.payment_total_cents <= ${cents(filter.maxAmount)}`);
  if (filter.paidOn) where.push(sql<SqlBool>`s.paid_on = ${filter.paidOn}::date`);
  if (filter.downloadStatus) {
    where.push(
      filter.downloadStatus === 'downloaded'
        ? sql<SqlBool>`s.downloaded_at is not null`
        : sql<SqlBool>`s.downloaded_at is null`,
    );
  }
  return where;
}

export function statementQuery(db: Db, filter: StatementSearchFilters, scope: EntityScope) {
  const where = conditions(filter, scope);
  const query = db
    .selectFrom('commission_statements as s')
    .innerJoin('entities as e', 'e.id', 's.entity_id')
    // At most one enabled headquarters per entity (locationCommands), so the join adds no rows.
    .leftJoin('entity_locations as hq', (join) =>
      join
        .onRef('hq.entity_id', '=', 'e.id')
        .on('hq.loc_type', '=', HEADQUARTERS)
        .on('hq.is_enabled', '=', true),
    )
    .leftJoin('users as r', 'r.id', 's.reviewed_by')
    .leftJoin('users as am', 'am.id', 'e.account_manager');
  return where.length ? query.where((eb) => eb.and(where)) : query;
}

export function statementRows(db: Db, filter: StatementSearchFilters, scope: EntityScope) {
  return statementQuery(db, filter, scope).select([
    's.id',
    's.entity_id',
    's.month',
    's.state',
    's.amount_cents',
    's.override_total_cents',
    's.payment_total_cents',
    's.line_count',
    's.version',
    's.created_at',
    's.reviewed_at',
    's.downloaded_at',
    sql<string | null>`to_char(s.paid_on, 'YYYY-MM-DD')`.as('paid_on'),
    'e.entity_code',
    'e.entity_name',
    'e.payout_frequency',
    'e.payout_method',
    'e.added_to_accounting',
    'e.account_manager',
    'hq.state_code',
    sql<string | null>`r.first_name || ' ' || r.last_name`.as('reviewer'),
    sql<string | null>`am.first_name || ' ' || am.last_name`.as('account_manager_name'),
  ]);
}

export function sortedStatementRows(
  db: Db,
  filter: StatementSearchFilters,
  scope: EntityScope,
  sort: StatementSortField,
  order: SortOrder,
) {
  const nullsLast = NULLABLE_SORTS.has(sort);
  return statementRows(db, filter, scope)
    .orderBy(SORT_COLUMNS[sort], (ob) => {
      const sorted = order === 'asc' ? ob.asc() : ob.desc();
      return nullsLast ? sorted.nullsLast() : sorted;
    })
    .orderBy('s.id');
}

type Row = Awaited<ReturnType<ReturnType<typeof statementRows>['execute']>>[number];

const dollars = (amount: string | number | null) => (amount === null ? null : Number(amount) / 100);

export function toStatementRow(row: Row): StatementRow {
  const state = row.state as StatementState;
  const statuses = statementStatuses(state)!;
  return {
    id: row.id,
    entityId: row.entity_id,
    entityCode: row.entity_code,
    entityName: row.entity_name,
    stateCode: row.state_code ?? null,
    month: row.month,
    timestamp: serverTimestamp(row.created_at),
    payoutFrequency: row.payout_frequency,
    payoutMethod: row.payout_method,
    amount: dollars(row.amount_cents)!,
    overrideTotal: dollars(row.override_total_cents)!,
    paymentTotal: dollars(row.payment_total_cents)!,
    addedToAccounting: row.added_to_accounting,
    accountManager: row.account_manager,
    accountManagerName: row.account_manager_name ?? null,
    paidOn: row.paid_on,
    reviewedAt: row.reviewed_at ? serverTimestamp(row.reviewed_at) : null,
    reviewedBy: row.reviewer ?? null,
    downloadedAt: row.downloaded_at ? serverTimestamp(row.downloaded_at) : null,
    reviewStatus: statuses.review,
    paymentStatus: statuses.payment,
    state: state as StatementRow['state'],
    lineCount: row.line_count,
    version: row.version,
  };
}
