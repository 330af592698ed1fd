import { describe, expect, it } from 'vitest';
import { PaymentMethodResponse, PaymentSessionResponse } from '../../src/api/schemas/quotePurchase';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, MANAGER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v1/one-inc-session and POST …/{sessionId}/payment-methods (docs/payments.md): the sandbox stand-in
// for the processor's hosted form. A card or account goes in once, a token comes out; only the token, the
// last four digits, the name and a card's expiry are kept.
const card = {
  number: '4242 4242 4242 4242',
  expiry: '12/29',
  cvc: '123',
  name: 'Ada Lovelace',
  zip: '78701',
};
const bank = {
  routingNumber: '021000021',
  accountNumber: '000123456789',
  accountType: 'checking',
  name: 'Ada Lovelace',
};

describe.each(testDatabases())('payment session on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  async function sessionOf(email = AGENT): Promise<string> {
    const response = await e.get('/v1/one-inc-session', email);
    expectStatus(response, 200);
    return PaymentSessionResponse.parse(response.body).data.session_id;
  }
  const addMethod = (sessionId: string, body: unknown, email = AGENT) =>
    e.post(`/v1/one-inc-session/${sessionId}/payment-methods`, email, body);
  function invalid(response: Parameters<typeof expectValidationError>[0], fields: Record<string, string[]>) {
    expect(expectValidationError(response, Object.keys(fields)).errors).toEqual(fields);
  }

  it('opens a sandbox session that expires in Central time', async () => {
    const response = await e.get('/v1/one-inc-session', AGENT);
    expectStatus(response, 200);
    const { data } = PaymentSessionResponse.parse(response.body);
    expect(data.mode).toBe('sandbox');
    expect(data.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}-0[56]:00$/);
    const minutes = (new Date(data.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('tokenizes a card and a bank account, keeping no full number', async () => {
    const session = await sessionOf();
    const carded = await addMethod(session, { type: 'card', card });
    expectStatus(carded, 200);
    expect(PaymentMethodResponse.parse(carded.body).data).toEqual({
      token: expect.stringMatching(/^tok_card_/),
      type: 'card',
      last4: '4242',
      name: 'Ada Lovelace',
      expiry: '12/29',
    });
    const banked = await addMethod(session, { type: 'bank', bank });
    expectStatus(banked, 200);
    expect(PaymentMethodResponse.parse(banked.body).data).toMatchObject({
      type: 'bank',
      last4: '6789',
      expiry: null,
    });
    const stored = await db().selectFrom('payment_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|000123456789/);
  });

  it('names every wrong field of a card and of a bank account', async () => {
    const session = await sessionOf();
    invalid(
      await addMethod(session, {
        type: 'card',
        card: { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', name: ' ', zip: '7870' },
      }),
      {
        'card.number': ['The card number is not valid.'],
        'card.expiry': ['The card has expired.'],
        'card.cvc': ['The security code must be 3 or 4 digits.'],
        'card.name': ['The name on the card is required.'],
        'card.zip': ['The billing zip code must be 5 digits.'],
      },
    );
    invalid(await addMethod(session, { type: 'card', card: { ...card, expiry: 'soon' } }), {
      'card.expiry': ['The expiry must be MM/YY.'],
    });
    invalid(
      await addMethod(session, {
        type: 'bank',
        bank: { routingNumber: '021000022', accountNumber: '12', accountType: 'brokerage', name: '' },
      }),
      {
        'bank.routingNumber': ['The routing number is not valid.'],
        'bank.accountNumber': ['The account number must be 4 to 17 digits.'],
        'bank.accountType': ['The account type must be checking or savings.'],
        'bank.name': ['The account holder name is required.'],
      },
    );
    expectValidationError(await addMethod(session, { type: 'card', card: { ...card, cvc: undefined } }), [
      'card.cvc',
    ]);
    expectValidationError(await addMethod(session, { type: 'cash' }), ['type']);
    const made = await db()
      .selectFrom('payment_tokens')
      .select('token')
      .where('session_id', '=', session)
      .execute();
    expect(made).toHaveLength(0);
  });

  it('takes methods only into the caller’s own live session', async () => {
    const session = await sessionOf(AGENT);
    expectError(await addMethod(session, { type: 'card', card }, MANAGER), 404);
    expectError(await addMethod(crypto.randomUUID(), { type: 'card', card }), 404);
    expectValidationError(await addMethod('nope', { type: 'card', card }), ['sessionId']);
    await db()
      .updateTable('payment_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', session)
      .execute();
    expectError(await addMethod(session, { type: 'card', card }), 404);
  });

  it('is for quoting users only', async () => {
    expectError(await s.api.get('/v1/one-inc-session'), 401);
    expectError(await e.get('/v1/one-inc-session', ACCOUNTING), 403);
    const session = await sessionOf(INTERNAL);
    expectError(await addMethod(session, { type: 'card', card }, ACCOUNTING), 403);
    expectStatus(await addMethod(session, { type: 'card', card }, INTERNAL), 200);
  });
});
