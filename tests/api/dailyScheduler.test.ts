import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock, startOfBusinessDay } from '../../src/calendar';
import type { DailyWork } from '../../src/server/jobs/dailyWork';
import { runBusinessDays, type RunContext } from '../../src/server/jobs/dailySchedule';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// The daily scheduler (docs/jobs.md): each business day runs every piece of daily work once, in order, and a
// clock moved forward catches up every skipped day in order; a piece that fails is marked failed with its
// reason and the days go on.
describe.each(testDatabases())('daily scheduler on %s', (database) => {
  // 9 AM Central on Friday Nov 27, 2026.
  const clock = new MovableClock('2026-11-27T15:00:00Z');
  const ran: string[] = [];
  // The instant each day's first piece read from its clock.
  const readAt = new Map<string, Date>();
  let failOn: string | null = null;
  const work: DailyWork[] = [
    {
      name: 'first',
      title: 'First piece',
      run: async ({ businessDate, clock: dayClock }) => {
        ran.push(`first:${businessDate}`);
        readAt.set(businessDate, dayClock.now());
        return { seen: 1 };
      },
    },
    {
      name: 'second',
      title: 'Second piece',
      run: async ({ businessDate }) => {
        if (businessDate === failOn) throw new Error(`declined on ${businessDate}`);
        ran.push(`second:${businessDate}`);
        return { charged: 2 };
      },
    },
  ];
  let t: TestServer;
  let context: RunContext;

  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock, dailyWork: work });
    const db = t.server.database.appDb;
    const quiet = { info: () => undefined, warn: () => undefined };
    context = { db, clock, payments: createSandboxPaymentAdapter({ db }), log: quiet };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const rows = () =>
    t.server.database.db
      .selectFrom('daily_work_runs')
      .select(['name', 'business_date', 'status', 'summary', 'error', 'attempts'])
      .orderBy('business_date')
      .orderBy('position')
      .execute();

  it('runs each piece once for the business day, in list order, and not again the same day', async () => {
    const results = await runBusinessDays(context, { through: '2026-11-27', work });
    expect(results).toEqual([
      { name: 'first', businessDate: '2026-11-27', status: 'done' },
      { name: 'second', businessDate: '2026-11-27', status: 'done' },
    ]);
    expect(await runBusinessDays(context, { through: '2026-11-27', work })).toEqual([]);
    expect(ran).toEqual(['first:2026-11-27', 'second:2026-11-27']);
    expect(await rows()).toEqual([
      expect.objectContaining({ name: 'first', status: 'done', summary: { seen: 1 }, attempts: 1 }),
      expect.objectContaining({ name: 'second', status: 'done', summary: { charged: 2 }, attempts: 1 }),
    ]);
  });

  it('catches up every day since the last worked one, day by day in order, and goes on past a failure', async () => {
    ran.length = 0;
    failOn = '2026-11-29';
    clock.advance({ days: 3 });
    const results = await runBusinessDays(context, { through: '2026-11-30', work });
    expect(results.map((r) => `${r.name}:${r.businessDate}:${r.status}`)).toEqual([
      'first:2026-11-28:done',
      'second:2026-11-28:done',
      'first:2026-11-29:done',
      'second:2026-11-29:failed',
      'first:2026-11-30:done',
      'second:2026-11-30:done',
    ]);
    expect(ran).toEqual([
      'first:2026-11-28',
      'second:2026-11-28',
      'first:2026-11-29',
      'first:2026-11-30',
      'second:2026-11-30',
    ]);
    // A skipped day's work read an instant of its own day, after anything done on it (its last second); the
    // day the clock stands on read the clock itself (docs/conventions.md "One business clock").
    expect(readAt.get('2026-11-28')).toEqual(new Date(startOfBusinessDay('2026-11-29').getTime() - 1_000));
    expect(readAt.get('2026-11-29')).toEqual(new Date(startOfBusinessDay('2026-11-30').getTime() - 1_000));
    expect(readAt.get('2026-11-30')).toEqual(clock.now());
    const failed = (await rows()).find((r) => r.status === 'failed');
    expect(failed).toMatchObject({
      name: 'second',
      business_date: '2026-11-29',
      error: 'declined on 2026-11-29',
    });
  });

  it('catches up a month that a sandbox jumped, 30 days in order', async () => {
    ran.length = 0;
    failOn = null;
    const results = await runBusinessDays(context, { through: '2026-12-30', work });
    expect(results).toHaveLength(60);
    const days = results.filter((r) => r.name === 'first').map((r) => r.businessDate);
    expect(days[0]).toBe('2026-12-01');
    expect(days.at(-1)).toBe('2026-12-30');
    expect([...days].sort()).toEqual(days);
  });
});
