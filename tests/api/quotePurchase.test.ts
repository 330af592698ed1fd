import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlansAnswer } from '../../src/api/schemas/quoteActions';
import { QuoteCommandAnswer, type QuoteView } from '../../src/api/schemas/quoteCommands';
import { entityApi, expectStatus } from '../support/entityApi';
import { withoutAppendOnlyGuard } from '../support/eventLogSurgery';
import { apiFor, expectError, expectValidationError, type Api } from '../support/http';
import { AGENT, INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import {
  DECLINED_CARD,
  GOOD_CARD,
  NO_FUNDS_CARD,
  newQuote,
  purchaseOf,
  quoteApi,
  quoteAtCheckout,
  tokenFor,
  uniqueCustomer,
} from '../support/quoteApi';
import { rebuildProjections } from '../../src/server/projections';
import { useTestServer } from '../support/suite';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// Checkout and purchase through the action wrapper (docs/quote-actions.md, docs/purchase.md): the charge is
// the rating engine's amount due for the period, a requestId is charged once, a decline can be retried, the
// fraud rule stops a purchase until acknowledged, and one policy per pet is issued to one customer.
const cents = (dollars: number) => Math.round(dollars * 100);

function invalid(response: Parameters<typeof expectValidationError>[0], fields: Record<string, string[]>) {
  expect(expectValidationError(response, Object.keys(fields)).errors).toEqual(fields);
}

describe.each(testDatabases())('quote purchase on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const db = () => s.t.server.database.db;
  const eventTypes = async (uuid: string) =>
    (
      await db()
        .selectFrom('events')
        .select('type')
        .where('stream_type', '=', 'quote')
        .where('stream_id', '=', uuid)
        .orderBy('version')
        .execute()
    ).map((r) => r.type);
  const chargesOf = (uuid: string) =>
    db()
      .selectFrom('payment_charges')
      .selectAll()
      .where('idempotency_key', 'like', `quote:${uuid}:%`)
      .orderBy('created_at')
      .execute();
  async function buy(data: unknown, email = AGENT): Promise<QuoteView> {
    const response = await q.act('POST', 'purchase', data, { email });
    expectStatus(response, 200);
    return QuoteCommandAnswer.parse(response.body).data.quote;
  }

  it.each(['MONTHLY', 'ANNUAL'] as const)(
    'purchases two pets paying %s: two policies, one customer, the charge is what plans said',
    async (period) => {
      const checkout = await quoteAtCheckout(q);
      expect(checkout.totals).not.toBeNull();
      const token = await tokenFor(e);
      const bought = await buy(
        purchaseOf(checkout, token, {
          paymentPeriod: period,
          customer: { ...purchaseOf(checkout, token).customer, street2: 'Suite 200' },
        }),
      );

      expect(bought.step).toBe('thankYou');
      expect(bought.route).toBe(`/quotes/journey/thank-you/${bought.uuid}`);
      expect(bought.policies).toHaveLength(2);
      expect(bought.policy_number).toBe(bought.policies[0]!.policy_number);
      expect(bought.payment).toEqual({ method: 'card', last4: '4242', period });
      expect(bought.customer?.street2).toBe('Suite 200');
      expect(bought.purchased_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}-0[56]:00$/);
      for (const policy of bought.policies) {
        expect(policy.policy_number).toMatch(/^PET-TX-\d{8}$/);
        expect(policy).toMatchObject({ effective_date: '2026-11-22', expiration_date: '2027-11-22' });
        const pet = bought.pets.find((p) => p.id === policy.pet_id)!;
        expect(policy).toMatchObject({ pet_name: pet.name, plan_code: pet.plan!.plan_code });
        expect(policy.annual_premium).toBe(pet.plan!.total_premium);
      }

      // What `plans` says for the same pets and (default) options is what was charged.
      const plans = await q.act('GET', 'plans', {
        zip: '78701',
        startDate: '2026-11-22',
        pets: newQuote.pets.map(({ species, breedCode, age }) => ({ species, breedCode, age })),
      });
      const payments = PlansAnswer.parse(plans.body).data.payments;
      const due = period === 'MONTHLY' ? payments.monthly.downpayment : payments.annual.total;
      // The totals' fees are the bought period's for the year (docs/quote-actions.md "Brand, fees and totals").
      const periodFees = (period === 'MONTHLY' ? payments.monthly : payments.annual).fees;
      const feeCents = periodFees.reduce((sum, f) => sum + cents(f.total), 0);
      expect(bought.totals).toMatchObject({
        monthly_downpayment: payments.monthly.downpayment,
        monthly_installment: payments.monthly.installment,
        monthly_total: payments.monthly.total,
        annual_total: payments.annual.total,
        payment_period: period,
      });
      expect(cents(bought.totals!.fees)).toBe(feeCents);
      expect(cents(bought.totals!.policy)).toBe(cents(bought.totals!.new_written_premium) + feeCents);
      const charges = await chargesOf(bought.uuid);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ outcome: 'ok', amount_cents: cents(due), token });

      const policies = await db()
        .selectFrom('policies')
        .selectAll()
        .where('quote_uuid', '=', bought.uuid)
        .execute();
      expect(policies).toHaveLength(2);
      expect(new Set(policies.map((p) => p.customer_id))).toEqual(new Set([bought.customer_id]));
      expect(policies.every((p) => p.init_pay_successful && p.payment_period === period)).toBe(true);
      const customer = await db()
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', bought.customer_id!)
        .executeTakeFirstOrThrow();
      expect(customer).toMatchObject({
        email: checkout.customer!.email,
        address_line_2: 'Suite 200',
        state: 'TX',
        zip: '78701',
      });
      // The log records what the customer was charged and with which request.
      const succeeded = await db()
        .selectFrom('events')
        .select('data')
        .where('stream_id', '=', bought.uuid)
        .where('type', '=', 'quote.purchaseSucceeded')
        .executeTakeFirstOrThrow();
      expect(succeeded.data).toMatchObject({
        amountCents: cents(due),
        paymentPeriod: period,
        method: 'card',
        last4: '4242',
        chargeId: charges[0]!.charge_id,
      });
      expect(await eventTypes(bought.uuid)).toEqual([
        'quote.started',
        'quote.petsRated',
        'quote.underwritingAnswered',
        'quote.coverageChosen',
        'quote.checkoutSubmitted',
        'quote.purchaseSucceeded',
      ]);
    },
  );

  it('pays with a bank account, and a declining test account fails like a card', async () => {
    const bankToken = async (accountNumber: string) => {
      const session = await e.get('/v1/one-inc-session', AGENT);
      const id = (session.body as { data: { session_id: string } }).data.session_id;
      const method = await e.post(`/v1/one-inc-session/${id}/payment-methods`, AGENT, {
        type: 'bank',
        bank: { routingNumber: '021000021', accountNumber, accountType: 'savings', name: 'Ada Lovelace' },
      });
      expectStatus(method, 200);
      return (method.body as { data: { token: string } }).data.token;
    };
    const declined = await buy(purchaseOf(await quoteAtCheckout(q), await bankToken('000000009995')));
    // Told as a decline, never why (a card tester learns a live card from "insufficient funds").
    expect(declined.payment_error).toEqual({ reason: 'card_declined', message: 'The payment was declined.' });
    const bought = await buy(purchaseOf(await quoteAtCheckout(q), await bankToken('000123456789')));
    expect(bought.step).toBe('thankYou');
    expect(bought.payment).toEqual({ method: 'bank', last4: '6789', period: 'MONTHLY' });
  });

  it('charges a repeated requestId once and answers it from the log', async () => {
    const checkout = await quoteAtCheckout(q);
    const data = purchaseOf(checkout, await tokenFor(e));
    const first = await buy(data);
    const again = await buy(data);
    expect(again).toEqual(first);
    expect(await chargesOf(checkout.uuid)).toHaveLength(1);
    // A new requestId after purchase is refused by the journey.
    const another = await q.act('POST', 'purchase', { ...data, requestId: crypto.randomUUID() });
    expect(expectError(another, 409).message).toMatch(/thank you step/);
    expect(await chargesOf(checkout.uuid)).toHaveLength(1);
  });

  it('finishes a purchase interrupted between the charge and its outcome', async () => {
    const checkout = await quoteAtCheckout(q);
    const data = purchaseOf(checkout, await tokenFor(e));
    const bought = await buy(data);
    // Take the outcome out of the log, as if the process had stopped right after charging.
    await withoutAppendOnlyGuard(db(), async (trx) => {
      await trx
        .deleteFrom('events')
        .where(
          'stream_id',
          'in',
          bought.policies.map((p) => p.policy_number),
        )
        .execute();
      await trx
        .deleteFrom('events')
        .where('stream_id', '=', bought.uuid)
        .where('type', '=', 'quote.purchaseSucceeded')
        .execute();
    });
    await db().deleteFrom('policies').where('quote_uuid', '=', bought.uuid).execute();
    await db()
      .updateTable('quotes')
      .set({ journey_state: 'purchasing', policy_number: null, purchased_at: null })
      .where('uuid', '=', bought.uuid)
      .execute();
    const chargeId = (await chargesOf(bought.uuid))[0]!.charge_id;

    const resumed = await buy(data);
    expect(resumed.step).toBe('thankYou');
    expect(resumed.policies).toHaveLength(2);
    const charges = await chargesOf(bought.uuid);
    expect(charges.map((c) => c.charge_id)).toEqual([chargeId]);
  });

  it('goes to payment failed on a declined card and on to thank you with another', async () => {
    const checkout = await quoteAtCheckout(q);
    const failed = await buy(purchaseOf(checkout, await tokenFor(e, AGENT, DECLINED_CARD)));
    expect(failed.step).toBe('paymentFailed');
    expect(failed.route).toBe(`/quotes/journey/checkout/${failed.uuid}`);
    expect(failed.payment_error).toEqual({ reason: 'card_declined', message: 'The payment was declined.' });
    expect(failed.policies).toEqual([]);

    const poor = await q.command('retryPayment', {
      uuid: failed.uuid,
      requestId: crypto.randomUUID(),
      payment: { token: await tokenFor(e, AGENT, NO_FUNDS_CARD) },
    });
    expect(poor.step).toBe('paymentFailed');
    // The agent reads "declined"; the quote's record keeps the service's reason for staff.
    expect(poor.payment_error).toEqual({ reason: 'card_declined', message: 'The payment was declined.' });
    const kept = await db()
      .selectFrom('quotes')
      .select(['payment_error_reason', 'payment_error_message'])
      .where('uuid', '=', failed.uuid)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      payment_error_reason: 'insufficient_funds',
      payment_error_message: 'The payment was declined for insufficient funds.',
    });

    const retried = await q.command('retryPayment', {
      uuid: failed.uuid,
      version: poor.version,
      requestId: crypto.randomUUID(),
      paymentPeriod: 'ANNUAL',
      payment: { token: await tokenFor(e) },
    });
    expect(retried.step).toBe('thankYou');
    expect(retried.payment_error).toBeNull();
    expect(retried.payment).toEqual({ method: 'card', last4: '4242', period: 'ANNUAL' });
    const charges = await chargesOf(failed.uuid);
    expect(charges.map((c) => c.outcome)).toEqual(['declined', 'declined', 'ok']);
    expect(charges[2]!.amount_cents).toBe(cents(retried.totals!.annual_total));
    expect(await eventTypes(failed.uuid)).toEqual([
      'quote.started',
      'quote.petsRated',
      'quote.underwritingAnswered',
      'quote.coverageChosen',
      'quote.checkoutSubmitted',
      'quote.purchaseFailed',
      'quote.paymentRetried',
      'quote.purchaseFailed',
      'quote.paymentRetried',
      'quote.purchaseSucceeded',
    ]);
  });

  it('goes back from payment failed to checkout and from checkout to coverage', async () => {
    const checkout = await quoteAtCheckout(q);
    const failed = await buy(purchaseOf(checkout, await tokenFor(e, AGENT, DECLINED_CARD)));
    const back = await q.command('back', { uuid: failed.uuid });
    expect(back.step).toBe('checkout');
    expect(back.payment_error).toBeNull();
    expect((await q.command('back', { uuid: failed.uuid })).step).toBe('coverage');
    // Retrying is only for a failed payment.
    const retry = await q.act('POST', 'retryPayment', {
      uuid: failed.uuid,
      requestId: crypto.randomUUID(),
      payment: { token: await tokenFor(e) },
    });
    expect(expectError(retry, 409).message).toMatch(/coverage step/);
  });

  it('flags a disposable e-mail; acknowledged, the purchase goes through', async () => {
    const checkout = await quoteAtCheckout(q, {
      customer: uniqueCustomer({ email: `ada.${Date.now()}@mailinator.com` }),
    });
    const before = await q.act('GET', 'fraudWarning', { uuid: checkout.uuid });
    expectStatus(before, 200);
    expect(before.body).toMatchObject({
      data: { flagged: true, reason: expect.stringMatching(/mailinator/) },
    });
    expect(await eventTypes(checkout.uuid)).toHaveLength(4);

    const token = await tokenFor(e);
    const flagged = await buy(purchaseOf(checkout, token));
    expect(flagged.step).toBe('fraudWarning');
    expect(flagged.fraud_warning).toMatch(/mailinator\.com, a disposable mailbox service/);
    expect(flagged.fraud_acknowledged).toBe(false);
    expect(await chargesOf(checkout.uuid)).toHaveLength(0);

    const acknowledged = await q.command('acknowledgeFraud', { uuid: checkout.uuid });
    expect(acknowledged).toMatchObject({ step: 'checkout', fraud_acknowledged: true });
    const warning = await q.act('GET', 'fraudWarning', { uuid: checkout.uuid });
    expect(warning.body).toMatchObject({ data: { flagged: false, reason: null } });
    const bought = await buy(purchaseOf(checkout, token));
    expect(bought.step).toBe('thankYou');
    expect(await chargesOf(checkout.uuid)).toHaveLength(1);
  });

  it('flags an e-mail of a policyholder with another name, and repeated declines', async () => {
    const first = await quoteAtCheckout(q);
    await buy(purchaseOf(first, await tokenFor(e)));
    const impostor = await quoteAtCheckout(q, {
      customer: uniqueCustomer({ email: first.customer!.email, firstName: 'Eve', lastName: 'Mallory' }),
    });
    const flagged = await buy(purchaseOf(impostor, await tokenFor(e)));
    expect(flagged.step).toBe('fraudWarning');
    expect(flagged.fraud_warning).toMatch(/another name/);

    // Three declines for one customer within a day flag their next purchase.
    const customer = uniqueCustomer();
    const declining = await quoteAtCheckout(q, { customer });
    let quote = await buy(purchaseOf(declining, await tokenFor(e, AGENT, DECLINED_CARD)));
    for (let i = 0; i < 2; i++) {
      quote = await q.command('retryPayment', {
        uuid: quote.uuid,
        requestId: crypto.randomUUID(),
        payment: { token: await tokenFor(e, AGENT, DECLINED_CARD) },
      });
    }
    expect(quote.step).toBe('paymentFailed');
    const next = await quoteAtCheckout(q, { customer });
    const stopped = await buy(purchaseOf(next, await tokenFor(e)));
    expect(stopped.step).toBe('fraudWarning');
    expect(stopped.fraud_warning).toMatch(/declined 3 times/);
  });

  it('abandons a flagged quote for good', async () => {
    const checkout = await quoteAtCheckout(q, {
      customer: uniqueCustomer({ email: `x.${Date.now()}@guerrillamail.com` }),
    });
    const token = await tokenFor(e);
    await buy(purchaseOf(checkout, token));
    const abandoned = await q.command('abandonQuote', { uuid: checkout.uuid });
    expect(abandoned).toMatchObject({ step: 'abandoned', route: '/quotes' });
    for (const [action, data] of [
      ['acknowledgeFraud', { uuid: checkout.uuid }],
      ['back', { uuid: checkout.uuid }],
      ['purchase', purchaseOf(checkout, token)],
      ['retryPayment', { uuid: checkout.uuid, requestId: crypto.randomUUID(), payment: { token } }],
      ['abandonQuote', { uuid: checkout.uuid }],
      ['chooseCoverage', { uuid: checkout.uuid, pets: checkout.pets.map((p) => ({ petId: p.id })) }],
    ] as const) {
      const response = await q.act('POST', action, data);
      expect(expectError(response, 409).message).toMatch(/abandoned step/);
    }
    expect((await eventTypes(checkout.uuid)).at(-1)).toBe('quote.abandoned');
    expect(await chargesOf(checkout.uuid)).toHaveLength(0);
  });

  it('refuses acknowledging or abandoning without a warning', async () => {
    const checkout = await quoteAtCheckout(q);
    for (const action of ['acknowledgeFraud', 'abandonQuote']) {
      const response = await q.act('POST', action, { uuid: checkout.uuid });
      expect(expectError(response, 409).message).toMatch(/checkout step/);
    }
  });

  it('changes nothing on bad input', async () => {
    const checkout = await quoteAtCheckout(q);
    const token = await tokenFor(e);
    const good = purchaseOf(checkout, token);
    const unknown = await q.act('POST', 'purchase', { ...good, uuid: crypto.randomUUID() });
    expectError(unknown, 404);
    invalid(await q.act('POST', 'purchase', { ...good, uuid: 'nope' }), {
      'data.uuid': ['uuid must be a UUID'],
    });
    invalid(
      await q.act('POST', 'purchase', { ...good, electronicDeliveryConsent: false, termsAccepted: false }),
      {
        'data.electronicDeliveryConsent': ['The customer must consent to electronic delivery.'],
        'data.termsAccepted': ['The customer must accept the terms and conditions.'],
      },
    );
    const missing = await q.act('POST', 'purchase', { ...good, paymentPeriod: 'WEEKLY', requestId: 'x' });
    expect(Object.keys(expectValidationError(missing, []).errors).sort()).toEqual([
      'data.paymentPeriod',
      'data.requestId',
    ]);
    invalid(await q.act('POST', 'purchase', { ...good, payment: { token: 'tok_card_nope' } }), {
      'data.payment.token': ['The payment method is not known; enter it again.'],
    });
    // A token someone else made is as unknown as a made-up one.
    const othersToken = await tokenFor(e, MANAGER);
    invalid(await q.act('POST', 'purchase', { ...good, payment: { token: othersToken } }), {
      'data.payment.token': ['The payment method is not known; enter it again.'],
    });
    // A stale version.
    const stale = await q.act('POST', 'purchase', { ...good, version: 1 });
    expectError(stale, 409);
    // Another agency's quote is not found.
    const internal = await quoteAtCheckout(q, { email: INTERNAL });
    const foreign = await q.act('POST', 'purchase', purchaseOf(internal, token));
    expectError(foreign, 404);

    expect(await eventTypes(checkout.uuid)).toHaveLength(4);
    expect(await chargesOf(checkout.uuid)).toHaveLength(0);
    expect((await q.view(checkout.uuid)).step).toBe('checkout');
    // A Luhn-failing card never becomes a token.
    const session = await e.get('/v1/one-inc-session', AGENT);
    const id = (session.body as { data: { session_id: string } }).data.session_id;
    const bad = await e.post(`/v1/one-inc-session/${id}/payment-methods`, AGENT, {
      type: 'card',
      card: { number: '4242 4242 4242 4241', expiry: '12/29', cvc: '123', name: 'Ada', zip: '78701' },
    });
    invalid(bad, { 'card.number': ['The card number is not valid.'] });
    expect((await buy(good)).step).toBe('thankYou');
  });

  it('purchases for an agency as an internal agent acting for it', async () => {
    const header = { headers: { agentEntityCode: NORTHWIND_AUSTIN }, email: INTERNAL };
    const checkout = await quoteAtCheckout(q, header);
    expect(checkout.entity_code).toBe(NORTHWIND_AUSTIN);
    const token = await tokenFor(e, INTERNAL);
    const response = await q.act('POST', 'purchase', purchaseOf(checkout, token), header);
    expectStatus(response, 200);
    const bought = QuoteCommandAnswer.parse(response.body).data.quote;
    expect(bought.step).toBe('thankYou');
    const policies = await db()
      .selectFrom('policies')
      .innerJoin('entities', 'entities.id', 'policies.entity_id')
      .select('entities.entity_code')
      .where('quote_uuid', '=', bought.uuid)
      .execute();
    expect(policies.map((p) => p.entity_code)).toEqual([NORTHWIND_AUSTIN, NORTHWIND_AUSTIN]);

    // The same through meta.agent.entityCode; the agency's own agent then sees the purchase.
    const meta = { meta: { agent: { entityCode: NORTHWIND_AUSTIN } }, email: INTERNAL };
    const other = await quoteAtCheckout(q, meta);
    const answer = await q.act('POST', 'purchase', purchaseOf(other, token), meta);
    expectStatus(answer, 200);
    expect((await q.view(other.uuid, AGENT)).step).toBe('thankYou');
  });

  it('rebuilds the purchase read tables from the log', async () => {
    const checkout = await quoteAtCheckout(q);
    const bought = await buy(purchaseOf(checkout, await tokenFor(e), { paymentPeriod: 'ANNUAL' }));
    const rows = async () => ({
      policies: await db().selectFrom('policies').selectAll().orderBy('policy_number').execute(),
      customers: await db().selectFrom('customers').selectAll().orderBy('id').execute(),
      quote: await q.view(bought.uuid),
    });
    const before = await rows();
    await rebuildProjections(db());
    expect(await rows()).toEqual(before);
  });

  it('keeps a card number out of the database', async () => {
    await tokenFor(e, AGENT, GOOD_CARD);
    const rows = await db().selectFrom('payment_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/4242424242424242|4242 4242 4242 4242/);
  });
});

