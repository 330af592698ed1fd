import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BankAccountDetails, CardDetails } from '../../src/server/domain/payments/paymentAdapter';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { openDatabase, type OpenDatabase } from '../../src/server/store/db';
import { migrateToLatest } from '../../src/server/store/migrate';

const NOW = new Date('2026-11-22T12:00:00Z');
const card: CardDetails = {
  number: '4242 4242 4242 4242',
  expiryMonth: 11,
  expiryYear: 2026,
  cvc: '123',
  name: 'Casey Customer',
  zip: '78701',
};
const account: BankAccountDetails = {
  routingNumber: '021000021',
  accountNumber: '123456789',
  name: 'Casey Customer',
  accountType: 'checking',
};

// Tokens and charges live in the database (docs/payments.md): an in-memory one, emptied before each test.
let database: OpenDatabase;
beforeAll(async () => {
  database = await openDatabase({});
  await migrateToLatest(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('payment_charges').execute();
  await database.db.deleteFrom('payment_tokens').execute();
});

function sandbox() {
  let n = 0;
  return createSandboxPaymentAdapter({ db: database.db, now: () => NOW, newId: () => `id${++n}` });
}

async function tokenOf(adapter: ReturnType<typeof sandbox>, details: Partial<CardDetails> = {}) {
  const result = await adapter.tokenizeCard({ ...card, ...details });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.payment;
}

describe('sandbox payment adapter: tokenizing', () => {
  it('keeps only a token and the last four digits of a good card', async () => {
    const payment = await tokenOf(sandbox());
    expect(payment).toEqual({
      token: 'tok_card_id1',
      method: 'card',
      last4: '4242',
      name: 'Casey Customer',
      expiry: '11/26',
    });
    const stored = await database.db.selectFrom('payment_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain('42424242');
    expect(JSON.stringify(payment)).not.toContain('42424242');
  });

  it('names each field that is wrong', async () => {
    const result = await sandbox().tokenizeCard({
      number: '4242 4242 4242 4241',
      expiryMonth: 10,
      expiryYear: 26,
      cvc: '12',
      name: ' ',
      zip: '7870',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        number: ['The card number is not valid.'],
        expiry: ['The card has expired.'],
        cvc: ['The security code must be 3 or 4 digits.'],
        name: ['The name on the card is required.'],
        zip: ['The billing zip code must be 5 digits.'],
      },
    });
  });

  it('takes a card through the last day of its expiry month', async () => {
    const adapter = sandbox();
    expect((await adapter.tokenizeCard({ ...card, expiryMonth: 11, expiryYear: 26 })).ok).toBe(true);
    expect((await adapter.tokenizeCard({ ...card, expiryMonth: 13 })).ok).toBe(false);
    expect((await adapter.tokenizeCard({ ...card, number: '4242' })).ok).toBe(false);
  });

  it('checks a bank account by its routing check digit', async () => {
    const adapter = sandbox();
    expect(await adapter.tokenizeBankAccount(account)).toEqual({
      ok: true,
      payment: { token: 'tok_bank_id1', method: 'bank', last4: '6789', name: 'Casey Customer', expiry: null },
    });
    expect(
      await adapter.tokenizeBankAccount({ ...account, routingNumber: '021000022', accountNumber: '12' }),
    ).toEqual({
      ok: false,
      errors: {
        routingNumber: ['The routing number is not valid.'],
        accountNumber: ['The account number must be 4 to 17 digits.'],
      },
    });
  });
});

describe('sandbox payment adapter: charging', () => {
  it('charges a good card once per idempotency key', async () => {
    const adapter = sandbox();
    const { token } = await tokenOf(adapter);
    const first = await adapter.charge({ token, amountCents: 4_599, idempotencyKey: 'quote-1:purchase:1' });
    expect(first).toEqual({ outcome: 'ok', chargeId: 'ch_id2', amountCents: 4_599, last4: '4242' });
    expect(await adapter.charge({ token, amountCents: 4_599, idempotencyKey: 'quote-1:purchase:1' })).toEqual(
      first,
    );
    expect(await adapter.chargeCount()).toBe(1);
    await adapter.charge({ token, amountCents: 4_599, idempotencyKey: 'quote-1:purchase:2' });
    expect(await adapter.chargeCount()).toBe(2);
  });

  it('answers a key from the database, so two processes never charge it twice', async () => {
    const first = sandbox();
    let m = 100;
    const second = createSandboxPaymentAdapter({
      db: database.db,
      now: () => NOW,
      newId: () => `other${++m}`,
    });
    const { token } = await tokenOf(first);
    expect(await second.findToken(token)).toMatchObject({ token, last4: '4242', method: 'card' });
    const [a, b] = await Promise.all([
      first.charge({ token, amountCents: 4_599, idempotencyKey: 'shared' }),
      second.charge({ token, amountCents: 4_599, idempotencyKey: 'shared' }),
    ]);
    expect(b).toEqual(a);
    expect(await second.chargeCount()).toBe(1);
  });

  it('refuses another charge under a used key', async () => {
    const adapter = sandbox();
    const { token } = await tokenOf(adapter);
    await adapter.charge({ token, amountCents: 100, idempotencyKey: 'k' });
    expect(await adapter.charge({ token, amountCents: 200, idempotencyKey: 'k' })).toMatchObject({
      outcome: 'declined',
      reason: 'idempotency_key_reused',
    });
    expect(await adapter.chargeCount()).toBe(1);
    await expect(adapter.charge({ token, amountCents: 100, idempotencyKey: ' ' })).rejects.toThrow(
      /idempotency/,
    );
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
  ])('declines test card %s with %s, the same way on a retry', async (number, reason) => {
    const adapter = sandbox();
    const { token } = await tokenOf(adapter, { number });
    const result = await adapter.charge({ token, amountCents: 4_599, idempotencyKey: 'k' });
    expect(result).toMatchObject({ outcome: 'declined', reason });
    expect(await adapter.charge({ token, amountCents: 4_599, idempotencyKey: 'k' })).toEqual(result);
    expect(await adapter.chargeCount()).toBe(0);
  });

  it.each([
    ['000000000002', 'card_declined'],
    ['000000009995', 'insufficient_funds'],
  ])('declines test account %s with %s', async (accountNumber, reason) => {
    const adapter = sandbox();
    const tokenized = await adapter.tokenizeBankAccount({ ...account, accountNumber });
    if (!tokenized.ok) throw new Error('test account refused');
    const result = await adapter.charge({
      token: tokenized.payment.token,
      amountCents: 100,
      idempotencyKey: 'k',
    });
    expect(result).toMatchObject({ outcome: 'declined', reason });
  });

  it('declines an unknown token and an amount that is not whole positive cents', async () => {
    const adapter = sandbox();
    const { token } = await tokenOf(adapter);
    expect(
      await adapter.charge({ token: 'tok_card_nope', amountCents: 100, idempotencyKey: 'a' }),
    ).toMatchObject({
      reason: 'unknown_token',
    });
    for (const [i, amountCents] of [0, -5, 12.5].entries())
      expect(await adapter.charge({ token, amountCents, idempotencyKey: `b${i}` })).toMatchObject({
        reason: 'invalid_amount',
      });
    expect(await adapter.chargeCount()).toBe(0);
  });
});
