import { describe, expect, it } from 'vitest';
import { MovableClock, addMonths, businessDate, fixedClock, startOfBusinessDay } from '../../src/calendar';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { BillingRefusal, payNow } from '../../src/server/domain/policyMoney/payNow';
import { runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import type { PaymentAdapter } from '../../src/server/domain/payments/paymentAdapter';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { GOOD_CARD, cardToken } from '../support/billingDays';
import { purchasePolicies } from '../support/policyFixtures';
import { testActor } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// One instalment is charged at most once, whatever the cards and processes (docs/billing.md "One charge per
// instalment"). Once, two "Pay now" with two new cards at the same moment asked the payment service under one
// charge key: the first card paid, the second was refused as a reused key and recorded as a decline, the
// payment was never recorded, and the next "Pay now" charged the instalment again.

// The sandbox, answering each charge only after a pause long enough that the other asker, started at the same
// moment, reaches the instalment while the first charge is in flight, however busy the machine.
function slowPayments(db: Db): PaymentAdapter {
  const sandbox = createSandboxPaymentAdapter({ db });
  return {
    ...sandbox,
    async charge(request) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return sandbox.charge(request);
    },
  };
}

describe.each(testDatabases())('two payments of one instalment at once, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const db = (): Db => s.t.server.database.db;

  async function dueInstalment() {
    const start = businessDate(clock.now());
    const { policies } = await purchasePolicies(s.t, { startDate: start });
    const { policyNumber } = policies[0]!;
    return { policyNumber, day: addMonths(start, 1) };
  }
  const okCharges = (policyNumber: string) =>
    db()
      .selectFrom('payment_charges')
      .select(['idempotency_key', 'token', 'amount_cents'])
      .where('idempotency_key', 'like', `billing:pet:${policyNumber}:%`)
      .where('outcome', '=', 'ok')
      .execute();
  const payAt = (policyNumber: string, day: string, token: string) =>
    payNow(
      { db: db(), payments: slowPayments(db()), clock: fixedClock(startOfBusinessDay(day)) },
      { line: 'pet', policyNumber },
      day,
      { ...testActor(null), at: startOfBusinessDay(day) },
      token,
    );

  it('charges once when two staff take it with two new cards, and the other is told so', async () => {
    const { policyNumber, day } = await dueInstalment();
    const [a, b] = [await cardToken(db(), GOOD_CARD, 'Pat A'), await cardToken(db(), GOOD_CARD, 'Pat B')];
    const answers = await Promise.allSettled([payAt(policyNumber, day, a), payAt(policyNumber, day, b)]);
    const paid = answers.filter((x) => x.status === 'fulfilled');
    const refused = answers.filter((x) => x.status === 'rejected');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.value).toMatchObject({ collected: 1, declined: 0 });
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(BillingRefusal);
    expect((refused[0]!.reason as Error).message).toMatch(/Another payment of this policy/);

    const charges = await okCharges(policyNumber);
    expect(charges).toHaveLength(1);
    // The payment is on the ledger, and nothing is left to take: a third "Pay now" charges nothing.
    await expect(payAt(policyNumber, day, a)).rejects.toThrow(/Nothing is due/);
    expect(await okCharges(policyNumber)).toHaveLength(1);
    const ledger = await ledgerOf(db(), { line: 'pet', policyNumber }, day);
    const first = await db()
      .selectFrom('billing_instalments')
      .select('amount_cents')
      .where('policy_number', '=', policyNumber)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({
      collectedCents: first.amount_cents + charges[0]!.amount_cents,
      owedCents: 0,
    });
  });

  it('charges once when staff take it with a new card while the day’s run charges the card on file', async () => {
    const { policyNumber, day } = await dueInstalment();
    const fresh = await cardToken(db(), GOOD_CARD, 'Pat New');
    const run = runBillingDay({
      db: db(),
      payments: slowPayments(db()),
      clock: fixedClock(startOfBusinessDay(day)),
      businessDate: day,
    });
    const answers = await Promise.allSettled([run, payAt(policyNumber, day, fresh)]);
    expect(answers.every((x) => x.status === 'fulfilled' || x.reason instanceof BillingRefusal)).toBe(true);
    expect(await okCharges(policyNumber)).toHaveLength(1);
    await expect(payAt(policyNumber, day, fresh)).rejects.toThrow(/Nothing is due/);
    expect(await okCharges(policyNumber)).toHaveLength(1);
    const ledger = await ledgerOf(db(), { line: 'pet', policyNumber }, day);
    expect(ledger).toMatchObject({ owedCents: 0 });
  });
});
