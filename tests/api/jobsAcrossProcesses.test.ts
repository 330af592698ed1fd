import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoveClockResponse } from '../../src/api/schemas/jobs';
import { addDays, businessDate, MovableClock } from '../../src/calendar';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { DailyWork } from '../../src/server/jobs/dailyWork';
import { runBusinessDays, type RunContext } from '../../src/server/jobs/dailySchedule';
import { apiFor, type Api } from '../support/http';
import { ADMIN } from '../support/personas';
import { startTestServer, type TestServer } from '../support/testServer';

// Once across processes (docs/jobs.md "Two processes"): two server processes of one deployment share one
// PostgreSQL database. Both work the same business days at the same time, each through its job runner and
// through runs of days at once (what a clock move does), and each (day, piece) still runs once; two clock
// moves sent at once end at the date named, never at the sum of their moves.
const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

postgres('daily work across two processes on postgres', () => {
  const clock = new MovableClock('2026-11-27T15:00:00Z');
  const ran: string[] = [];
  const work: DailyWork[] = ['dates', 'billing', 'reconciliation'].map((name) => ({
    name,
    title: name,
    run: async ({ businessDate: day }) => {
      ran.push(`${name}:${day}`);
      // Long enough for the other process to look at the same row meanwhile.
      await pause(15);
      return { worked: 1 };
    },
  }));
  const timings = { tickMs: 50, pollingIntervalSeconds: 0.5 };
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer('postgres', { JOBS: 'on' }, { clock, dailyWork: work, jobTimings: timings });
    b = await startTestServer(
      'postgres',
      { JOBS: 'on' },
      { shareWith: a, clock, dailyWork: work, jobTimings: timings },
    );
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const contextOf = (t: TestServer): RunContext => {
    const db = t.server.database.appDb;
    return { db, clock, payments: createSandboxPaymentAdapter({ db }), log: quiet };
  };

  it('runs each (day, piece) once while both processes work the same 40 days at once', async () => {
    clock.advance({ days: 40 });
    const through = businessDate(clock.now());
    // Both runners tick on their own; both processes also run the days at once, twice each.
    await Promise.all([
      runBusinessDays(contextOf(a), { through, work }),
      runBusinessDays(contextOf(b), { through, work }),
      runBusinessDays(contextOf(a), { through, work }),
      runBusinessDays(contextOf(b), { through, work }),
    ]);
    await expect
      .poll(
        async () =>
          (
            await a.server.database.db
              .selectFrom('daily_work_runs')
              .select('id')
              .where('status', '=', 'done')
              .execute()
          ).length,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(41 * 3);
    // Let any second run still under way end before counting.
    await pause(500);
    const twice = ran.filter((key, i) => ran.indexOf(key) !== i);
    expect(twice).toEqual([]);
    expect(ran).toHaveLength(41 * 3);
    // Days in order, and a day's pieces in list order.
    const expected = Array.from({ length: 41 }, (_, i) => addDays('2026-11-27', i)).flatMap((day) =>
      ['dates', 'billing', 'reconciliation'].map((name) => `${name}:${day}`),
    );
    expect(ran).toEqual(expected);
    const rows = await a.server.database.db
      .selectFrom('daily_work_runs')
      .select(['attempts', 'claimed_by', 'lease_until'])
      .execute();
    expect(
      rows.every((row) => row.attempts === 1 && row.claimed_by === null && row.lease_until === null),
    ).toBe(true);
  }, 60_000);
});

postgres('sandbox clock moves across two processes on postgres', () => {
  const work: DailyWork[] = ['dates', 'billing'].map((name) => ({
    name,
    title: name,
    run: async () => {
      await pause(10);
      return { worked: 1 };
    },
  }));
  let a: TestServer;
  let b: TestServer;
  let apiA: Api;
  let apiB: Api;
  let rootA: string;
  let rootB: string;

  // Sandbox clocks (no test clock): each process reads the moved offset from the database.
  beforeAll(async () => {
    a = await startTestServer('postgres', {}, { dailyWork: work });
    b = await startTestServer('postgres', {}, { shareWith: a, dailyWork: work });
    apiA = apiFor(a.url);
    apiB = apiFor(b.url);
    rootA = (await apiA.login(ADMIN)).accessToken;
    rootB = (await apiB.login(ADMIN)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const today = async () => {
    const response = await apiA.get('/v2/jobs/overview', { token: rootA });
    return (response.body as { data: { business_date: string } }).data.business_date;
  };

  it('two moves of 35 days sent at once to the two processes move 35 days, not 70: the second is refused', async () => {
    const start = await today();
    const [first, second] = await Promise.all([
      apiA.post('/v2/jobs/clock', { days: 35 }, { token: rootA }),
      apiB.post('/v2/jobs/clock', { days: 35 }, { token: rootB }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses, `${first.text} ${second.text}`).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect((refused.body as { message: string }).message).toMatch(/another move of the clock/i);
    expect(await today()).toBe(addDays(start, 35));
  }, 60_000);

  it('two moves to one named date sent at once end at that date', async () => {
    const target = addDays(await today(), 20);
    const [first, second] = await Promise.all([
      apiA.post('/v2/jobs/clock', { to: target }, { token: rootA }),
      apiB.post('/v2/jobs/clock', { to: target }, { token: rootB }),
    ]);
    for (const response of [first, second]) expect([200, 409], response.text).toContain(response.status);
    expect([first.status, second.status]).toContain(200);
    const ok = first.status === 200 ? first : second;
    expect(MoveClockResponse.parse(ok.body).data.business_date).toBe(target);
    expect(await today()).toBe(target);
    // Sent again once the first is over, it is a no-op at the date named.
    const again = await apiB.post('/v2/jobs/clock', { to: target }, { token: rootB });
    expect(again.status, again.text).toBe(200);
    expect(MoveClockResponse.parse(again.body).data).toEqual({ business_date: target, worked: [] });
    expect(await today()).toBe(target);
  }, 60_000);

  it('two moves to different dates sent at once end at one of the two dates, never beyond', async () => {
    const start = await today();
    const near = addDays(start, 10);
    const far = addDays(start, 30);
    const [first, second] = await Promise.all([
      apiA.post('/v2/jobs/clock', { to: far }, { token: rootA }),
      apiB.post('/v2/jobs/clock', { to: near }, { token: rootB }),
    ]);
    for (const response of [first, second]) expect([200, 409], response.text).toContain(response.status);
    const end = await today();
    expect([near, far]).toContain(end);
    // Each (day, piece) of the days moved through ran once.
    const rows = await a.server.database.db
      .selectFrom('daily_work_runs')
      .select(['status', 'attempts'])
      .where('business_date', '<=', end)
      .execute();
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  }, 60_000);
});
