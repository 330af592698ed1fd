import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, businessDate } from '../../src/calendar';
import { ledgerOfAccount } from '../../src/server/domain/billing/ledger';
import { planCorrections } from '../../src/server/domain/corrections/planCorrections';
import { reconcile } from '../../src/server/domain/reconciliation/reconcile';
import { seedDemo } from '../../src/server/seed/seedDemo';
import type { Db } from '../../src/server/store/db';
import { DEMO_PASSWORD, startTestServer, testDatabases, type TestServer } from '../support/testServer';

// The demo business made by time passing (docs/demo.md): a first start walks a clock from fourteen months ago
// to today through the real paths. What a newcomer then sees must be what a year of that business would have
// left: every record dated on its day, instalments collected on their due dates, a declined card's notices,
// lapse and reinstatement, a lapse that stayed, a renewal, refunds that went through, statements reviewed,
// and no warning in the log.
vi.setConfig({ hookTimeout: 300_000, testTimeout: 60_000 });

const emailOf = (first: string, last: string) => `${first}.${last}@pets.example.com`.toLowerCase();

describe.each(testDatabases())('the demo year on %s', (database) => {
  let t: TestServer;
  const lines: string[] = [];
  const warned: unknown[][] = [];
  let today = '';
  const db = (): Db => t.server.database.db;

  beforeAll(async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => warned.push(args));
    try {
      t = await startTestServer(
        database,
        { SEED_DEMO_POLICIES: 'true' },
        { logTo: { write: (line) => lines.push(line) } },
      );
    } finally {
      warn.mockRestore();
    }
    today = businessDate(new Date());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts without a warning, and worked every day of the year without a failure', async () => {
    expect(warned).toEqual([]);
    const serious = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 40 && !/"root" path/.test(entry.msg));
    expect(serious).toEqual([]);
    const work = await db()
      .selectFrom('daily_work_runs')
      .select(['status', sql<number>`count(*)::int`.as('n'), sql<string>`max(business_date)`.as('last')])
      .groupBy('status')
      .execute();
    expect(work.map((w) => w.status)).toEqual(['done']);
    expect(work[0]!.last).toBe(today);
    expect(work[0]!.n).toBeGreaterThan(4 * 390);
  });

  it('bought every policy on its day, and dated every event on or before today in each stream’s order', async () => {
    const pets = await db()
      .selectFrom('policies')
      .select([
        sql<string>`to_char(purchase_date, 'YYYY-MM-DD')`.as('purchased'),
        sql<string>`to_char(inception_date, 'YYYY-MM-DD')`.as('incepted'),
        'purchased_at',
      ])
      .execute();
    expect(pets.length).toBeGreaterThan(15);
    for (const p of pets) {
      expect(p.purchased).toBe(p.incepted);
      expect(businessDate(p.purchased_at)).toBe(p.purchased);
    }
    expect(new Set(pets.map((p) => p.purchased.slice(0, 7))).size).toBeGreaterThan(8);

    const renters = await sql<{ effective: string; sold: Date }>`
      select e.data->>'effectiveDate' as effective, e.recorded_at as sold
        from events e where e.type = 'renters.policyIssued'`.execute(db());
    expect(renters.rows.length).toBeGreaterThan(100);
    for (const r of renters.rows)
      expect(r.sold.getTime()).toBeLessThan(Date.parse(`${r.effective}T23:59:59Z`));

    const disorder = await sql<{ stream_type: string; type: string; previous: string }>`
      select stream_type, type, previous from (
        select stream_type, type, lag(type) over w as previous,
               recorded_at < lag(recorded_at) over w as back
          from events window w as (partition by stream_type, stream_id order by version)) s
       where back`.execute(db());
    expect(disorder.rows).toEqual([]);
    const future = await sql<{ n: number }>`
      select count(*)::int as n from events where recorded_at > now() + interval '1 minute'`.execute(db());
    expect(future.rows[0]!.n).toBe(0);
  });

  it('collected every instalment on its due date, so no in-force policy shows a payment in the past', async () => {
    const behind = await db()
      .selectFrom('billing_instalments as i')
      .innerJoin('billing_accounts as a', (j) =>
        j.onRef('a.line', '=', 'i.line').onRef('a.policy_number', '=', 'i.policy_number'),
      )
      .select(['i.policy_number', 'i.due_date', 'i.status'])
      .where('a.state', '=', 'current')
      .where('i.status', 'in', ['scheduled', 'declined', 'failed'])
      .where('i.due_date', '<', today)
      .execute();
    expect(behind).toEqual([]);
    const collected = await sql<{ day: string; n: number; off: number }>`
      select e.data->>'collectedOn' as day, count(*)::int as n,
             count(*) filter (
               where to_char(e.recorded_at at time zone 'America/Chicago', 'YYYY-MM-DD') <> e.data->>'collectedOn'
             )::int as off
        from events e
       where e.type = 'billing.instalmentCollected' group by 1`.execute(db());
    // Collected over the year on many days, each on the business day it says, not caught up on the first
    // start. (How many days depends on the days of the month the demo sold on, counted back from today.)
    expect(collected.rows.filter((r) => r.off > 0)).toEqual([]);
    expect(collected.rows.length).toBeGreaterThan(40);
    expect(Math.max(...collected.rows.map((r) => r.n))).toBeLessThan(10);

    // Each account's counters agree with its rows, and one whose card never declined owes nothing.
    const accounts = await db().selectFrom('billing_accounts').selectAll().execute();
    const paid = await db()
      .selectFrom('billing_instalments')
      .select(['line', 'policy_number', sql<string>`sum(amount_cents)`.as('cents')])
      .where('status', '=', 'paid')
      .groupBy(['line', 'policy_number'])
      .execute();
    const paidOf = new Map(paid.map((p) => [`${p.line}:${p.policy_number}`, Number(p.cents)]));
    const declined = new Set(
      (
        await sql<{ stream_id: string }>`
          select distinct stream_id from events where type = 'billing.instalmentDeclined'`.execute(db())
      ).rows.map((r) => r.stream_id),
    );
    const schedules = await db()
      .selectFrom('billing_instalments')
      .select(['line', 'policy_number', 'status', 'billed', 'due_date', 'amount_cents'])
      .execute();
    for (const account of accounts) {
      const schedule = schedules.filter(
        (row) => row.line === account.line && row.policy_number === account.policy_number,
      );
      const ledger = ledgerOfAccount(account, schedule, today);
      expect(ledger.collectedCents, account.policy_number).toBe(
        paidOf.get(`${account.line}:${account.policy_number}`) ?? 0,
      );
      if (!declined.has(`${account.line}:${account.policy_number}`))
        expect(ledger.owedCents, account.policy_number).toBe(0);
    }
  });

  it('refunded every cancellation through the payment service, and every refund went through', async () => {
    const refunds = await db()
      .selectFrom('billing_refunds')
      .select(['outcome', sql<number>`count(*)::int`.as('n')])
      .groupBy('outcome')
      .execute();
    expect(refunds.map((r) => r.outcome)).toEqual(['done']);
    expect(refunds[0]!.n).toBeGreaterThan(10);
  });

  it('tells the declined card’s story: notices, lapse, a late payment and reinstatement', async () => {
    const laura = await policiesOf(db(), emailOf('Laura', 'Chen'));
    expect(laura.map((p) => p.status_code)).toEqual(['ACTIVE']);
    const types = await billingTypes(db(), laura[0]!.policy_number);
    expect(types).toEqual(
      expect.arrayContaining([
        'billing.paymentMethodChanged',
        'billing.instalmentDeclined',
        'billing.lapsed',
        'billing.reinstated',
      ]),
    );
    const notices = await db()
      .selectFrom('outbox')
      .select(['created_at'])
      .where('recipient', '=', emailOf('Laura', 'Chen'))
      .where('kind', '=', 'billing.paymentDeclined')
      .execute();
    expect(notices.length).toBeGreaterThan(1);
    for (const n of notices) expect(businessDate(n.created_at) < addDays(today, -30)).toBe(true);
  });

  it('lapsed for good the customer who never paid, and renewed the policy bought over a year ago', async () => {
    const sofia = await policiesOf(db(), emailOf('Sofia', 'Martinez'));
    expect(sofia).toHaveLength(2);
    for (const p of sofia) {
      expect(p.status_code).toBe('CANCELLED');
      expect(p.cancel_reason).toBe('NON_PAYMENT');
      const closed = await db()
        .selectFrom('events')
        .select(sql<string>`data->>'reason'`.as('reason'))
        .where('stream_type', '=', 'billing')
        .where('stream_id', '=', `pet:${p.policy_number}`)
        .where('type', '=', 'billing.closed')
        .execute();
      expect(closed.map((c) => c.reason)).toEqual(['reinstatementWindowClosed']);
    }
    const hannah = await policiesOf(db(), emailOf('Hannah', 'Davis'));
    expect(hannah.map((p) => p.status_code)).toEqual(['ACTIVE']);
    expect(await billingTypes(db(), hannah[0]!.policy_number)).toContain('billing.termScheduled');
  });

  it('reviewed and paid the old months’ statements, leaving last month partly and this month pending', async () => {
    const thisMonth = today.slice(0, 7);
    const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
    const rows = await db().selectFrom('commission_statements').select(['month', 'state']).execute();
    const old = rows.filter((r) => r.month < lastMonth);
    expect(old.length).toBeGreaterThan(50);
    expect(old.filter((r) => r.state === 'pending')).toEqual([]);
    expect(old.filter((r) => r.state === 'paid').length).toBeGreaterThan(old.length / 2);
    expect(rows.filter((r) => r.month === thisMonth).every((r) => r.state === 'pending')).toBe(true);
  });

  it('reconciles the year’s money: the payment service, the schedules sold and the cancellations agree', async () => {
    const { policies, discrepancies } = await reconcile(db());
    expect(discrepancies).toEqual([]);
    expect(policies).toBeGreaterThan(100);
    // The last nights' daily work (the seed leaves it out of the year's earlier nights) found nothing either.
    const runs = await db()
      .selectFrom('daily_work_runs')
      .select(['business_date', 'status', 'summary'])
      .where('name', '=', 'reconciliation')
      .execute();
    expect(runs.map((r) => r.business_date)).toContain(today);
    for (const run of runs)
      expect(run).toMatchObject({ status: 'done', summary: { policies, discrepancies: 0 } });
    // Made anew, the year has nothing an older version billed wrongly (docs/reconciliation.md).
    expect(await planCorrections(db())).toEqual({ corrections: [], left: [] });
  });

  it('makes nothing twice on the next start', async () => {
    const again = await seedDemo(db(), DEMO_PASSWORD, { secret: t.config.accessTokenSecret });
    expect(again.created).toBe(0);
  });
});

async function policiesOf(db: Db, email: string) {
  return db
    .selectFrom('policies as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select(['p.policy_number', 'p.status_code', 'p.cancel_reason'])
    .where('c.email', '=', email)
    .orderBy('p.policy_number')
    .execute();
}

async function billingTypes(db: Db, policyNumber: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('type')
    .where('stream_type', '=', 'billing')
    .where('stream_id', '=', `pet:${policyNumber}`)
    .orderBy('version')
    .execute();
  return rows.map((r) => r.type);
}
