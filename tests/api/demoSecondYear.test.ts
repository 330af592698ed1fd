import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MovableClock, addDays, businessDate } from '../../src/calendar';
import { reconcile } from '../../src/server/domain/reconciliation/reconcile';
import type { Db } from '../../src/server/store/db';
import { apiFor, type Api } from '../support/http';
import { ADMIN } from '../support/personas';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// The demo's business a year on (docs/demo.md, docs/reconciliation.md): the demo year made on its first start,
// then the sandbox clock moved a whole year through the jobs route, which works every skipped day on its own
// date: instalments, dunning, lapses, renewals, statements. The money must still reconcile to the cent, with
// no discrepancy, and no day's work may fail.
vi.setConfig({ hookTimeout: 900_000, testTimeout: 600_000 });

describe.each(testDatabases())('the demo business a year after its first start, on %s', (database) => {
  const clock = new MovableClock(new Date());
  let t: TestServer;
  let api: Api;
  const db = (): Db => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer(database, { SEED_DEMO_POLICIES: 'true' }, { clock });
    api = apiFor(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('works every day of a further year and reconciles its money with no discrepancy', async () => {
    const before = await reconcile(db());
    expect(before.discrepancies).toEqual([]);
    const start = businessDate(clock.now());
    const root = (await api.login(ADMIN)).accessToken;
    const moved = await api.post('/v2/jobs/clock', { days: 365 }, { token: root });
    expect(moved.status, moved.text).toBe(200);
    expect(businessDate(clock.now())).toBe(addDays(start, 365));

    const failed = await db()
      .selectFrom('daily_work_runs')
      .select(['name', 'business_date', 'error'])
      .where('status', '!=', 'done')
      .execute();
    expect(failed).toEqual([]);
    // The year's renewals and collections happened: business went on rather than stopping.
    const collectedThisYear = await db()
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('type', '=', 'billing.instalmentCollected')
      .where(sql<boolean>`(data->>'collectedOn') > ${start}`)
      .executeTakeFirstOrThrow();
    expect(collectedThisYear.n).toBeGreaterThan(100);

    const after = await reconcile(db());
    expect(after.discrepancies).toEqual([]);
    expect(after.policies).toBeGreaterThanOrEqual(before.policies);
  });
});
