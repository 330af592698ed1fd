import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '../../src/calendar';
import type { DailyWork } from '../../src/server/jobs/dailyWork';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// The job runner (decision 015) on the embedded database and on PostgreSQL: with JOBS=on the server schedules
// the business day's work and runs it in the background, once, in order, and a clock moved forward catches up.
describe.each(testDatabases())('job runner on %s', (database) => {
  const clock = new MovableClock('2026-11-27T15:00:00Z');
  const ran: string[] = [];
  const work: DailyWork[] = ['dates', 'billing', 'statements'].map((name) => ({
    name,
    title: name,
    run: async ({ businessDate }) => {
      ran.push(`${name}:${businessDate}`);
      return { worked: 1 };
    },
  }));
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(
      database,
      { JOBS: 'on' },
      { clock, dailyWork: work, jobTimings: { tickMs: 100, pollingIntervalSeconds: 0.5 } },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const settled = async (count: number) => {
    await expect
      .poll(
        async () =>
          (
            await t.server.database.db
              .selectFrom('daily_work_runs')
              .select('id')
              .where('status', '=', 'done')
              .execute()
          ).length,
        { timeout: 20_000, interval: 100 },
      )
      .toBe(count);
  };

  it('runs the business day’s work in the background, in list order, once', async () => {
    await settled(3);
    expect(ran).toEqual(['dates:2026-11-27', 'billing:2026-11-27', 'statements:2026-11-27']);
  });

  it('catches up the days a moved clock skipped, in order', async () => {
    clock.advance({ days: 2 });
    await settled(9);
    expect(ran.slice(3)).toEqual([
      'dates:2026-11-28',
      'billing:2026-11-28',
      'statements:2026-11-28',
      'dates:2026-11-29',
      'billing:2026-11-29',
      'statements:2026-11-29',
    ]);
  });
});
