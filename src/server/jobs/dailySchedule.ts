import { addDays, type BusinessDate } from '../../calendar';
import type { Db } from '../store/db';
import type { DailyWork, DailyWorkContext } from './dailyWork';
import { DAILY_WORK } from './dailyWorkList';
import { jobIdOf } from './jobKey';
import { workDayClock } from './workDayClock';

// The daily scheduler's book (docs/jobs.md): one row per piece of daily work and business day, due, running,
// done (with its summary) or failed (with the reason). Rows are made once, whoever makes them first; the
// runner's jobs and runBusinessDays work them in order: day by day, and within a day in DAILY_WORK's order.

// At most this many days are scheduled in one go, so a clock moved by mistake years ahead does not fill the
// table in one transaction; the next tick schedules the next stretch.
const MAX_DAYS_AT_ONCE = 400;

export type DailyWorkRow = {
  id: number;
  name: string;
  business_date: string;
  status: 'due' | 'running' | 'done' | 'failed';
  attempts: number;
  job_id: string | null;
};

// Makes the rows of every day after the last scheduled one through `through` (today's too, for a piece added
// since today was scheduled). The first day ever scheduled is `through` itself: no work is owed for days
// before the portal ran.
export async function scheduleDays(
  db: Db,
  through: BusinessDate,
  work: readonly DailyWork[] = DAILY_WORK,
): Promise<BusinessDate[]> {
  const clockRow = await db.selectFrom('business_clock').select('scheduled_through').executeTakeFirst();
  const last = clockRow?.scheduled_through ?? null;
  if (last !== null && last > through) return [];
  const dates: BusinessDate[] = [];
  for (
    let date = last ?? through;
    date <= through && dates.length < MAX_DAYS_AT_ONCE;
    date = addDays(date, 1)
  ) {
    dates.push(date);
  }
  if (work.length > 0) {
    const rows = dates.flatMap((business_date) =>
      work.map((piece, position) => ({
        name: piece.name,
        title: piece.title,
        position,
        business_date,
        status: 'due' as const,
      })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('daily_work_runs')
        .values(rows.slice(i, i + 500))
        .onConflict((c) => c.columns(['name', 'business_date']).doNothing())
        .execute();
    }
  }
  const reached = dates.at(-1)!;
  await db
    .updateTable('business_clock')
    .set({ scheduled_through: reached })
    .where((w) => w.or([w('scheduled_through', 'is', null), w('scheduled_through', '<', reached)]))
    .execute();
  return dates;
}

// The next piece of work owed, in order, on or before `through` when given.
export async function nextDue(db: Db, through?: BusinessDate): Promise<DailyWorkRow | undefined> {
  let query = db
    .selectFrom('daily_work_runs')
    .select(['id', 'name', 'business_date', 'status', 'attempts', 'job_id'])
    .where('status', '=', 'due');
  if (through) query = query.where('business_date', '<=', through);
  return query.orderBy('business_date').orderBy('position').orderBy('id').limit(1).executeTakeFirst();
}

export async function runningRows(db: Db): Promise<DailyWorkRow[]> {
  return db
    .selectFrom('daily_work_runs')
    .select(['id', 'name', 'business_date', 'status', 'attempts', 'job_id'])
    .where('status', '=', 'running')
    .execute();
}

export type RunContext = Omit<DailyWorkContext, 'businessDate'>;

// Works one row: marks it running, runs its piece for its day and records the outcome. A failure on the last
// try marks it failed with the reason; an earlier one puts it back as due, keeping the reason, and is thrown
// for the runner to try again after its backoff.
export async function workRow(
  context: RunContext,
  rowId: number,
  options: { lastTry: boolean; work?: readonly DailyWork[] },
): Promise<'done' | 'failed' | 'skipped'> {
  const { db, clock } = context;
  const row = await db
    .updateTable('daily_work_runs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), started_at: clock.now() }))
    .where('id', '=', rowId)
    .where('status', 'in', ['due', 'running'])
    .returning(['name', 'business_date'])
    .executeTakeFirst();
  if (!row) return 'skipped';
  const piece = (options.work ?? DAILY_WORK).find((w) => w.name === row.name);
  try {
    if (!piece) throw new Error(`No daily work is named ${row.name}`);
    const day = row.business_date;
    const summary = await piece.run({ ...context, clock: workDayClock(day, clock), businessDate: day });
    await db
      .updateTable('daily_work_runs')
      .set({ status: 'done', summary: JSON.stringify(summary), error: null, finished_at: clock.now() })
      .where('id', '=', rowId)
      .execute();
    context.log.info({ work: row.name, businessDate: row.business_date, summary }, 'daily work done');
    return 'done';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('daily_work_runs')
      .set({
        status: options.lastTry ? 'failed' : 'due',
        error: reason.slice(0, 2000),
        finished_at: options.lastTry ? clock.now() : null,
      })
      .where('id', '=', rowId)
      .execute();
    context.log.warn({ work: row.name, businessDate: row.business_date, reason }, 'daily work failed');
    if (!options.lastTry) throw error;
    return 'failed';
  }
}

// A failed piece made due again under a new job id (its old job is spent); the runner's next tick, or the next
// runBusinessDays, works it. False when the row is not failed.
export async function markForRetry(db: Db, rowId: number): Promise<boolean> {
  const row = await db
    .selectFrom('daily_work_runs')
    .select(['name', 'business_date', 'attempts'])
    .where('id', '=', rowId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (!row) return false;
  const updated = await db
    .updateTable('daily_work_runs')
    .set({
      status: 'due',
      finished_at: null,
      job_id: jobIdOf(`${row.name}:${row.business_date}:retry:${row.attempts}`),
    })
    .where('id', '=', rowId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export interface BusinessDayResult {
  name: string;
  businessDate: BusinessDate;
  status: 'done' | 'failed';
}

// Moves the business forward now (tests, the demo seed, the sandbox's "Move to date"): schedules every day
// through `through` and works every due piece in order without waiting for the runner. A piece that fails is
// marked failed (a Retry on the jobs screen runs it again) and the days go on.
export async function runBusinessDays(
  context: RunContext,
  options: { through: BusinessDate; work?: readonly DailyWork[] },
): Promise<BusinessDayResult[]> {
  const work = options.work ?? DAILY_WORK;
  const results: BusinessDayResult[] = [];
  for (;;) {
    const scheduled = await scheduleDays(context.db, options.through, work);
    if (scheduled.length === 0 || scheduled.at(-1) === options.through) break;
  }
  for (
    let row = await nextDue(context.db, options.through);
    row;
    row = await nextDue(context.db, options.through)
  ) {
    const outcome = await workRow(context, row.id, { lastTry: true, work });
    if (outcome !== 'skipped')
      results.push({ name: row.name, businessDate: row.business_date, status: outcome });
  }
  return results;
}
