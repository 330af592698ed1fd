import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingResponse, PayNowResponse, type Billing } from '../../src/api/schemas/billing';
import { RentersBillingResponse } from '../../src/api/schemas/rentersBilling';
import {
  MovableClock,
  addDays,
  addMonths,
  businessDate,
  fixedClock,
  startOfBusinessDay,
} from '../../src/calendar';
import { runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus } from '../support/entityApi';
import { apiFor, expectError, expectValidationError } from '../support/http';
import { AGENT, LAKESIDE_MANAGER, MANAGER, NORTHWIND_AUSTIN, REPORTS } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf, userIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

const DECLINING_CARD = '4000000000000002';
const GOOD_CARD = '4242424242424242';
const cents = (dollars: number) => Math.round(dollars * 100);

// A policy's billing on the HTTP API (docs/billing.md "On screen"): the view of its account, ledger and
// schedule, and "Pay now", with the server's clock moved to the day an instalment falls due.
describe.each(testDatabases())('billing routes on %s', (database) => {
  const clock = new MovableClock(new Date());
  const today = businessDate(clock.now());
  let t: TestServer;
  const e = entityApi(() => apiFor(t.url));
  const db = (): Db => t.server.database.db;
  const payments = () => createSandboxPaymentAdapter({ db: db() });
  beforeAll(async () => {
    t = await startTestServer(database, {}, { clock });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const petPath = (matterId: number) => `/v2/policies/${matterId}/billing`;
  const billingOf = async (path: string, email: string): Promise<Billing> => {
    const answer = await e.get(path, email);
    expectStatus(answer, 200);
    return BillingResponse.parse(answer.body).data.billing!;
  };
  const expectLedgerIdentity = (billing: Pick<Billing, 'ledger'>) => {
    const l = billing.ledger;
    expect(cents(l.collected) - cents(l.refunded)).toBe(cents(l.billed) - cents(l.owed) + cents(l.credit));
  };
  const tokenOf = async (number: string, email: string | null) => {
    const card = await payments().tokenizeCard(
      { number, expiryMonth: 12, expiryYear: 2031, cvc: '123', name: 'Pat Payer', zip: '78701' },
      { userId: email === null ? null : await userIdOf(db(), email) },
    );
    if (!card.ok) throw new Error('tokenize');
    return card.payment.token;
  };

  let fresh: { matterId: number; policyNumber: string };

  it('shows a new monthly pet policy: twelve instalments, the first paid, the next one a month on', async () => {
    fresh = (await purchasePolicies(t, { petNames: ['Biscuit'] })).policies[0]!;
    const billing = await billingOf(petPath(fresh.matterId), AGENT);
    expect(billing).toMatchObject({
      policyNumber: fresh.policyNumber,
      today,
      state: 'current',
      plan: 'monthly',
      pastDueSince: null,
      lapsedOn: null,
      dueNow: 0,
      refunds: [],
      can: { payNow: false },
    });
    expect(billing.paymentMethod.last4).toMatch(/^\d{4}$/);
    expect(billing.schedule).toHaveLength(12);
    const [first, second] = billing.schedule;
    expect(first).toMatchObject({
      seq: 1,
      kind: 'instalment',
      status: 'paid',
      paidOn: today,
      dueDate: today,
    });
    expect(second).toMatchObject({
      seq: 2,
      status: 'scheduled',
      dueDate: addMonths(today, 1),
      collectOn: addMonths(today, 1),
      attempts: 0,
      lastDeclineReason: null,
    });
    expect(billing.nextPayment).toEqual({
      dueDate: addMonths(today, 1),
      amount: second!.amount,
      description: second!.description,
    });
    expect(billing.ledger).toMatchObject({
      billed: first!.amount,
      collected: first!.amount,
      owed: 0,
      credit: 0,
    });
    expectLedgerIdentity(billing);
  });

  it('refuses "Pay now" with 409 and its reason when nothing is due', async () => {
    const refused = await e.post(`${petPath(fresh.matterId)}/pay-now`, AGENT, { data: {} });
    expect(expectError(refused, 409).message).toBe('Nothing is due.');
  });

  it('shows a renters policy to its agency, and to nobody outside it or without the privilege', async () => {
    const austin = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issued = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: austin }));
    const path = `/v2/renters/policies/${issued.matterId}/billing`;
    // The renters line answers in its wire's snake_case (src/api/schemas/rentersBilling.ts).
    const answer = await e.get(path, MANAGER);
    expectStatus(answer, 200);
    const billing = RentersBillingResponse.parse(answer.body).data.billing!;
    expect(billing).toMatchObject({ policy_number: issued.policyNumber, state: 'CURRENT', plan: 'monthly' });
    expect(billing.schedule).toHaveLength(12);
    expect(billing.schedule[0]).toMatchObject({ seq: 1, status: 'PAID' });
    expect(billing.next_payment?.due_date).toBe(billing.schedule[1]!.due_date);
    expectLedgerIdentity(billing);
    // The agent searches renters policies but may not open their edit screen (renters_policy_ax).
    expectError(await e.get(path, AGENT), 403);
    expectError(await e.post(`${path}/pay-now`, AGENT, { data: {} }), 403);
    expectError(await e.get(path, LAKESIDE_MANAGER), 404);
    expectError(await e.post(`${path}/pay-now`, LAKESIDE_MANAGER, { data: {} }), 404);
  });

  it('answers 404 to another agency, 403 without the privilege and 422 for a malformed id', async () => {
    const path = petPath(fresh.matterId);
    expectError(await e.get(path, LAKESIDE_MANAGER), 404);
    expectError(await e.post(`${path}/pay-now`, LAKESIDE_MANAGER, { data: {} }), 404);
    expectError(await e.get(path, REPORTS), 403);
    expectError(await e.post(`${path}/pay-now`, REPORTS, { data: {} }), 403);
    const malformed = await e.get('/v2/policies/abc/billing', AGENT);
    expect(expectValidationError(malformed, ['matterId']).errors.matterId).toEqual([
      'matterId must be an integer number',
    ]);
    const extra = await e.post(`${path}/pay-now`, AGENT, { data: { paymentToken: '', amount: 5 } });
    expectValidationError(extra, ['data.paymentToken']);
  });

  it('answers 200 with no billing for a policy issued before billing accounts', async () => {
    const [older] = (await purchasePolicies(t, { petNames: ['Relic'] })).policies;
    for (const table of ['billing_instalments', 'billing_accounts'] as const)
      await db().deleteFrom(table).where('policy_number', '=', older!.policyNumber).execute();
    const answer = await e.get(petPath(older!.matterId), AGENT);
    expectStatus(answer, 200);
    expect(BillingResponse.parse(answer.body).data.billing).toBeNull();
  });

  it('takes a late payment of a declined instalment: the card on file declines again, a new card pays', async () => {
    const [late] = (await purchasePolicies(t, { petNames: ['Olive'] })).policies;
    const path = petPath(late!.matterId);
    await db()
      .updateTable('billing_accounts')
      .set({ token: await tokenOf(DECLINING_CARD, null) })
      .where('policy_number', '=', late!.policyNumber)
      .execute();
    const due = addMonths(today, 1);
    clock.set(new Date(startOfBusinessDay(due).getTime() + 10 * 3_600_000));
    await runBillingDay({
      db: db(),
      payments: payments(),
      clock: fixedClock(startOfBusinessDay(due)),
      businessDate: due,
    });

    const pastDue = await billingOf(path, AGENT);
    const instalment = pastDue.schedule[1]!;
    expect(pastDue).toMatchObject({ today: due, state: 'pastDue', pastDueSince: due, can: { payNow: true } });
    expect(pastDue.dueNow).toBe(instalment.amount);
    expect(instalment).toMatchObject({
      status: 'declined',
      attempts: 1,
      collectOn: addDays(due, 3),
      lastDeclineReason: 'The payment was declined.',
    });
    expect(pastDue.ledger.owed).toBe(instalment.amount);
    expect(pastDue.nextPayment?.dueDate).toBe(addMonths(today, 2));
    expectLedgerIdentity(pastDue);
    // Someone else's card is refused before anything is charged.
    const foreign = await e.post(`${path}/pay-now`, AGENT, {
      data: { paymentToken: await tokenOf(GOOD_CARD, MANAGER) },
    });
    expectValidationError(foreign, ['data.paymentToken']);

    const again = await e.post(`${path}/pay-now`, AGENT, { data: {} });
    expectStatus(again, 200);
    const declined = PayNowResponse.parse(again.body).data;
    expect(declined).toMatchObject({
      collected: 0,
      declined: 1,
      reinstated: false,
      declineReason: 'The payment was declined.',
    });
    // A declined payment taken by staff leaves the run's dunning as it was: the next try stays three days on.
    expect(declined.billing!.schedule[1]).toMatchObject({
      status: 'declined',
      attempts: 2,
      collectOn: addDays(due, 3),
    });

    const key = randomUUID();
    const body = { data: { paymentToken: await tokenOf(GOOD_CARD, AGENT) } };
    const paid = await e.post(`${path}/pay-now`, AGENT, body, { headers: { 'idempotency-key': key } });
    expectStatus(paid, 200);
    const result = PayNowResponse.parse(paid.body).data;
    expect(result).toMatchObject({ collected: 1, declined: 0, reinstated: false, declineReason: null });
    expect(result.billing).toMatchObject({ state: 'current', dueNow: 0, can: { payNow: false } });
    expect(result.billing!.schedule[1]).toMatchObject({
      status: 'paid',
      paidOn: due,
      lastDeclineReason: null,
    });
    expect(result.billing!.ledger.owed).toBe(0);
    expectLedgerIdentity(result.billing!);
    // The card that paid is the card on file now: the run charges it next.
    const onFile = await db()
      .selectFrom('billing_accounts')
      .select('token')
      .where('policy_number', '=', late!.policyNumber)
      .executeTakeFirstOrThrow();
    expect(onFile.token).toBe(body.data.paymentToken);
    // The same key again is answered with the first answer, and charges nothing.
    const charges = await payments().chargeCount();
    const replay = await e.post(`${path}/pay-now`, AGENT, body, { headers: { 'idempotency-key': key } });
    expect(replay.body).toEqual(paid.body);
    expect(await payments().chargeCount()).toBe(charges);
  });
});
