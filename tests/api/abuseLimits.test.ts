import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BillingResponse, PayNowResponse } from '../../src/api/schemas/billing';
import { PaymentSessionResponse } from '../../src/api/schemas/quotePurchase';
import { MovableClock, addMonths, businessDate, startOfBusinessDay } from '../../src/calendar';
import { MAX_FAILURES_PER_ACCOUNT_PER_HOUR } from '../../src/server/auth/loginThrottle';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import {
  NEW_CARDS_PER_POLICY_PER_HOUR,
  NEW_CARDS_PER_USER_PER_HOUR,
  RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
  RESET_REQUESTS_PER_CLIENT_PER_HOUR,
  TOKENIZATIONS_PER_RENTERS_CUSTOMER_PER_HOUR,
  TOKENIZATIONS_PER_SESSION,
  NEW_CARDS_PER_QUOTE_PER_HOUR,
} from '../../src/server/http/abuseLimits';
import { randomUUID } from 'node:crypto';
import { SetupIntentResponse } from '../../src/api/schemas/rentersPaymentMethods';
import { adminApi, TEST_PASSWORD } from '../support/accessAdmin';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, type ApiResponse } from '../support/http';
import { ADMIN, AGENT, INTERNAL, LAKESIDE } from '../support/personas';
import { PAYING_CARD, rentersCoverage, rentersCustomer, rentersQuoteApi } from '../support/rentersQuoteApi';
import { purchasePolicies } from '../support/policyFixtures';
import { DECLINED_CARD, purchaseOf, quoteApi, quoteAtCheckout, tokenFor } from '../support/quoteApi';
import { QuoteCommandAnswer } from '../../src/api/schemas/quoteCommands';
import { userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Limits on abuse (docs/security.md "Limits on abuse"): card testing through Pay now and payment sessions,
// password-reset flooding, and a stranger locking an agent out. Each limit answers 429 with Retry-After,
// writes a security log line, and the refused request changes nothing. Client addresses are set with
// X-Forwarded-For, which the server believes from 127.0.0.1 here (TRUST_PROXY).
const INSUFFICIENT_FUNDS_CARD = '4000000000009995';
const card = {
  number: '4242 4242 4242 4242',
  expiry: '12/29',
  cvc: '123',
  name: 'Ada Lovelace',
  zip: '78701',
};

interface LogLine {
  security?: { kind: string; limit?: string; retryAfterSeconds?: number };
  ip?: string;
}

describe.each(testDatabases())('limits on abuse on %s', (database) => {
  const clock = new MovableClock(new Date());
  const logText: string[] = [];
  const s = useTestServer(
    database,
    { TRUST_PROXY: '127.0.0.1' },
    { clock, logTo: { write: (line) => void logText.push(line) } },
  );
  const e = entityApi(() => s.api);
  const a = adminApi(() => s.api);
  const db = () => s.t.server.database.db;
  const payments = () => createSandboxPaymentAdapter({ db: db() });
  const securityLines = (kind: string): LogLine[] =>
    logText
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.security?.kind === kind);
  const rateLimited = (limit: string) =>
    securityLines('rate-limited').filter((line) => line.security?.limit === limit);
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const expectTooMany = (response: ApiResponse) => {
    expectError(response, 429);
    const wait = Number(response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3_600);
    return response;
  };

  // Each test counts from nothing: one test's declines by the agent are not another's.
  beforeEach(async () => {
    await sql`delete from abuse_counts`.execute(db());
  });

  it(`refuses the purchase after ${NEW_CARDS_PER_QUOTE_PER_HOUR} declined cards on one quote, before the payment service`, async () => {
    const q = quoteApi(e);
    const checkout = await quoteAtCheckout(q);
    const attempt = async (action: 'purchase' | 'retryPayment', number = DECLINED_CARD) => {
      const token = await tokenFor(e, AGENT, number);
      return action === 'purchase'
        ? q.act('POST', action, purchaseOf(checkout, token))
        : q.act('POST', action, { uuid: checkout.uuid, requestId: randomUUID(), payment: { token } });
    };
    const first = await attempt('purchase');
    expectStatus(first, 200);
    expect(QuoteCommandAnswer.parse(first.body).data.quote.step).toBe('paymentFailed');
    for (let i = 1; i < NEW_CARDS_PER_QUOTE_PER_HOUR; i++) {
      const again = await attempt('retryPayment');
      expectStatus(again, 200);
      expect(QuoteCommandAnswer.parse(again.body).data.quote.payment_error?.message).toBe(
        'The payment was declined.',
      );
    }
    const charged = await db()
      .selectFrom('payment_charges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expectTooMany(await attempt('retryPayment', '4242424242424242'));
    expect(
      await db()
        .selectFrom('payment_charges')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(charged);
    expect((await q.view(checkout.uuid)).step).toBe('paymentFailed');
    expect(rateLimited('new-cards-per-quote')).toHaveLength(1);
  }, 120_000);

  describe('card testing through Pay now', () => {
    const tokenOf = async (number: string, email: string) => {
      const made = await payments().tokenizeCard(
        { number, expiryMonth: 12, expiryYear: 2031, cvc: '123', name: 'Pat Payer', zip: '78701' },
        { userId: await userIdOf(db(), email) },
      );
      if (!made.ok) throw new Error('tokenize');
      return made.payment.token;
    };
    const charges = async () =>
      Number(
        (
          await db()
            .selectFrom('payment_charges')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const payNew = async (matterId: number, number = INSUFFICIENT_FUNDS_CARD) =>
      e.post(`/v2/policies/${matterId}/billing/pay-now`, AGENT, {
        data: { paymentToken: await tokenOf(number, AGENT) },
      });

    it('refuses the sixth new card on a policy, and the eleventh of a user, before the payment service', async () => {
      const start = businessDate(clock.now());
      const bought = await purchasePolicies(s.t, { petNames: ['Ace', 'Bea', 'Cid'] });
      const [first, second, third] = bought.policies;
      // A month on, each policy's second instalment is due.
      clock.set(new Date(startOfBusinessDay(addMonths(start, 1)).getTime() + 10 * 3_600_000));

      for (let i = 0; i < NEW_CARDS_PER_POLICY_PER_HOUR; i++) {
        const declined = await payNew(first!.matterId);
        expectStatus(declined, 200);
        const result = PayNowResponse.parse(declined.body).data;
        // The agent is told it was declined, never why; the reason stays on the instalment staff read.
        expect(result).toMatchObject({
          collected: 0,
          declined: 1,
          declineReason: 'The payment was declined.',
        });
        expect(result.billing!.schedule[1]!.lastDeclineReason).toBe('The payment was declined.');
      }
      // Staff read the reason on the instalment.
      const staffView = BillingResponse.parse(
        (await e.get(`/v2/policies/${first!.matterId}/billing`, INTERNAL)).body,
      ).data.billing!;
      expect(staffView.schedule[1]!.lastDeclineReason).toBe(
        'The payment was declined for insufficient funds.',
      );
      const charged = await charges();
      const before = (await e.get(`/v2/policies/${first!.matterId}/billing`, AGENT)).body;
      expectTooMany(await payNew(first!.matterId, '4242424242424242'));
      expect(await charges()).toBe(charged);
      expect((await e.get(`/v2/policies/${first!.matterId}/billing`, AGENT)).body).toEqual(before);
      expect(rateLimited('new-cards-per-policy')).toHaveLength(1);
      // The card on file is not a new card: it is still charged.
      expectStatus(await e.post(`/v2/policies/${first!.matterId}/billing/pay-now`, AGENT, { data: {} }), 200);

      for (let i = 0; i < NEW_CARDS_PER_USER_PER_HOUR - NEW_CARDS_PER_POLICY_PER_HOUR; i++)
        expectStatus(await payNew(second!.matterId), 200);
      const charged2 = await charges();
      expectTooMany(await payNew(third!.matterId, '4242424242424242'));
      expect(await charges()).toBe(charged2);
      expect(rateLimited('new-cards-per-user')).toHaveLength(1);
    }, 120_000);
    // Back to today for the tests after these.
    afterAll(() => clock.set(new Date()));
  });

  it(`refuses the tokenization after ${TOKENIZATIONS_PER_SESSION} in one payment session`, async () => {
    const opened = await e.get('/v1/one-inc-session', AGENT);
    expectStatus(opened, 200);
    const sessionId = PaymentSessionResponse.parse(opened.body).data.session_id;
    const tokens = async () =>
      Number(
        (
          await db()
            .selectFrom('payment_tokens')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('session_id', '=', sessionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let i = 0; i < TOKENIZATIONS_PER_SESSION; i++)
      expectStatus(
        await e.post(`/v1/one-inc-session/${sessionId}/payment-methods`, AGENT, { type: 'card', card }),
        200,
      );
    expectTooMany(
      await e.post(`/v1/one-inc-session/${sessionId}/payment-methods`, AGENT, { type: 'card', card }),
    );
    expect(await tokens()).toBe(TOKENIZATIONS_PER_SESSION);
    expect(rateLimited('tokenizations-per-session')).toHaveLength(1);
    // Another session of the same user is not held back.
    const other = PaymentSessionResponse.parse((await e.get('/v1/one-inc-session', AGENT)).body).data;
    expectStatus(
      await e.post(`/v1/one-inc-session/${other.session_id}/payment-methods`, AGENT, { type: 'card', card }),
      200,
    );
  });

  it(`refuses a renters customer's new method after ${TOKENIZATIONS_PER_RENTERS_CUSTOMER_PER_HOUR} in an hour`, async () => {
    const r = rentersQuoteApi(e);
    const quote = await r.start();
    const base = `/v2/renters/quotes/${quote.id}`;
    await r.step(`${base}/coverage`, rentersCoverage);
    await r.step(`${base}/customer`, {
      ...rentersCustomer,
      customer: { ...rentersCustomer.customer, email: `limits.${randomUUID().slice(0, 8)}@example.test` },
    });
    const review = await r.step(`${base}/payment-method`, {
      token: await r.token(PAYING_CARD),
      billing_zip_code: '78701',
    });
    const bought = await r.step(`${base}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total: review.premium!.total,
    });
    const { customer_id: customerId } = await db()
      .selectFrom('renters_policies')
      .select('customer_id')
      .where('policy_number', '=', bought.policy!.policy_number)
      .executeTakeFirstOrThrow();
    const intentPath = `/v2/renters/customers/${customerId}/payment_accounts/active/payment_methods/setup-intent`;
    const tokenize = async () => {
      const intent = SetupIntentResponse.parse((await e.get(intentPath, INTERNAL)).body).data;
      const answer = await e.post('/v2/renters/tokenize', INTERNAL, {
        data: {
          setup_intent_id: intent.setup_intent_id,
          type: 'card',
          card: { ...card, number: '5555555555554444' },
        },
      });
      return { answer, intentId: intent.setup_intent_id };
    };
    for (let i = 0; i < TOKENIZATIONS_PER_RENTERS_CUSTOMER_PER_HOUR; i++)
      expectStatus((await tokenize()).answer, 200);
    const refused = await tokenize();
    expectTooMany(refused.answer);
    const intent = await db()
      .selectFrom('renters_setup_intents')
      .select(['status', 'token'])
      .where('id', '=', refused.intentId)
      .executeTakeFirstOrThrow();
    expect(intent).toEqual({ status: 'created', token: null });
    expect(rateLimited('tokenizations-per-renters-customer')).toHaveLength(1);
  }, 120_000);

  describe('password-reset flooding', () => {
    const mailsTo = async (email: string) =>
      Number(
        (
          await db()
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('recipient', '=', email)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it(`queues no mail for the request after ${RESET_REQUESTS_PER_ADDRESS_PER_HOUR} for one address`, async () => {
      const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
      for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS_PER_HOUR; i++)
        expect(
          (await s.api.post('/v1/password-forgot', { email: user.email }, from(`198.51.100.${i + 1}`)))
            .status,
        ).toBe(200);
      expect(await mailsTo(user.email)).toBe(RESET_REQUESTS_PER_ADDRESS_PER_HOUR);
      // From yet another client, in another letter case: the address is what is counted.
      expectTooMany(
        await s.api.post('/v1/password-forgot', { email: user.email.toUpperCase() }, from('198.51.100.99')),
      );
      expect(await mailsTo(user.email)).toBe(RESET_REQUESTS_PER_ADDRESS_PER_HOUR);
      expect(rateLimited('reset-requests-per-address')).toHaveLength(1);
    });

    it(`refuses one client's request after ${RESET_REQUESTS_PER_CLIENT_PER_HOUR} for any addresses`, async () => {
      const client = from('198.51.100.200');
      for (let i = 0; i < RESET_REQUESTS_PER_CLIENT_PER_HOUR; i++)
        expect(
          (await s.api.post('/v1/password-forgot', { email: `nobody-${i}@example.test` }, client)).status,
        ).toBe(200);
      const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
      expectTooMany(await s.api.post('/v1/password-forgot', { email: user.email }, client));
      expect(await mailsTo(user.email)).toBe(0);
      expect(rateLimited('reset-requests-per-client')).toHaveLength(1);
      // Another client still asks for the same address.
      expect(
        (await s.api.post('/v1/password-forgot', { email: user.email }, from('198.51.100.201'))).status,
      ).toBe(200);
      expect(await mailsTo(user.email)).toBe(1);
    });
  });

  it(`lets the right password in from another address after ${MAX_FAILURES_PER_ACCOUNT_PER_HOUR} wrong ones from a stranger`, async () => {
    const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
    const stranger = from('203.0.113.66');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_PER_HOUR; i++)
      expect(
        (await s.api.post('/v2/auth', { email: user.email, password: `wrong-${i}` }, stranger)).status,
      ).toBe(422);
    // The stranger is stopped, even with the right password.
    expectTooMany(await s.api.post('/v2/auth', { email: user.email, password: TEST_PASSWORD }, stranger));
    expect(securityLines('login-throttled').filter((line) => line.ip === '203.0.113.66')).toHaveLength(1);
    // The agent at their own address signs in.
    const own = await s.api.post(
      '/v2/auth',
      { email: user.email, password: TEST_PASSWORD },
      from('192.0.2.10'),
    );
    expect(own.status).toBe(200);
  }, 120_000);
});