// Two server processes of one deployment share the database: the same requestId sent to both at once is
// charged once, and both answer the one outcome.
describe.skipIf(!process.env.TEST_DATABASE_URL)('quote purchase across two processes', () => {
  const first = useTestServer('postgres');
  const second = {} as { t: TestServer; api: Api };
  beforeAll(async () => {
    second.t = await startTestServer('postgres', {}, { shareWith: first.t });
    second.api = apiFor(second.t.url);
  });
  afterAll(async () => {
    await second.t?.close();
  });

  it('charges a requestId sent to both processes once', async () => {
    const a = quoteApi(entityApi(() => first.api));
    const eb = entityApi(() => second.api);
    const b = quoteApi(eb);
    const checkout = await quoteAtCheckout(a);
    const data = purchaseOf(checkout, await tokenFor(eb));
    const [one, two] = await Promise.all([a.act('POST', 'purchase', data), b.act('POST', 'purchase', data)]);
    expectStatus(one, 200);
    expectStatus(two, 200);
    const answers = [one, two].map((r) => QuoteCommandAnswer.parse(r.body).data.quote);
    // Whichever lost the race may answer while the winner is still charging; asked again, both agree.
    expect(answers.some((quote) => quote.step === 'thankYou')).toBe(true);
    const again = QuoteCommandAnswer.parse((await b.act('POST', 'purchase', data)).body).data.quote;
    expect(again.step).toBe('thankYou');
    const db = first.t.server.database.db;
    const charges = await db
      .selectFrom('payment_charges')
      .selectAll()
      .where('idempotency_key', 'like', `quote:${checkout.uuid}:%`)
      .execute();
    expect(charges).toHaveLength(1);
    const policies = await db
      .selectFrom('policies')
      .select('policy_number')
      .where('quote_uuid', '=', checkout.uuid)
      .execute();
    expect(policies).toHaveLength(2);
  });
});
