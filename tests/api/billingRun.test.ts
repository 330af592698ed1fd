import { describe, expect, it } from 'vitest';
import { testActor } from '../support/records';
import { addDays, addMonths, fixedClock, startOfBusinessDay } from '../../src/calendar';
import { payNow } from '../../src/server/domain/policyMoney/payNow';
import { runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { PolicyPaymentsPage } from '../../src/api/schemas/policyMatters';
import { entityApi } from '../support/entityApi';
import { AGENT } from '../support/personas';
import { centralToday, purchasePolicies } from '../support/policyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

const STAFF = testActor(null);

// The daily billing run as a policyholder meets it: next month's instalment collected when its day comes, a
// declined card's notices, the lapse for non-payment, a late payment's reinstatement, and a day run twice.
describe.each(testDatabases())('the daily billing run on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const payments = () => createSandboxPaymentAdapter({ db: db() });
  const run = (day: string) =>
    runBillingDay({
      db: db(),
      payments: payments(),
      clock: fixedClock(startOfBusinessDay(day)),
      businessDate: day,
    });
  const instalment = (policyNumber: string, seq: number) =>
    db()
      .selectFrom('billing_instalments')
      .selectAll()
      .where('line', '=', 'pet')
      .where('policy_number', '=', policyNumber)
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow();
  const tokenOf = async (number: string) => {
    const card = await payments().tokenizeCard({
      number,
      expiryMonth: 12,
      expiryYear: 2031,
      cvc: '123',
      name: 'Pat Payer',
      zip: '78701',
    });
    if (!card.ok) throw new Error('tokenize');
    return card.payment.token;
  };

  it("collects next month's instalment on its day, once however often the day runs, and dunns a declined card to a lapse and a reinstatement", async () => {
    const today = centralToday();
    const [good, bad] = (await purchasePolicies(s.t, { petNames: ['Pepper', 'Olive'] })).policies;
    // Olive's card is replaced on file by one the sandbox declines.
    await db()
      .updateTable('billing_accounts')
      .set({ token: await tokenOf('4000000000000002') })
      .where('policy_number', '=', bad!.policyNumber)
      .execute();
    const second = await instalment(good!.policyNumber, 2);
    expect(second.due_date).toBe(addMonths(today, 1));
    expect(second.status).toBe('scheduled');

    const due = second.due_date;
    const chargesBefore = await payments().chargeCount();
    await run(due);
    await run(due);
    expect((await instalment(good!.policyNumber, 2)).status).toBe('paid');
    const goodLedger = await ledgerOf(db(), { line: 'pet', policyNumber: good!.policyNumber }, due);
    expect(goodLedger!.owedCents).toBe(0);
    expect(goodLedger!.collectedCents).toBe(goodLedger!.billedCents);
    // The policy's payments list shows the instalment beside the purchase's charge, and they add up to the ledger.
    const page = PolicyPaymentsPage.parse(
      (await e.get(`/v2/matters/${good!.matterId}/payments?limit=10`, AGENT)).body,
    );
    expect(page.data.map((p) => [p.date, p.type, p.status])).toEqual([
      [due, 'PREMIUM', 'PAID'],
      [today, 'PREMIUM', 'PAID'],
    ]);
    expect(Math.round(page.data.reduce((sum, p) => sum + p.amount, 0) * 100)).toBe(
      goodLedger!.collectedCents,
    );

    const notices = () =>
      db()
        .selectFrom('outbox')
        .select(['recipient', 'subject', 'body'])
        .where('kind', '=', 'billing.paymentDeclined')
        .where('subject', 'like', `%${bad!.policyNumber}%`)
        .execute();
    let declined = await instalment(bad!.policyNumber, 2);
    expect(declined.status).toBe('declined');
    expect(declined.collect_on).toBe(addDays(due, 3));
    expect(await notices()).toHaveLength(1);
    const [notice] = await notices();
    expect(notice!.body).toContain(`due ${due}`.slice(0, 4));
    for (const offset of [3, 7, 14]) {
      await run(addDays(due, offset));
      await run(addDays(due, offset));
    }
    declined = await instalment(bad!.policyNumber, 2);
    expect(declined.status).toBe('failed');
    expect(declined.attempts).toBe(4);
    expect(await notices()).toHaveLength(4);
    // Exactly one charge per attempt was asked of the payment service, whatever ran twice.
    expect((await payments().chargeCount()) - chargesBefore).toBe(1);
    const owed = await ledgerOf(db(), { line: 'pet', policyNumber: bad!.policyNumber }, addDays(due, 14));
    expect(owed!.owedCents).toBe(declined.amount_cents);

    await run(addDays(due, 30));
    const events = await db()
      .selectFrom('events')
      .select(['type', 'data', 'metadata'])
      .where('stream_type', '=', 'policy')
      .where('stream_id', '=', bad!.policyNumber)
      .orderBy('version')
      .execute();
    const cancelled = events.find((e) => e.type === 'policy.cancelled')!;
    expect(cancelled.data).toMatchObject({ reason: 'NON_PAYMENT', note: 'Non-payment of premium' });
    expect(cancelled.metadata).toMatchObject({ userId: null });
    const account = () =>
      db()
        .selectFrom('billing_accounts')
        .select('state')
        .where('policy_number', '=', bad!.policyNumber)
        .executeTakeFirstOrThrow();
    expect((await account()).state).toBe('lapsed');

    const late = addDays(due, 40);
    const paid = await payNow(
      { db: db(), payments: payments(), clock: fixedClock(startOfBusinessDay(late)) },
      { line: 'pet', policyNumber: bad!.policyNumber },
      late,
      STAFF,
      await tokenOf('4242424242424242'),
    );
    expect(paid).toMatchObject({ declined: 0, reinstated: true });
    expect((await account()).state).toBe('current');
    const after = await db()
      .selectFrom('events')
      .select('type')
      .where('stream_type', '=', 'policy')
      .where('stream_id', '=', bad!.policyNumber)
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    expect(after.type).toBe('policy.reinstated');
    const settled = await ledgerOf(db(), { line: 'pet', policyNumber: bad!.policyNumber }, late);
    expect(settled!.owedCents).toBe(0);
  });
});
