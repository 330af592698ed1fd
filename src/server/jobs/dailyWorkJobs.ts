import type PgBoss from 'pg-boss';
import { businessDate } from '../../calendar';
import type { DailyWork } from './dailyWork';
import { DAILY_WORK } from './dailyWorkList';
import { nextDue, runningRows, scheduleDays, workRow, type RunContext } from './dailySchedule';
import { jobIdOf } from './jobKey';

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
  // order, across every process.
  async function sendNext(): Promise<void> {
    for (const row of await runningRows(db)) {
      const job = row.job_id ? await boss.getJobById(DAILY_WORK_QUEUE, row.job_id) : null;
      if (job && (job.state === 'created' || job.state === 'retry' || job.state === 'active')) return;
      // Its job is over but the row never heard: the process died on the last try.
      await db
        .updateTable('daily_work_runs')
        .set({
          status: 'failed',
          error: 'Interrupted: the process running it stopped',
          finished_at: context.clock.now(),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'running')
        .execute();
    }
    const due = await nextDue(db);
    if (!due) return;
    const jobId = due.job_id ?? jobIdOf(`${due.name}:${due.business_date}`);
    if (!due.job_id) {
      await db.updateTable('daily_work_runs').set({ job_id: jobId }).where('id', '=', due.id).execute();
    }
    await boss.send(DAILY_WORK_QUEUE, { rowId: due.id } satisfies DailyWorkJob, { id: jobId });
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
