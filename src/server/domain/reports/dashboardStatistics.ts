import { businessTimeZone } from '../../../calendar';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import {
  addDays,
  bucketOf,
  bucketSizeOf,
  bucketsOf,
  previousPeriod,
  type BucketSize,
  type DayPeriod,
} from './dashboardPeriods';
import { businessDayWindow } from './policyLogStreams';
import { adjustmentGroupsBetween, type AdjustmentGroup } from './premiumAdjustments';

// The figures of the dashboard (SPEC §2 "Dashboard", docs/reports.md "Dashboard") for one period and a
// comparison period that ends before it (by default the period of the same length just before), over the
// caller's entity scope. Written premium, policies written and
// cancellations come from adjustmentGroupsBetween, the net written premium report's own reading of the
// premium adjustments, so the dashboard and the report agree to the cent. Money is in cents here.

export interface Compared {
  current: number;
  previous: number;
}

export interface DashboardBucket {
  bucket: string;
  quotesStarted: number;
  quotesConverted: number;
  policiesWritten: number;
  writtenPremiumCents: number;
  cancellations: number;
}

export interface DashboardStatistics {
  period: DayPeriod;
  previousPeriod: DayPeriod;
  bucket: BucketSize;
  // null: every entity (staff).
  scope: { entityCode: string; entityName: string } | null;
  quotesStarted: Compared;
  quotesStartedByLine: { pet: Compared; renters: Compared };
  quotesConverted: Compared;
  quotesConvertedByLine: { pet: Compared; renters: Compared };
  policiesWritten: Compared;
  writtenPremiumCents: Compared;
  cancellations: Compared;
  commissionEarnedCents: Compared;
  commissionPendingCents: Compared;
  series: DashboardBucket[];
}

const WRITTEN_CODES = new Set(['NB', 'RW']);
const CANCELLATION_CODES = new Set(['CN', 'FC']);
const EARNED_STATES = ['approved', 'paid'];

type QuoteMeasure = 'started' | 'converted';
type Line = 'pet' | 'renters';

interface DayCount {
  line: Line;
  measure: QuoteMeasure;
  day: string;
  count: number;
}

// `entities e` limited to the scope (an entity's path is a prefix of its descendants').
const inScope = (scope: EntityScope): RawBuilder<SqlBool> =>
  scope.kind === 'all' ? sql<SqlBool>`true` : sql<SqlBool>`e.path like ${`${scope.path}%`}`;

