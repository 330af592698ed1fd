import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../../src/calendar';
import { buildApp } from '../../src/server/app';
import { purchasePolicies } from '../support/policyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The operator's endpoints (docs/operations.md "Readiness", "Metrics"): /readyz says whether the process can
// serve and why not; /metrics counts requests per route pattern and reads the business figures of the day from
// the database, open in a sandbox and in production only to the bearer of METRICS_TOKEN.

const sample = (text: string, name: string, labels: Record<string, string>) => {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(wanted));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe.each(testDatabases())('readiness and metrics, on %s', (database) => {
  const s = useTestServer(database);

  it('is ready with its database, its migrations and no runner in this process, and says what is missing', async () => {
    const ready = await s.api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', runner: 'off' },
    });
    // A migration this code knows that the database has not run: a newer version started too early.
    const db = s.t.server.database.db;
    const last = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const row = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${row.name}`.execute(db);
    try {
      const pending = await s.api.get('/readyz');
      expect(pending.status).toBe(503);
      expect(pending.body).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: `pending: ${row.name}`, runner: 'off' },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
        db,
      );
    }
    expect((await s.api.get('/readyz')).status).toBe(200);
  });

  it('counts requests per route pattern and tells the day’s billing, the daily work and the outbox', async () => {
    const db = s.t.server.database.db;
    const today = businessDate(s.t.server.clock.now());
    await purchasePolicies(s.t, { petNames: ['Rex', 'Tom'] });
    await db
      .insertInto('daily_work_runs')
      .values([
        { name: 'billing', title: 'Billing', position: 0, business_date: addDays(today, -3), status: 'done' },
        {
          name: 'billing',
          title: 'Billing',
          position: 0,
          business_date: addDays(today, -2),
          status: 'failed',
          error: 'down',
          attempts: 5,
        },
      ])
      .execute();
    for (let i = 0; i < 3; i++) expect((await s.api.get('/healthz')).status).toBe(200);
    expect((await s.api.get('/v2/policies/123456')).status).toBe(401);

    const answer = await s.api.get('/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = answer.text;
    expect(
      sample(text, 'portal_http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
    ).toBe(3);
    // The pattern, never the id: no series per record.
    expect(
      sample(text, 'portal_http_requests_total', { route: '/v2/policies/:matterId', status: '401' }),
    ).toBe(1);
    expect(text).not.toContain('123456');
    expect(sample(text, 'portal_daily_work_lag_days', { piece: 'billing' })).toBe(3);
    expect(sample(text, 'portal_daily_work_failed', { piece: 'billing' })).toBe(1);
    // The purchase's charge paid each pet's first instalment today.
    const paid = await db
      .selectFrom('billing_instalments')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount_cents').as('cents')])
      .where('line', '=', 'pet')
      .where('status', '=', 'paid')
      .where('paid_on', '=', today)
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBe(2);
    expect(sample(text, 'portal_billing_today', { line: 'pet', what: 'collected' })).toBe(2);
    expect(sample(text, 'portal_billing_today', { line: 'pet', what: 'collected_cents' })).toBe(
      Number(paid.cents),
    );
    expect(sample(text, 'portal_billing_today', { line: 'pet', what: 'declined' })).toBe(0);
    const unsent = await db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
    expect(text).toContain(`portal_outbox_unsent ${unsent.length}\n`);
    expect(text).toMatch(/portal_process_cpu_user_seconds_total \d/);
  });

  it('answers metrics in production only to the bearer of METRICS_TOKEN, and not at all without one', async () => {
    const production = (metricsToken: string | undefined) =>
      buildApp({
        config: { ...s.t.config, mode: 'production', environmentCode: 'PR', metricsToken },
        db: s.t.server.database.appDb,
        distDir: s.t.config.dataDir,
        logger: false,
      });
    const none = await production(undefined);
    expect((await none.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await none.app.close();

    const token = 'scrape-token-0123456789abcdef';
    const guarded = await production(token);
    const get = (authorization?: string) =>
      guarded.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get('Bearer not-the-token-0123456789ab')).statusCode).toBe(401);
    const scraped = await get(`Bearer ${token}`);
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('portal_outbox_unsent');
    await guarded.app.close();
  });
});
