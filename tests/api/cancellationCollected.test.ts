import { describe, expect, it } from 'vitest';
import { MovableClock, addDays, addMonths, businessDate } from '../../src/calendar';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import type { Db } from '../../src/server/store/db';
import { runDatedWorkOn } from '../support/billingDays';
import { entityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { AGENT } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A cancellation counts everything collected for the term, also instalments collected for months after the
// cancel date (docs/billing.md "What a cancellation counts, keeps and returns"), and its refund lands: split
// across the charges that hold the money, since no one charge holds it all (docs/payments.md "Refunds").
// Once, a flat cancel of a policy whose second instalment had been collected refunded the first only, and the
// ledger showed nothing owed and nothing held.

// The premium share of a monthly instalment, as the schedule of docs/cancellation.md splits the annual premium:
// eleven of floor(annual / 12), the first carrying the odd cents. Written here from the docs, not imported.
const premiumShare = (annualCents: number, month: number) =>
  month === 0 ? annualCents - 11 * Math.floor(annualCents / 12) : Math.floor(annualCents / 12);
const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);

describe.each(testDatabases())('what a pet cancellation counts as collected, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const db = (): Db => s.t.server.database.db;
  const e = entityApi(() => apiFor(s.t.url));

  async function refundsSent(policyNumber: string) {
    return db()
      .selectFrom('payment_refunds')
      .select(['charge_id', 'amount_cents', 'outcome'])
      .where('idempotency_key', 'like', `policy:${policyNumber}:%`)
      .execute();
  }

  it('refunds both instalments of a flat cancel made after the second was collected, across both charges', async () => {
    const start = businessDate(clock.now());
    const { policies } = await purchasePolicies(s.t, { startDate: start });
    const { policyNumber, matterId } = policies[0]!;
    // The second instalment is collected on its day; the customer then cancels back into the free look.
    await runDatedWorkOn(db(), clock, addMonths(start, 1));
    const paid = await db()
      .selectFrom('billing_instalments')
      .select(['seq', 'charge_id'])
      .where('policy_number', '=', policyNumber)
      .where('status', '=', 'paid')
      .orderBy('seq')
      .execute();
    expect(paid.map((r) => r.seq)).toEqual([1, 2]);
    const { annual_premium_cents: annual } = await db()
      .selectFrom('policies')
      .select('annual_premium_cents')
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    const premium = premiumShare(annual, 0) + premiumShare(annual, 1);

    const answer = await commitPetCancel(e, matterId, AGENT, {
      cancelDate: addDays(start, 5),
      reason: 'CUSTOMER_REQUEST',
    });
    expect(answer.status).toBe(200);
    const data = (answer.body as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ flatCancel: true, earnedPremium: 0 });
    expect(cents(data.collected)).toBe(premium);
    expect(cents(data.refund)).toBe(premium);
    expect(data.refundOutcome).toMatchObject({ status: 'done' });

    // The payment service gave back the premium, part to the second instalment's charge and the rest to the
    // purchase's, and the ledger holds nothing for the customer and owes nothing.
    const sent = await refundsSent(policyNumber);
    expect(sent.every((r) => r.outcome === 'ok')).toBe(true);
    expect(sent.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(premium);
    expect(new Set(sent.map((r) => r.charge_id))).toEqual(new Set(paid.map((r) => r.charge_id)));
    const ledger = await ledgerOf(db(), { line: 'pet', policyNumber }, businessDate(clock.now()));
    expect(ledger).toMatchObject({ refundedCents: premium, owedCents: 0, creditCents: 0 });
  });

  it('refunds an instalment collected for a month after a backdated pro rata cancel date', async () => {
    const start = businessDate(clock.now());
    const { policies } = await purchasePolicies(s.t, { startDate: start });
    const { policyNumber, matterId } = policies[0]!;
    for (const month of [1, 2, 3]) await runDatedWorkOn(db(), clock, addMonths(start, month));
    const { annual_premium_cents: annual, expiration } = await db()
      .selectFrom('policies')
      .select(['annual_premium_cents'])
      .select((eb) => eb.fn<string>('to_char', ['expiration_date', eb.val('YYYY-MM-DD')]).as('expiration'))
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    // Four instalments collected (the effective date's and three more); cancelled back to day 40.
    const collected = [0, 1, 2, 3].reduce((sum, m) => sum + premiumShare(annual, m), 0);
    const cancelDate = addDays(start, 40);
    const termDays = (Date.parse(expiration) - Date.parse(start)) / 86_400_000;
    const earned = Math.floor((annual * 40 * 2 + termDays) / (termDays * 2));
    const answer = await commitPetCancel(e, matterId, AGENT, { cancelDate, reason: 'CUSTOMER_REQUEST' });
    expect(answer.status).toBe(200);
    const data = (answer.body as { data: Record<string, unknown> }).data;
    expect(cents(data.collected)).toBe(collected);
    expect(cents(data.earnedPremium)).toBe(earned);
    expect(cents(data.refund)).toBe(collected - earned);
    expect(data.refundOutcome).toMatchObject({ status: 'done' });
    const sent = await refundsSent(policyNumber);
    expect(sent.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(collected - earned);
    const ledger = await ledgerOf(db(), { line: 'pet', policyNumber }, businessDate(clock.now()));
    expect(ledger).toMatchObject({ owedCents: 0, creditCents: 0 });
  });
});