// The business day of an instant, in the query (the zone is the business calendar's, passed as a value).
const businessDayOf = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone ${businessTimeZone()}, 'YYYY-MM-DD')`;

// Quotes started and purchased per business day of [from, to), per line, in one query, by the read rows'
// created_at and purchased_at.
async function quoteCountsByDay(db: Db, window: { from: string; to: string }, scope: EntityScope) {
  const from = sql`${window.from}::timestamptz`;
  const to = sql`${window.to}::timestamptz`;
  const where = inScope(scope);
  const result = await sql<{ line: Line; measure: QuoteMeasure; day: string; count: string | number }>`
    select 'pet' as line, 'started' as measure, ${businessDayOf(sql`q.created_at`)} as day, count(*) as count
      from quotes q join entities e on e.id = q.entity_id
     where q.created_at >= ${from} and q.created_at < ${to} and ${where}
     group by 3
    union all
    select 'pet', 'converted', ${businessDayOf(sql`q.purchased_at`)}, count(*)
      from quotes q join entities e on e.id = q.entity_id
     where q.purchased_at >= ${from} and q.purchased_at < ${to} and ${where}
     group by 3
    union all
    select 'renters', 'started', ${businessDayOf(sql`r.created_at`)}, count(*)
      from renters_quotes r join entities e on e.id = r.entity_id
     where r.created_at >= ${from} and r.created_at < ${to} and ${where}
     group by 3
    union all
    select 'renters', 'converted', ${businessDayOf(sql`r.purchased_at`)}, count(*)
      from renters_quotes r join entities e on e.id = r.entity_id
     where r.purchased_at >= ${from} and r.purchased_at < ${to} and ${where}
     group by 3`.execute(db);
  return result.rows.map((row): DayCount => ({ ...row, count: Number(row.count) }));
}

// Commission per business day and statement state: statement lines on the day of their policy event, and
// overrides (not deleted) on the first day of their statement's month.
async function commissionByDay(db: Db, period: DayPeriod, scope: EntityScope) {
  const where = inScope(scope);
  const result = await sql<{ state: string; day: string; cents: string | number }>`
    select s.state, to_char(l."on", 'YYYY-MM-DD') as day, sum(l.amount_cents) as cents
      from commission_statement_lines l
      join commission_statements s on s.id = l.statement_id
      join entities e on e.id = s.entity_id
     where l."on" >= ${period.fromDate}::date and l."on" <= ${period.toDate}::date and ${where}
     group by 1, 2
    union all
    select s.state, s.month || '-01', sum(o.amount_cents)
      from commission_statement_overrides o
      join commission_statements s on s.id = o.statement_id
      join entities e on e.id = s.entity_id
     where not o.deleted
       and (s.month || '-01') >= ${period.fromDate} and (s.month || '-01') <= ${period.toDate}
       and ${where}
     group by 1, 2`.execute(db);
  return result.rows.map((row) => ({ state: row.state, day: row.day, cents: Number(row.cents) }));
}

async function scopeEntity(db: Db, scope: EntityScope) {
  if (scope.kind === 'all') return null;
  const entity = await db
    .selectFrom('entities')
    .select(['entity_code', 'entity_name'])
    .where('path', '=', scope.path)
    .executeTakeFirst();
  return entity ? { entityCode: entity.entity_code, entityName: entity.entity_name } : null;
}

const within = (day: string, period: DayPeriod) => day >= period.fromDate && day <= period.toDate;

// Sums `value` of the items into current and previous by the day each falls on.
function compare<T>(
  items: readonly T[],
  dayOf: (item: T) => string,
  value: (item: T) => number,
  current: DayPeriod,
  previous: DayPeriod,
): Compared {
  const out = { current: 0, previous: 0 };
  for (const item of items) {
    const day = dayOf(item);
    if (within(day, current)) out.current += value(item);
    else if (within(day, previous)) out.previous += value(item);
  }
  return out;
}

// What the figures read: one stretch when the comparison period runs up to the period, else the two apart,
// so a comparison a year back does not read the months between.
const readWindows = (period: DayPeriod, before: DayPeriod): DayPeriod[] =>
  addDays(before.toDate, 1) === period.fromDate
    ? [{ fromDate: before.fromDate, toDate: period.toDate }]
    : [before, period];

// `before` must end before `period` starts (the route checks it); without it, the period of the same length
// just before.
export async function dashboardStatistics(
  db: Db,
  period: DayPeriod,
  scope: EntityScope,
  before: DayPeriod = previousPeriod(period),
): Promise<DashboardStatistics> {
  const windows = readWindows(period, before);
  const readEach = async <T>(read: (window: DayPeriod) => Promise<T[]>): Promise<T[]> =>
    (await Promise.all(windows.map(read))).flat();
  const [quotes, adjustments, commission, entity] = await Promise.all([
    readEach((w) => quoteCountsByDay(db, businessDayWindow(w.fromDate, w.toDate), scope)),
    readEach((w) =>
      adjustmentGroupsBetween(db, {
        fromDay: w.fromDate,
        toDay: w.toDate,
        entityPath: scope.kind === 'subtree' ? scope.path : undefined,
      }),
    ),
    readEach((w) => commissionByDay(db, w, scope)),
    scopeEntity(db, scope),
  ]);

  const quoteFigure = (measure: QuoteMeasure, line?: Line) =>
    compare(
      quotes.filter((q) => q.measure === measure && (line === undefined || q.line === line)),
      (q) => q.day,
      (q) => q.count,
      period,
      before,
    );
  const adjustmentFigure = (keep: (a: AdjustmentGroup) => boolean, value: (a: AdjustmentGroup) => number) =>
    compare(adjustments.filter(keep), (a) => a.on, value, period, before);
  const commissionFigure = (earned: boolean) =>
    compare(
      commission.filter((c) => EARNED_STATES.includes(c.state) === earned),
      (c) => c.day,
      (c) => c.cents,
      period,
      before,
    );

  const size = bucketSizeOf(period);
  const series = new Map(
    bucketsOf(period, size).map((bucket): [string, DashboardBucket] => [
      bucket,
      {
        bucket,
        quotesStarted: 0,
        quotesConverted: 0,
        policiesWritten: 0,
        writtenPremiumCents: 0,
        cancellations: 0,
      },
    ]),
  );
  const at = (day: string) => (within(day, period) ? series.get(bucketOf(day, size)) : undefined);
  for (const q of quotes) {
    const bucket = at(q.day);
    if (!bucket) continue;
    if (q.measure === 'started') bucket.quotesStarted += q.count;
    else bucket.quotesConverted += q.count;
  }
  for (const a of adjustments) {
    const bucket = at(a.on);
    if (!bucket) continue;
    bucket.writtenPremiumCents += a.premiumCents;
    if (WRITTEN_CODES.has(a.eventCode)) bucket.policiesWritten += a.count;
    if (CANCELLATION_CODES.has(a.eventCode)) bucket.cancellations += a.count;
  }

  return {
    period,
    previousPeriod: before,
    bucket: size,
    scope: entity,
    quotesStarted: quoteFigure('started'),
    quotesStartedByLine: { pet: quoteFigure('started', 'pet'), renters: quoteFigure('started', 'renters') },
    quotesConverted: quoteFigure('converted'),
    quotesConvertedByLine: {
      pet: quoteFigure('converted', 'pet'),
      renters: quoteFigure('converted', 'renters'),
    },
    policiesWritten: adjustmentFigure(
      (a) => WRITTEN_CODES.has(a.eventCode),
      (a) => a.count,
    ),
    writtenPremiumCents: adjustmentFigure(
      () => true,
      (a) => a.premiumCents,
    ),
    cancellations: adjustmentFigure(
      (a) => CANCELLATION_CODES.has(a.eventCode),
      (a) => a.count,
    ),
    commissionEarnedCents: commissionFigure(true),
    commissionPendingCents: commissionFigure(false),
    series: [...series.values()],
  };
}
