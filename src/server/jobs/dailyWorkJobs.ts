import type PgBoss from 'pg-boss';
import { businessDate } from '../../calendar';
import type { DailyWork } from './dailyWork';
import { DAILY_WORK } from './dailyWorkList';
import { nextOwed, scheduleDays, workRow, type RunContext } from './dailySchedule';
import { jobIdOf } from './jobKey';
import { databaseNow } from './lease';

export const DAILY_WORK_QUEUE = 'daily-work';

// Tries of one piece for one day before it is marked failed (then a Retry on the jobs screen runs it again),
// with the runner's exponential backoff from a minute between them.
const RETRY_LIMIT = 4;
const RETRY_DELAY_SECONDS = 60;
// A piece that has not finished after this long is taken for crashed and tried again.
const EXPIRE_IN_SECONDS = 15 * 60;

interface DailyWorkJob {
  rowId: number;
}

export interface DailyWorkOnRunner {
  // Schedules the days the clock has reached and sends the next piece owed; every process calls it now and
  // then, and every finished piece calls it, so a lost call costs only a little time.
  tick(): Promise<void>;
}

export async function installDailyWork(
  boss: PgBoss,
  context: RunContext,
  options: { work?: readonly DailyWork[]; expireInSeconds?: number } = {},
): Promise<DailyWorkOnRunner> {
  const work = options.work ?? DAILY_WORK;
  const { db } = context;
  await boss.createQueue(DAILY_WORK_QUEUE, {
    name: DAILY_WORK_QUEUE,
    retryLimit: RETRY_LIMIT,
    retryDelay: RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds ?? EXPIRE_IN_SECONDS,
  });

  // One piece at a time, and the next only when the one before is over: a day's pieces run in order, days in
  // order, across every process. A piece under a claim whose lease holds is being worked (by this process or
  // another, through the runner or a run of days); one whose lease ran out lost its worker.
  async function sendNext(): Promise<void> {
    const next = await nextOwed(db);
    if (!next) return;
    if (next.status === 'running') {
      if (next.held) return;
      const job = next.job_id ? await boss.getJobById(DAILY_WORK_QUEUE, next.job_id) : null;
      // Its job will take it again (a retry, or after it expires).
      if (job && (job.state === 'created' || job.state === 'retry' || job.state === 'active')) return;
      // Its job is over but the row never heard: the process died on the last try.
      await db
        .updateTable('daily_work_runs')
        .set({
          status: 'failed',
          error: 'Interrupted: the process running it stopped',
          finished_at: context.clock.now(),
          claimed_by: null,
          lease_until: null,
        })
        .where('id', '=', next.id)
        .where('status', '=', 'running')
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', databaseNow())]))
        .execute();
      return sendNext();
    }
    const jobId = next.job_id ?? jobIdOf(`${next.name}:${next.business_date}`);
    if (!next.job_id) {
      await db.updateTable('daily_work_runs').set({ job_id: jobId }).where('id', '=', next.id).execute();
    }
    await boss.send(DAILY_WORK_QUEUE, { rowId: next.id } satisfies DailyWorkJob, { id: jobId });
  }

  await boss.work<DailyWorkJob>(DAILY_WORK_QUEUE, { includeMetadata: true, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const lastTry = job.retryCount >= job.retryLimit;
    const outcome = await workRow(context, job.data.rowId, { lastTry, work });
    if (outcome !== 'skipped') await sendNext();
  });

  return {
    async tick() {
      await scheduleDays(db, businessDate(context.clock.now()), work);
      await sendNext();
    },
  };
}
