import { describe, expect, it, vi } from 'vitest';
import { DashboardStatisticsResponse } from '../../src/api/schemas/dashboard';
import { RentersQuoteResponse } from '../../src/api/schemas/rentersQuotes';
import { PROJECTION_TABLES, rebuildProjections } from '../../src/server/projections';
import { businessToday } from '../support/businessToday';
import { seedLargeBook } from '../../src/server/seed/large/seedLarge';
import { eventCount, expectRebuildReproducesReadTables, readTables } from '../support/eventLogChecks';
import { ADMIN } from '../support/personas';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 240_000 });

// `npm run seed:large` on a small book: the generated streams go through the log and the bulk forms, so the
// read tables must be what the per-event projections make of the same log, and the same seed must give the
// same book.
describe.each(testDatabases())('the large book on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;

  it('loads 400 policies whose read tables a per-event replay reproduces, with statements', async () => {
    const result = await seedLargeBook(db(), {
      policies: 400,
      seed: 7,
      chunk: 150,
      petShare: 0.6,
      statementMonths: 2,
      demoPassword: DEMO_PASSWORD,
      secret: s.t.config.accessTokenSecret,
    });
    expect(result.policies).toBeGreaterThanOrEqual(400);
    expect(result.agencies).toBe(20);
    const pets = await db()
      .selectFrom('policies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    const renters = await db()
      .selectFrom('renters_policies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(Number(pets?.n) + Number(renters?.n)).toBe(result.policies);
    expect(Number(pets?.n)).toBeGreaterThan(0);
    expect(Number(renters?.n)).toBeGreaterThan(0);
    await expectRentersQuotesOfPolicies();

    await expectRebuildReproducesReadTables(db());
    const bulk = await readTables(db());
    expect(await rebuildProjections(db(), { bulk: false })).toBe(await eventCount(db()));
    const eventByEvent = await readTables(db());
    for (const table of PROJECTION_TABLES) expect(eventByEvent[table], table).toEqual(bulk[table]);
  });

  const dayOf = (day: Date | string) => (typeof day === 'string' ? day : day.toISOString().slice(0, 10));

  // Each renters policy was bought through its quote: the quote is purchased, names the policy, and was
  // priced at the policy's figures by the same rating; the API answers it and the dashboard counts it.
  async function expectRentersQuotesOfPolicies() {
    const policies = await db()
      .selectFrom('renters_policies')
      .select([
        'policy_number',
        'quote_id',
        'term_interval',
        'term_premium_cents',
        'taxes_cents',
        'fees_cents',
        'total_cents',
        'next_bill_cents',
        'effective_date',
      ])
      .execute();
    const quotes = new Map(
      (await db().selectFrom('renters_quotes').selectAll().execute()).map((q) => [q.id, q]),
    );
    expect(quotes.size).toBe(policies.length);
    const { accessToken: token } = await s.api.login(ADMIN);
    for (const policy of policies) {
      const quote = quotes.get(policy.quote_id);
      expect(quote, policy.policy_number).toBeDefined();
      expect(quote).toMatchObject({
        step: 'purchased',
        policy_number: policy.policy_number,
        total_cents: policy.total_cents,
      });
      expect(dayOf(quote!.effective_date)).toBe(dayOf(policy.effective_date));
      const premium = quote!.journey.premium!;
      expect(premium).toEqual({
        termInterval: policy.term_interval,
        termPremiumCents: policy.term_premium_cents,
        taxesCents: policy.taxes_cents,
        feesCents: policy.fees_cents,
        totalCents: policy.total_cents,
      });
      const nextBill = quote!.rating!.next_bill;
      expect(nextBill?.amount ?? null).toBe(policy.next_bill_cents);

      const answer = await s.api.get(`/v2/renters/quotes/${policy.quote_id}`, { token });
      expect(answer.status, answer.text).toBe(200);
      const view = RentersQuoteResponse.parse(answer.body).data;
      expect(view.step).toBe('purchased');
      expect(view.policy?.policy_number).toBe(policy.policy_number);
      expect(view.premium?.total).toBe(policy.total_cents / 100);
      expect(view.premium?.term_premium).toBe(policy.term_premium_cents / 100);
    }
    const firstPayments = await db()
      .selectFrom('events')
      .select(['stream_id', 'data'])
      .where('stream_type', '=', 'renters_policy')
      .where('type', '=', 'renters.policyIssued')
      .execute();
    for (const issued of firstPayments) {
      const data = issued.data as { quoteId: string; payment: { amountCents: number } };
      expect(data.payment.amountCents, issued.stream_id).toBe(
        quotes.get(data.quoteId)!.rating!.schedule[0]!.total,
      );
    }

    // The book spans two years: the dashboard's longest period, to today, holds every renters quote.
    const today = businessToday();
    const from = new Date(Date.parse(today) - 730 * 86_400_000).toISOString().slice(0, 10);
    const answer = await s.api.get(`/v2/dashboard/statistics?fromDate=${from}&toDate=${today}`, { token });
    expect(answer.status, answer.text).toBe(200);
    const { figures } = DashboardStatisticsResponse.parse(answer.body).data;
    expect(figures.quotesStartedByLine.renters.current).toBe(policies.length);
    expect(figures.quotesConvertedByLine.renters.current).toBe(policies.length);
  }
});
