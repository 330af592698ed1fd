import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { openDatabase, type OpenDatabase } from '../../src/server/store/db';
import { migrateToLatest } from '../../src/server/store/migrate';

// The sandbox's refunds (docs/cancellation.md "Refund"): back to a successful charge, never more than is
// left of it, at most once per idempotency key.
let database: OpenDatabase;
beforeAll(async () => {
  database = await openDatabase({});
  await migrateToLatest(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const sandbox = () => createSandboxPaymentAdapter({ db: database.db });

async function charged(amountCents: number): Promise<string> {
  const adapter = sandbox();
  const tokenized = await adapter.tokenizeCard({
    number: '4242 4242 4242 4242',
    expiryMonth: 12,
    expiryYear: 2030,
    cvc: '123',
    name: 'Casey Customer',
    zip: '78701',
  });
  if (!tokenized.ok) throw new Error('tokenize failed');
  const charge = await adapter.charge({
    token: tokenized.payment.token,
    amountCents,
    idempotencyKey: randomUUID(),
  });
  if (charge.outcome !== 'ok') throw new Error('charge failed');
  return charge.chargeId;
}

describe('sandbox payment adapter: refunds', () => {
  it('refunds part of a charge once per key, answering a repeat with the first refund', async () => {
    const chargeId = await charged(10_000);
    const first = await sandbox().refund({ chargeId, amountCents: 4_000, idempotencyKey: 'r1' });
    expect(first).toMatchObject({ outcome: 'ok', amountCents: 4_000 });
    // Another process, the same key: the same refund, nothing moved twice.
    expect(await sandbox().refund({ chargeId, amountCents: 4_000, idempotencyKey: 'r1' })).toEqual(first);
    expect(await sandbox().refund({ chargeId, amountCents: 5_000, idempotencyKey: 'r1' })).toMatchObject({
      outcome: 'declined',
      reason: 'idempotency_key_reused',
    });
    const rows = await database.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('charge_id', '=', chargeId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('never refunds more than is left of the charge', async () => {
    const chargeId = await charged(10_000);
    expect(
      (await sandbox().refund({ chargeId, amountCents: 6_000, idempotencyKey: randomUUID() })).outcome,
    ).toBe('ok');
    expect(
      await sandbox().refund({ chargeId, amountCents: 4_001, idempotencyKey: randomUUID() }),
    ).toMatchObject({
      outcome: 'declined',
      reason: 'exceeds_charge',
    });
    expect(
      (await sandbox().refund({ chargeId, amountCents: 4_000, idempotencyKey: randomUUID() })).outcome,
    ).toBe('ok');
  });

  it('refuses unknown charges and amounts that are not whole cents above zero, recording nothing', async () => {
    const chargeId = await charged(1_000);
    const refuse = (amountCents: number, id = chargeId) =>
      sandbox().refund({ chargeId: id, amountCents, idempotencyKey: randomUUID() });
    expect(await refuse(100, 'ch_unknown')).toMatchObject({ outcome: 'declined', reason: 'unknown_charge' });
    for (const amount of [0, -5, 1.5]) {
      expect(await refuse(amount)).toMatchObject({ outcome: 'declined', reason: 'invalid_amount' });
    }
    const rows = await database.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('charge_id', '=', chargeId)
      .execute();
    expect(rows).toHaveLength(0);
    await expect(sandbox().refund({ chargeId, amountCents: 100, idempotencyKey: ' ' })).rejects.toThrow(
      TypeError,
    );
  });
});
