import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock, addDays, addMonths, businessDate } from '../../src/calendar';
import type { Db } from '../../src/server/store/db';
import { runDatedWorkOn } from '../support/billingDays';
import { purchasePolicies } from '../support/policyFixtures';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// What a pet instalment carries, sale and renewal alike (docs/billing.md "The schedule", docs/rating.md
// "Payments"): its share of the premium, the same share of the taxes on top of the premium, and the state's
// fee of a monthly payment. A renewal was once billed its premium alone ($89.00 × 11 on a $1,068.06 renewal),
// with no taxes and no fee, though the policy's first term had carried both.
//
// Louisville, Kentucky, so both taxes show: the state's premium tax of 2% and Louisville Metro's municipal
// tax of 5%; the filed instalment fee is $1.00 on each monthly payment (docs/rating.md).
const LOUISVILLE = '40202';
const TAXES_BP = [200, 500];
const MONTHLY_FEE_CENTS = 100;

interface Payments {
  downpayment: number;
  installment: number;
  year: number;
  // Paid in full: the annual lines, and no fee (none is filed on an annual payment).
  annual: number;
}

// The documented rule, written out: each annual line (premium, state tax, municipal tax) is split on its own,
// eleven monthly payments of floor(line / 12) and a down payment taking the rest; a tax is the premium times
// its rate, rounded half up; the fee is added to every monthly payment.
function paymentsOf(premium: number): Payments {
  const lines = [premium, ...TAXES_BP.map((bp) => Math.floor((2 * premium * bp + 10_000) / 20_000))];
  const monthly = lines.map((line) => Math.floor(line / 12));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    downpayment: sum(lines) - 11 * sum(monthly) + MONTHLY_FEE_CENTS,
    installment: sum(monthly) + MONTHLY_FEE_CENTS,
    year: sum(lines) + 12 * MONTHLY_FEE_CENTS,
    annual: sum(lines),
  };
}

describe.each(testDatabases())('a pet renewal’s instalments on %s', (database) => {
  const clock = new MovableClock(new Date());
  const start = businessDate(clock.now());
  const expiration = addMonths(start, 12);
  let t: TestServer;
  const db = (): Db => t.server.database.db;
  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const termOf = (policyNumber: string, from: string, to: string) =>
    db()
      .selectFrom('billing_instalments')
      .select(['due_date', 'amount_cents', 'status'])
      .where('line', '=', 'pet')
      .where('policy_number', '=', policyNumber)
      .where('kind', '=', 'instalment')
      .where('due_date', '>=', from)
      .where('due_date', '<', to)
      .orderBy('seq')
      .execute();
  const premiumOf = async (policyNumber: string, type: string) => {
    const event = await db()
      .selectFrom('events')
      .select('data')
      .where('stream_type', '=', 'policy')
      .where('stream_id', '=', policyNumber)
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(event.data.premiumCents ?? event.data.annualPremiumCents);
  };

  let annualPolicy: string;

  it('bills a monthly renewal as the rating bills a new sale of its premium: taxes and the fee on every payment', async () => {
    const [policy] = (await purchasePolicies(t, { petNames: ['Rex'], zip: LOUISVILLE })).policies;
    const { policyNumber } = policy!;
    const [annual] = (
      await purchasePolicies(t, { petNames: ['Ruby'], zip: LOUISVILLE, paymentPeriod: 'ANNUAL' })
    ).policies;
    annualPolicy = annual!.policyNumber;

    // The sale: twelve payments by the rule, from the premium it was issued at.
    const sold = paymentsOf(await premiumOf(policyNumber, 'policy.issued'));
    const first = await termOf(policyNumber, start, expiration);
    expect(first.map((row) => row.amount_cents)).toEqual([
      sold.downpayment,
      ...Array<number>(11).fill(sold.installment),
    ]);

    // Offered 45 days ahead, renewed on the expiration date; that day's run collects what is due.
    await runDatedWorkOn(db(), clock, addDays(expiration, -45));
    const premium = await premiumOf(policyNumber, 'policy.renewalOffered');
    await runDatedWorkOn(db(), clock, expiration);
    expect(await premiumOf(policyNumber, 'policy.renewed')).toBe(premium);

    const renewed = paymentsOf(premium);
    const term = await termOf(policyNumber, expiration, addMonths(expiration, 12));
    expect(term.map((row) => [row.due_date, row.amount_cents])).toEqual([
      [expiration, renewed.downpayment],
      ...Array.from({ length: 11 }, (_, i) => [addMonths(expiration, i + 1), renewed.installment]),
    ]);
    expect(term.reduce((total, row) => total + row.amount_cents, 0)).toBe(renewed.year);
    // More than the premium: the taxes and twelve fees on top of it.
    expect(renewed.year).toBeGreaterThan(premium + 12 * MONTHLY_FEE_CENTS);
    expect(term[0]!.status).toBe('paid');
  });

  it('bills an annual renewal its premium and taxes in one payment, as an annual sale is billed', async () => {
    const sold = paymentsOf(await premiumOf(annualPolicy, 'policy.issued'));
    expect((await termOf(annualPolicy, start, expiration)).map((row) => row.amount_cents)).toEqual([
      sold.annual,
    ]);
    const renewed = paymentsOf(await premiumOf(annualPolicy, 'policy.renewed'));
    const term = await termOf(annualPolicy, expiration, addMonths(expiration, 12));
    expect(term).toEqual([{ due_date: expiration, amount_cents: renewed.annual, status: 'paid' }]);
  });
});
