import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AddPaymentMethodResponse,
  LookupResponse,
  RentersPaymentMethodListResponse,
  RentersPaymentMethodResponse,
  SetupIntentResponse,
  TokenizeResponse,
} from '../../src/api/schemas/rentersPaymentMethods';
import { readStream } from '../../src/server/store/eventStore';
import { rebuildProjections } from '../../src/server/projections';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { AGENT, INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN, REPORTS } from '../support/personas';
import { entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { PAYING_CARD, rentersCoverage, rentersCustomer, rentersQuoteApi } from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The renters payment method update (docs/payments.md "Renters payment methods"): setup intent → tokenize
// → add as primary, the customer's account and methods, the policies told, privileges and scope.
const NEW_CARD = '5555555555554444';
const card = (number = NEW_CARD) => ({
  number,
  expiry: '11/30',
  cvc: '321',
  name: 'Grace Hopper',
  zip: '78702',
});
const uniqueEmail = () => `pm.${randomBytes(4).toString('hex')}@example.test`;

describe.each(testDatabases())('renters payment methods on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const db = () => s.t.server.database.db;

  // A renters policy bought through the quote API by agent@ (Northwind Austin) for a customer of its own.
  async function buy(email = uniqueEmail()) {
    const quote = await r.start();
    const base = `/v2/renters/quotes/${quote.id}`;
    await r.step(`${base}/coverage`, rentersCoverage);
    await r.step(`${base}/customer`, {
      ...rentersCustomer,
      customer: { ...rentersCustomer.customer, email },
    });
    const token = await r.token(PAYING_CARD);
    const review = await r.step(`${base}/payment-method`, { token, billing_zip_code: '78701' });
    const bought = await r.step(`${base}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total: review.premium!.total,
    });
    const policy = await db()
      .selectFrom('renters_policies')
      .select(['policy_number', 'customer_id', 'matter_id'])
      .where('policy_number', '=', bought.policy!.policy_number)
      .executeTakeFirstOrThrow();
    return { token, policyNumber: policy.policy_number, customerId: policy.customer_id };
  }

  const paths = (customerId: number) => {
    const customer = `/v2/renters/customers/${customerId}`;
    return {
      list: `${customer}/payment_methods`,
      intent: `${customer}/payment_accounts/active/payment_methods/setup-intent`,
      add: (accountId: string) => `${customer}/payment_accounts/${accountId}/payment_methods`,
      method: (accountId: string, methodId: string) =>
        `${customer}/payment_accounts/${accountId}/payment_methods/${methodId}`,
    };
  };

  async function methods(customerId: number, email = INTERNAL) {
    const response = await e.get(paths(customerId).list, email);
    expectStatus(response, 200);
    return RentersPaymentMethodListResponse.parse(response.body).data;
  }

  async function openIntent(customerId: number, email = INTERNAL) {
    const response = await e.get(paths(customerId).intent, email);
    expectStatus(response, 200);
    return SetupIntentResponse.parse(response.body).data;
  }

  const tokenize = (setupIntentId: string, email = INTERNAL, number = NEW_CARD) =>
    e.post('/v2/renters/tokenize', email, {
      data: { setup_intent_id: setupIntentId, type: 'card', card: card(number) },
    });

  const add = (customerId: number, accountId: string, setupIntentId: string, email = INTERNAL) =>
    e.post(paths(customerId).add(accountId), email, {
      data: { setup_intent_id: setupIntentId, is_primary: true },
    });

  const policyEvents = (policyNumber: string) =>
    db()
      .transaction()
      .execute((trx) => readStream(trx, 'renters_policy', policyNumber));

  async function tokenCount(): Promise<number> {
    const rows = await db().selectFrom('payment_tokens').select('token').execute();
    return rows.length;
  }

  it('makes the purchase method primary, then replaces it through a setup intent', async () => {
    const { token, policyNumber, customerId } = await buy();

    const [bought, ...none] = await methods(customerId);
    expect(none).toEqual([]);
    expect(bought).toMatchObject({
      typeCode: 'card',
      processorPaymentMethodId: token,
      last4: '4242',
      billingZipCode: '78701',
      isActive: true,
      isPrimary: true,
    });

    const intent = await openIntent(customerId);
    expect(intent.payment_account_id).toBe(bought!.paymentAccountId);
    expect(new Date(intent.expires_at).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);

    const tokenized = await tokenize(intent.setup_intent_id);
    expectStatus(tokenized, 200);
    expect(TokenizeResponse.parse(tokenized.body).data).toEqual({
      setup_intent_id: intent.setup_intent_id,
      type: 'card',
      last_4: '4444',
      billing_zip_code: '78702',
    });
    // The number never comes back, whole or in part beyond the last four.
    expect(tokenized.text).not.toContain(NEW_CARD);

    const looked = await e.get(
      `/v2/renters/payment-methods/lookup?setupIntentId=${intent.setup_intent_id}`,
      INTERNAL,
    );
    expectStatus(looked, 200);
    expect(LookupResponse.parse(looked.body).data).toMatchObject({
      status: 'tokenized',
      type: 'card',
      last_4: '4444',
      payment_method_id: null,
    });

    const added = await add(customerId, intent.payment_account_id, intent.setup_intent_id);
    expectStatus(added, 201);
    const { data: method, meta } = AddPaymentMethodResponse.parse(added.body);
    expect(method).toMatchObject({
      paymentAccountId: intent.payment_account_id,
      typeCode: 'card',
      last4: '4444',
      billingZipCode: '78702',
      isActive: true,
      isPrimary: true,
    });
    expect(method.processorPaymentMethodId).toMatch(/^tok_card_/);
    expect(meta.policy_numbers).toEqual([policyNumber]);

    // The old method stays on the account, inactive; the new one is listed first.
    const after = await methods(customerId);
    expect(after.map((m) => [m.last4, m.isPrimary, m.isActive])).toEqual([
      ['4444', true, true],
      ['4242', false, false],
    ]);

    const one = await e.get(paths(customerId).method(intent.payment_account_id, method.id!), INTERNAL);
    expectStatus(one, 200);
    expect(RentersPaymentMethodResponse.parse(one.body).data).toEqual(method);
    const viaActive = await e.get(paths(customerId).method('active', method.id!), INTERNAL);
    expectStatus(viaActive, 200);
    // SPEC §7 "query include": the account the method is kept under, by name; anything else is a 422.
    const withAccount = await e.get(
      `${paths(customerId).method('active', method.id!)}?include=payment_account`,
      INTERNAL,
    );
    expectStatus(withAccount, 200);
    expect((withAccount.body as { data: Record<string, unknown> }).data).toMatchObject({
      id: method.id,
      last_4: '4444',
      payment_account: { id: intent.payment_account_id, customer_id: customerId },
    });
    expect((viaActive.body as { data: Record<string, unknown> }).data).not.toHaveProperty('payment_account');
    expectValidationError(
      await e.get(`${paths(customerId).method('active', method.id!)}?include=card_secrets`, INTERNAL),
      ['include'],
    );

    // The policy's log says which method bills it now.
    const events = await policyEvents(policyNumber);
    const changed = events.filter((ev) => ev.type === 'renters.paymentMethodChanged');
    expect(changed.map((ev) => ev.data)).toEqual([
      { methodId: method.id, type: 'card', last4: '4444', billingZipCode: '78702' },
    ]);
    // Its billing charges the new card from now on.
    const billing = await s.t.server.database.db
      .selectFrom('billing_accounts')
      .select(['token', 'method', 'last4'])
      .where('line', '=', 'renters')
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    expect(billing).toEqual({ token: method.processorPaymentMethodId, method: 'card', last4: '4444' });

    const lookedAgain = await e.get(
      `/v2/renters/payment-methods/lookup?setupIntentId=${intent.setup_intent_id}`,
      INTERNAL,
    );
    expect(LookupResponse.parse(lookedAgain.body).data).toMatchObject({
      status: 'attached',
      payment_method_id: method.id,
    });

    // The intent is spent: neither step runs twice.
    const again = await add(customerId, intent.payment_account_id, intent.setup_intent_id);
    expect(expectError(again, 409).message).toContain('already used');
    expect(expectError(await tokenize(intent.setup_intent_id), 409).message).toContain('already used');
    expect(await methods(customerId)).toHaveLength(2);
    expect(
      (await policyEvents(policyNumber)).filter((ev) => ev.type === 'renters.paymentMethodChanged'),
    ).toHaveLength(1);
  });

  it('refuses a bad card with field messages and stores nothing, then takes a good one', async () => {
    const { customerId } = await buy();
    const intent = await openIntent(customerId);
    const tokensBefore = await tokenCount();

    const bad = await tokenize(intent.setup_intent_id, INTERNAL, '4242424242424241');
    expectValidationError(bad, ['data.card.number']);
    const badExpiry = await e.post('/v2/renters/tokenize', INTERNAL, {
      data: { setup_intent_id: intent.setup_intent_id, type: 'card', card: { ...card(), expiry: '13/30' } },
    });
    expectValidationError(badExpiry, ['data.card.expiry']);
    const shapeless = await e.post('/v2/renters/tokenize', INTERNAL, {
      data: { setup_intent_id: 'nope', type: 'card', card: { number: NEW_CARD } },
    });
    expectValidationError(shapeless, ['data.setup_intent_id', 'data.card.expiry']);
    expect(await tokenCount()).toBe(tokensBefore);

    // Nothing to add yet: the intent holds no method.
    const early = await add(customerId, intent.payment_account_id, intent.setup_intent_id);
    expect(expectError(early, 409).message).toContain('No payment method');
    expect(await methods(customerId)).toHaveLength(1);

    // The same intent takes the corrected details, here a bank account in the renters wire's snake_case
    // (the portal's camelCase is read alike); a refusal names the field as sent.
    const misspelt = await e.post('/v2/renters/tokenize', INTERNAL, {
      data: {
        setup_intent_id: intent.setup_intent_id,
        type: 'bank',
        bank: { routing_number: '021000021', account_number: '000123456789', name: 'Grace Hopper' },
      },
    });
    expect(Object.keys(expectValidationError(misspelt, ['data.bank.account_type']).errors)).toEqual([
      'data.bank.account_type',
    ]);
    const bank = await e.post('/v2/renters/tokenize', INTERNAL, {
      data: {
        setup_intent_id: intent.setup_intent_id,
        type: 'bank',
        bank: {
          routing_number: '021000021',
          account_number: '000123456789',
          account_type: 'checking',
          name: 'Grace Hopper',
        },
        billing_zip_code: '78701',
      },
    });
    expectStatus(bank, 200);
    expect(await tokenCount()).toBe(tokensBefore + 1);
    const added = await add(customerId, 'active', intent.setup_intent_id);
    expectStatus(added, 201);
    expect(AddPaymentMethodResponse.parse(added.body).data).toMatchObject({
      typeCode: 'bank',
      last4: '6789',
      billingZipCode: '78701',
      isPrimary: true,
    });
  });

  it('tells every current policy of the customer, and shows a fixture policy method as on file', async () => {
    const austin = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const email = uniqueEmail();
    const first = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: austin, email }));
    const second = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: austin, email }));
    expect(second.customerId).toBe(first.customerId);

    // Issued with a token the payment service never made: no account method, the sale's last four on file.
    expect(await methods(first.customerId)).toEqual([
      {
        id: null,
        paymentAccountId: null,
        typeCode: 'card',
        processorPaymentMethodId: null,
        last4: '4242',
        billingZipCode: null,
        isActive: true,
        isPrimary: true,
      },
    ]);

    const intent = await openIntent(first.customerId, MANAGER);
    expectStatus(await tokenize(intent.setup_intent_id, MANAGER), 200);
    const added = await add(first.customerId, intent.payment_account_id, intent.setup_intent_id, MANAGER);
    expectStatus(added, 201);
    const { data: method, meta } = AddPaymentMethodResponse.parse(added.body);
    expect(meta.policy_numbers.toSorted()).toEqual([first.policyNumber, second.policyNumber].toSorted());
    for (const policyNumber of [first.policyNumber, second.policyNumber]) {
      const events = await policyEvents(policyNumber);
      expect(events.at(-1)).toMatchObject({
        type: 'renters.paymentMethodChanged',
        data: { methodId: method.id, type: 'card', last4: '4444' },
      });
    }
    expect(await methods(first.customerId, MANAGER)).toHaveLength(1);
  });

  it('makes a later purchase with another card the primary method of all the policies', async () => {
    const email = uniqueEmail();
    const first = await buy(email);
    const second = await buy(email);
    expect(second.customerId).toBe(first.customerId);
    const listed = await methods(first.customerId);
    expect(listed.map((m) => [m.processorPaymentMethodId, m.isPrimary, m.isActive])).toEqual([
      [second.token, true, true],
      [first.token, false, false],
    ]);
    // The first policy is billed by the new method now; the second's issue event already says so.
    const told = (await policyEvents(first.policyNumber)).filter(
      (ev) => ev.type === 'renters.paymentMethodChanged',
    );
    expect(told.map((ev) => ev.data)).toEqual([
      { methodId: listed[0]!.id, type: 'card', last4: '4242', billingZipCode: '78701' },
    ]);
    const own = await policyEvents(second.policyNumber);
    expect(own.some((ev) => ev.type === 'renters.paymentMethodChanged')).toBe(false);

    // The read tables are the log's: a rebuild gives the same methods.
    await rebuildProjections(db());
    expect(await methods(first.customerId)).toEqual(listed);
  });

  it('checks privileges, scope, the intent owner and expiry', async () => {
    const { customerId } = await buy();
    const p = paths(customerId);

    // agent@ may search renters policies but not open them; reports@ has no renters privilege.
    for (const email of [AGENT, REPORTS]) {
      expectError(await e.get(p.list, email), 403);
      expectError(await e.get(p.intent, email), 403);
      expectError(await e.get(p.method('active', randomUUID()), email), 403);
      expectError(
        await e.post('/v2/renters/tokenize', email, {
          data: { setup_intent_id: randomUUID(), type: 'card', card: card() },
        }),
        403,
      );
      expectError(await add(customerId, 'active', randomUUID(), email), 403);
    }

    // manager@ (Northwind) sees its agency's customer; a Lakeside customer is unknown to it.
    expect(await methods(customerId, MANAGER)).toHaveLength(1);
    const lakeside = await issueTestRentersPolicy(
      db(),
      rentersPolicyIssue({ entityId: await entityIdOf(db(), LAKESIDE) }),
    );
    const outside = paths(lakeside.customerId);
    expectError(await e.get(outside.list, MANAGER), 404);
    expectError(await e.get(outside.intent, MANAGER), 404);
    expect(await methods(lakeside.customerId, INTERNAL)).toHaveLength(1);
    expectError(await e.get(paths(999_999_999).list, INTERNAL), 404);

    // An intent is its opener's, for its customer only.
    const intent = await openIntent(customerId, MANAGER);
    expectError(await tokenize(intent.setup_intent_id, INTERNAL), 404);
    expectStatus(await tokenize(intent.setup_intent_id, MANAGER), 200);
    expectError(await add(customerId, intent.payment_account_id, intent.setup_intent_id, INTERNAL), 404);
    const lakesideIntent = await openIntent(lakeside.customerId, INTERNAL);
    // Another customer's account in the path is unknown.
    expectError(
      await add(customerId, lakesideIntent.payment_account_id, intent.setup_intent_id, MANAGER),
      404,
    );
    expectError(await e.get(p.method(lakesideIntent.payment_account_id, randomUUID()), MANAGER), 404);
    // The intent of one customer does not add to another.
    expectError(await add(lakeside.customerId, 'active', intent.setup_intent_id, INTERNAL), 404);

    // An expired intent is refused.
    await db()
      .updateTable('renters_setup_intents')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', intent.setup_intent_id)
      .execute();
    const late = await add(customerId, intent.payment_account_id, intent.setup_intent_id, MANAGER);
    expect(expectError(late, 409).message).toContain('expired');
    expect(await methods(customerId)).toHaveLength(1);
  });
});
