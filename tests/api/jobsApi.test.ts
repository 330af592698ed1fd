import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JobRetryResponse,
  JobsOverviewResponse,
  JobsPage,
  MoveClockResponse,
} from '../../src/api/schemas/jobs';
import { MovableClock } from '../../src/calendar';
import type { DailyWork } from '../../src/server/jobs/dailyWork';
import { apiFor, expectValidationError, type Api } from '../support/http';
import { ADMIN, AGENT, LAKESIDE_MANAGER, MANAGER } from '../support/personas';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// The jobs screen's API (docs/jobs.md): root administrators list the daily work of every business day with its
// outcome, filter and page it, retry a failed piece, read the business date and mail delivery, and in a sandbox
// move the clock forward, which runs the skipped days; nobody else reaches any of it.
describe.each(testDatabases())('jobs API on %s', (database) => {
  const clock = new MovableClock('2026-11-27T15:00:00Z');
  let declineOn: string | null = '2026-11-28';
  const work: DailyWork[] = [
    { name: 'policy-dates', title: 'Policy dates', run: async () => ({ ended: 1 }) },
    {
      name: 'billing',
      title: 'Billing',
      run: async ({ businessDate }) => {
        if (businessDate === declineOn) throw new Error('The payment service is unreachable');
        return { charged: 12, declined: 1 };
      },
    },
  ];
  let t: TestServer;
  let api: Api;
  let root: string;

  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock, dailyWork: work });
    api = apiFor(t.url);
    root = (await api.login(ADMIN)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const jobs = async (query = '') => {
    const response = await api.get(`/v2/jobs${query}`, { token: root });
    expect(response.status, response.text).toBe(200);
    return JobsPage.strict().parse(response.body);
  };

  it('shows the business date, a sandbox clock and mail that stays in the outbox without SMTP', async () => {
    const response = await api.get('/v2/jobs/overview', { token: root });
    expect(response.status, response.text).toBe(200);
    expect(JobsOverviewResponse.parse(response.body).data).toEqual({
      runner: 'off',
      business_date: '2026-11-27',
      sandbox: true,
      mail: { configured: false, unsent: expect.any(Number) },
    });
  });

  it('moves the sandbox clock forward and runs the skipped days in order, a failure kept with its reason', async () => {
    const response = await api.post('/v2/jobs/clock', { days: 2 }, { token: root });
    expect(response.status, response.text).toBe(200);
    const moved = MoveClockResponse.parse(response.body).data;
    expect(moved.business_date).toBe('2026-11-29');
    expect(moved.worked.map((w) => `${w.business_date} ${w.name} ${w.status}`)).toEqual([
      '2026-11-27 policy-dates done',
      '2026-11-27 billing done',
      '2026-11-28 policy-dates done',
      '2026-11-28 billing failed',
      '2026-11-29 policy-dates done',
      '2026-11-29 billing done',
    ]);
    expect(clock.now().toISOString()).toBe('2026-11-29T15:00:00.000Z');
  });

  it('lists the runs newest day first, in the order each day ran them, with summaries and reasons', async () => {
    const page = await jobs();
    expect(page.meta.total).toBe(6);
    expect(page.data.map((r) => `${r.business_date} ${r.name}`)).toEqual([
      '2026-11-29 billing',
      '2026-11-29 policy-dates',
      '2026-11-28 billing',
      '2026-11-28 policy-dates',
      '2026-11-27 billing',
      '2026-11-27 policy-dates',
    ]);
    expect(page.data[0]).toMatchObject({
      status: 'done',
      summary: { charged: 12, declined: 1 },
      attempts: 1,
    });
    expect(page.data[2]).toMatchObject({
      status: 'failed',
      title: 'Billing',
      error: 'The payment service is unreachable',
      summary: null,
    });
  });

  it('filters by status, piece and date, and pages', async () => {
    const failed = await jobs('?filter[status]=failed');
    expect(failed.data.map((r) => r.business_date)).toEqual(['2026-11-28']);
    const billing = await jobs('?filter[piece]=billing&sort=business_date&order=asc');
    expect(billing.data.map((r) => r.business_date)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    const day = await jobs('?filter[date]=2026-11-27');
    expect(day.data.map((r) => r.name).sort()).toEqual(['billing', 'policy-dates']);
    const second = await jobs('?limit=4&page=2');
    expect(second.meta).toMatchObject({ page: { number: 2, limit: 4, from: 5, to: 6 }, total: 6 });
    expectValidationError(await api.get('/v2/jobs?filter[status]=lost', { token: root }), ['filter.status']);
    expectValidationError(await api.get('/v2/jobs?filter[date]=28/11/2026', { token: root }), [
      'filter.date',
    ]);
  });

  it('retries a failed piece, which the next run of days works again', async () => {
    const [failed] = (await jobs('?filter[status]=failed')).data;
    declineOn = null;
    const response = await api.post(`/v2/jobs/${failed!.id}/retry`, {}, { token: root });
    expect(response.status, response.text).toBe(200);
    expect(JobRetryResponse.parse(response.body).data).toMatchObject({ status: 'due', attempts: 1 });
    const again = await api.post(`/v2/jobs/${failed!.id}/retry`, {}, { token: root });
    expect(again.status).toBe(422);
    expect((await api.post('/v2/jobs/999999/retry', {}, { token: root })).status).toBe(404);

    const moved = await api.post('/v2/jobs/clock', { days: 1 }, { token: root });
    expect(
      MoveClockResponse.parse(moved.body).data.worked.map((w) => `${w.business_date} ${w.name}`),
    ).toEqual(['2026-11-28 billing', '2026-11-30 policy-dates', '2026-11-30 billing']);
    const [retried] = (await jobs('?filter[date]=2026-11-28&filter[piece]=billing')).data;
    expect(retried).toMatchObject({ status: 'done', attempts: 2, error: null });
  });

  it('refuses bad moves of the clock with field messages', async () => {
    for (const days of [0, -1, 1.5, 400, '2']) {
      expectValidationError(await api.post('/v2/jobs/clock', { days }, { token: root }), ['days']);
    }
  });

  it('is for root administrators only', async () => {
    for (const email of [AGENT, MANAGER, LAKESIDE_MANAGER]) {
      const token = (await api.login(email)).accessToken;
      expect((await api.get('/v2/jobs', { token })).status).toBe(403);
      expect((await api.get('/v2/jobs/overview', { token })).status).toBe(403);
      expect((await api.post('/v2/jobs/1/retry', {}, { token })).status).toBe(403);
      expect((await api.post('/v2/jobs/clock', { days: 1 }, { token })).status).toBe(403);
    }
    expect((await api.get('/v2/jobs')).status).toBe(401);
    expect(clock.now().toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });
});
