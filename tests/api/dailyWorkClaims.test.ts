import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoveClockResponse } from '../../src/api/schemas/jobs';
import { MovableClock } from '../../src/calendar';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { DailyWork } from '../../src/server/jobs/dailyWork';
import { runBusinessDays, workRow, type RunContext } from '../../src/server/jobs/dailySchedule';
import { apiFor, expectValidationError, type Api } from '../support/http';
import { ADMIN } from '../support/personas';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// A piece of daily work for a day is claimed by one worker (docs/jobs.md "Two processes"): a row another worker
// holds under a live lease is not taken again; one whose lease ran out (its worker stopped) is. A move of the
// sandbox clock names the date it ends on and is refused while another runs.
describe.each(testDatabases())('daily work claims and clock moves on %s', (database) => {
  const clock = new MovableClock('2026-11-27T15:00:00Z');
  const ran: string[] = [];
  const work: DailyWork[] = ['dates', 'billing'].map((name) => ({
    name,
    title: name,
    run: async ({ businessDate }) => {
      ran.push(`${name}:${businessDate}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { worked: 1 };
    },
  }));
  let t: TestServer;
  let context: RunContext;
  let api: Api;
  let root: string;

  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock, dailyWork: work });
    const db = t.server.database.appDb;
    const quiet = { info: () => undefined, warn: () => undefined };
    context = { db, clock, payments: createSandboxPaymentAdapter({ db }), log: quiet };
    api = apiFor(t.url);
    root = (await api.login(ADMIN)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const row = (name: string, date: string) =>
    t.server.database.db
      .selectFrom('daily_work_runs')
      .select(['id', 'status', 'attempts', 'claimed_by'])
      .where('name', '=', name)
      .where('business_date', '=', date)
      .executeTakeFirstOrThrow();

  it('does not take a piece another worker holds, and takes it again once that worker’s lease ran out', async () => {
    await runBusinessDays(context, { through: '2026-11-27', work });
    clock.advance({ days: 1 });
    const { db } = t.server.database;
    // The next day scheduled, and its first piece taken by a worker elsewhere whose lease still holds.
    await db
      .insertInto('daily_work_runs')
      .values(
        work.map((piece, position) => ({
          name: piece.name,
          title: piece.title,
          position,
          business_date: '2026-11-28',
          status: 'due' as const,
        })),
      )
      .execute();
    const held = await row('dates', '2026-11-28');
    await db
      .updateTable('daily_work_runs')
      .set({
        status: 'running',
        attempts: 1,
        claimed_by: 'elsewhere',
        lease_until: new Date(Date.now() + 60_000),
      })
      .where('id', '=', held.id)
      .execute();
    expect(await workRow(context, held.id, { lastTry: true, work })).toBe('skipped');
    // Nor the piece after it, which waits for the one before.
    const next = await row('billing', '2026-11-28');
    expect(await workRow(context, next.id, { lastTry: true, work })).toBe('skipped');
    expect(ran.filter((key) => key.endsWith('2026-11-28'))).toEqual([]);
    expect(await row('dates', '2026-11-28')).toMatchObject({ status: 'running', claimed_by: 'elsewhere' });

    // The worker stopped: its lease runs out, and the day is worked again, in order, once.
    await db
      .updateTable('daily_work_runs')
      .set({ lease_until: new Date(Date.now() - 1_000) })
      .where('id', '=', held.id)
      .execute();
    const results = await runBusinessDays(context, { through: '2026-11-28', work });
    expect(results.map((r) => `${r.name}:${r.businessDate} ${r.status}`)).toEqual([
      'dates:2026-11-28 done',
      'billing:2026-11-28 done',
    ]);
    expect(await row('dates', '2026-11-28')).toMatchObject({ status: 'done', attempts: 2, claimed_by: null });
    expect(ran.filter((key) => key.endsWith('2026-11-28'))).toEqual([
      'dates:2026-11-28',
      'billing:2026-11-28',
    ]);
  });

  it('moves the clock to the date named; a second move sent meanwhile is refused, not added', async () => {
    const [first, second] = await Promise.all([
      api.post('/v2/jobs/clock', { to: '2026-12-10' }, { token: root }),
      api.post('/v2/jobs/clock', { days: 5 }, { token: root }),
    ]);
    const answers = [first, second].sort((x, y) => x.status - y.status);
    expect(
      answers.map((a) => a.status),
      `${first.text} ${second.text}`,
    ).toEqual([200, 409]);
    expect((answers[1]!.body as { message: string }).message).toMatch(/another move of the clock/i);
    const moved = MoveClockResponse.parse(answers[0]!.body).data.business_date;
    expect(['2026-12-10', '2026-12-03']).toContain(moved);
    expect(clock.now().toISOString()).toBe(`${moved}T15:00:00.000Z`);
    // Sent again, the move to the date it stands on does nothing; an earlier date is refused.
    const again = await api.post('/v2/jobs/clock', { to: moved }, { token: root });
    expect(again.status, again.text).toBe(200);
    expect(MoveClockResponse.parse(again.body).data).toEqual({ business_date: moved, worked: [] });
    const back = await api.post('/v2/jobs/clock', { to: '2026-11-30' }, { token: root });
    expect(back.status, back.text).toBe(409);
    expect((back.body as { message: string }).message).toMatch(/only moves forward/);
    expect(clock.now().toISOString()).toBe(`${moved}T15:00:00.000Z`);
    // Every day moved through ran each piece once.
    const twice = ran.filter((key, i) => ran.indexOf(key) !== i);
    expect(twice).toEqual([]);
  });

  it('refuses a move that names no date, both a date and days, or a date too far', async () => {
    expectValidationError(await api.post('/v2/jobs/clock', {}, { token: root }), ['to']);
    expectValidationError(await api.post('/v2/jobs/clock', { to: '2027-01-01', days: 2 }, { token: root }), [
      'to',
    ]);
    expectValidationError(await api.post('/v2/jobs/clock', { to: '10/12/2026' }, { token: root }), ['to']);
    const far = await api.post('/v2/jobs/clock', { to: '2029-01-01' }, { token: root });
    expect(far.status, far.text).toBe(422);
    expect((far.body as { message: string }).message).toMatch(/at most 366 days/);
  });
});
