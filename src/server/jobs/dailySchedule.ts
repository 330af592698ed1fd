import { sql } from 'kysely';
import { addDays, type BusinessDate } from '../../calendar';
import type { Db } from '../store/db';
import type { DailyWork, DailyWorkContext } from './dailyWork';
import { DAILY_WORK } from './dailyWorkList';
import { jobIdOf } from './jobKey';
import { databaseNow, keepRenewing, leaseEnd, newClaim } from './lease';
import { workDayClock } from './workDayClock';

// The daily scheduler's book (docs/jobs.md): one row per piece of daily work and business day, due, running,
// done (with its summary) or failed (with the reason). Rows are made once, whoever makes them first; the
// runner's jobs and runBusinessDays work them in order: day by day, and within a day in DAILY_WORK's order.

// At most this many days are scheduled in one go, so a clock moved by mistake years ahead does not fill the
// table in one transaction; the next tick schedules the next stretch.
const MAX_DAYS_AT_ONCE = 400;
// How often a run of days looks again at a piece another process is working.
const WAIT_FOR_OTHERS_MS = 100;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

// The first piece of work not over yet, in order, on or before `through` when given: due, or running under a
// claim. `held` says whether that claim's lease still holds (its worker is alive); one that ran out belonged to a
// worker that stopped.
export async function nextOwed(
  db: Db,
  through?: BusinessDate,
): Promise<(DailyWorkRow & { held: boolean }) | undefined> {
  let query = db
    .selectFrom('daily_work_runs')
    .select(['id', 'name', 'business_date', 'status', 'attempts', 'job_id'])
    .select(sql<boolean>`coalesce(lease_until > ${databaseNow()}, false)`.as('held'))
    .where('status', 'in', ['due', 'running']);
  if (through) query = query.where('business_date', '<=', through);
  return query.orderBy('business_date').orderBy('position').orderBy('id').limit(1).executeTakeFirst();
}

export type RunContext = Omit<DailyWorkContext, 'businessDate'>;

// Claims one row for one worker, in one statement, so that two processes never both take it: a row that is
// due, or running under a claim whose lease ran out, and only when every row before it (earlier days, earlier
// pieces of its day) is over, so a day's pieces still run in order whoever works them. Undefined when the row
// is done, failed, held by a live claim, or not next.
async function claimRow(
  db: Db,
  rowId: number,
  claim: string,
  startedAt: Date,
): Promise<{ name: string; business_date: string } | undefined> {
  return db
    .updateTable('daily_work_runs as r')
    .set((eb) => ({
      status: 'running',
      attempts: eb('r.attempts', '+', 1),
      started_at: startedAt,
      claimed_by: claim,
      lease_until: leaseEnd(),
    }))
    .where('r.id', '=', rowId)
    .where((w) =>
      w.or([
        w('r.status', '=', 'due'),
        w.and([
          w('r.status', '=', 'running'),
          w.or([w('r.lease_until', 'is', null), w('r.lease_until', '<=', databaseNow())]),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('daily_work_runs as e')
            .select('e.id')
            .where('e.status', 'in', ['due', 'running'])
            .where(sql<boolean>`(e.business_date, e.position, e.id) < (r.business_date, r.position, r.id)`),
        ),
      ),
    )
    .returning(['r.name', 'r.business_date'])
    .executeTakeFirst();
}

// Works one row: claims it (see claimRow), runs its piece for its day while renewing the claim's lease, and
// records the outcome under that claim. A failure on the last try marks it failed with the reason; an earlier
// one puts it back as due, keeping the reason, and is thrown for the runner to try again after its backoff.
// 'skipped' when the row could not be claimed: another worker has it, or has done it.
export async function workRow(
  context: RunContext,
  rowId: number,
  options: { lastTry: boolean; work?: readonly DailyWork[] },
): Promise<'done' | 'failed' | 'skipped'> {
  const { db, clock } = context;
  const claim = newClaim();
  const row = await claimRow(db, rowId, claim, clock.now());
  if (!row) return 'skipped';
  const stopRenewing = keepRenewing(
    () =>
      db
        .updateTable('daily_work_runs')
        .set({ lease_until: leaseEnd() })
        .where('id', '=', rowId)
        .where('claimed_by', '=', claim)
        .where('status', '=', 'running')
        .execute(),
    (error) => context.log.warn({ work: row.name, err: error }, 'daily work lease not renewed'),
  );
  // The outcome is written only while this claim holds the row.
  const ours = () =>
    db
      .updateTable('daily_work_runs')
      .where('id', '=', rowId)
      .where('claimed_by', '=', claim)
      .where('status', '=', 'running');
  const piece = (options.work ?? DAILY_WORK).find((w) => w.name === row.name);
  try {
    if (!piece) throw new Error(`No daily work is named ${row.name}`);
    const day = row.business_date;
    const summary = await piece.run({ ...context, clock: workDayClock(day, clock), businessDate: day });
    await stopRenewing();
    await ours()
      .set({
        status: 'done',
        summary: JSON.stringify(summary),
        error: null,
        finished_at: clock.now(),
        claimed_by: null,
        lease_until: null,
      })
      .execute();
    context.log.info({ work: row.name, businessDate: row.business_date, summary }, 'daily work done');
    return 'done';
  } catch (error) {
    await stopRenewing();
    const reason = error instanceof Error ? error.message : String(error);
    await ours()
      .set({
        status: options.lastTry ? 'failed' : 'due',
        error: reason.slice(0, 2000),
        finished_at: options.lastTry ? clock.now() : null,
        claimed_by: null,
        lease_until: null,
      })
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
  // Another process (its runner, or a run of days of its own) may work the same days meanwhile: each row is
  // claimed by one of them, and a row held by another is waited for, so the days still run in order.
  for (
    let row = await nextOwed(context.db, options.through);
    row;
    row = await nextOwed(context.db, options.through)
  ) {
    if (row.status === 'running' && row.held) {
      await pause(WAIT_FOR_OTHERS_MS);
      continue;
    }
    const outcome = await workRow(context, row.id, { lastTry: true, work });
    // Taken by another process a moment before: it is waited for on the next look.
    if (outcome === 'skipped') await pause(WAIT_FOR_OTHERS_MS);
    else results.push({ name: row.name, businessDate: row.business_date, status: outcome });
  }
  return results;
}
