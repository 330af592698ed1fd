import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/server/store/db';

// What the money invariant suites (tests/api/refundInvariants.test.ts, payoutInvariants.test.ts) share: whole
// cents from the wire's dollars, and the payment service's ledger checked as a whole.

export const cents = (dollars: number): number => Math.round(dollars * 100);
export const sumCents = (amounts: readonly number[]): number => amounts.reduce((sum, a) => sum + a, 0);

// Numbers from PostgreSQL aggregates come back as text (bigint, numeric); PGlite may answer numbers.
const num = (value: unknown): number => Number(value ?? 0);

// The payment service's tables read as one ledger (docs/payments.md): no refund without a successful charge
// behind it, no charge refunded beyond its amount, and every refund that moved money recorded by the policy
// that asked for it (a pet policy's refund record, a renters policy's `renters.settled`), to the cent.
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const orphans = await sql<{ refund_id: string }>`
    select r.refund_id from payment_refunds r
     where r.outcome = 'ok'
       and not exists (select 1 from payment_charges c
                        where c.charge_id = r.charge_id and c.outcome = 'ok')`.execute(db);
  expect(orphans.rows, 'refunds without a successful charge').toEqual([]);

  const overdrawn = await sql<{ charge_id: string; charged: unknown; refunded: unknown }>`
    select c.charge_id, c.amount_cents as charged, sum(r.amount_cents) as refunded
      from payment_charges c join payment_refunds r on r.charge_id = c.charge_id and r.outcome = 'ok'
     where c.outcome = 'ok'
     group by c.charge_id, c.amount_cents
    having sum(r.amount_cents) > c.amount_cents`.execute(db);
  expect(overdrawn.rows, 'charges refunded beyond their amount').toEqual([]);

  const petUnrecorded = await sql<{ refund_id: string }>`
    select r.refund_id from payment_refunds r
     where r.outcome = 'ok' and r.idempotency_key like 'policy:%'
       and not exists (select 1 from policy_refunds p
                        where p.reference = r.refund_id and p.amount_cents = r.amount_cents)`.execute(db);
  expect(petUnrecorded.rows, 'pet refunds no policy records').toEqual([]);

  const rentersUnrecorded = await sql<{ refund_id: string }>`
    select r.refund_id from payment_refunds r
     where r.outcome = 'ok' and r.idempotency_key like 'renters:%'
       and not exists (select 1 from events e
                        where e.stream_type = 'renters_policy' and e.type = 'renters.settled'
                          and e.data->>'reference' = r.refund_id
                          and e.data->>'status' = 'SUCCEEDED'
                          and (e.data->>'amountCents')::int = r.amount_cents)`.execute(db);
  expect(rentersUnrecorded.rows, 'renters refunds no policy records').toEqual([]);

  // The other way round: a reference a policy shows is a refund the service made, of the amount shown.
  const petPhantom = await sql<{ policy_number: string }>`
    select p.policy_number from policy_refunds p
     where p.reference is not null
       and not exists (select 1 from payment_refunds r
                        where r.refund_id = p.reference and r.outcome = 'ok'
                          and r.amount_cents = p.amount_cents)`.execute(db);
  expect(petPhantom.rows, 'pet refund references the service never made').toEqual([]);
  const rentersPhantom = await sql<{ stream_id: string }>`
    select e.stream_id from events e
     where e.stream_type = 'renters_policy' and e.type = 'renters.settled'
       and e.data->>'kind' = 'refund' and e.data->>'status' = 'SUCCEEDED'
       and not exists (select 1 from payment_refunds r
                        where r.refund_id = e.data->>'reference' and r.outcome = 'ok'
                          and r.amount_cents = (e.data->>'amountCents')::int)`.execute(db);
  expect(rentersPhantom.rows, 'renters refund references the service never made').toEqual([]);
}

// What is left of a charge after the refunds that moved money.
export async function chargeLeft(db: Db, chargeId: string): Promise<{ charged: number; refunded: number }> {
  const charge = await db
    .selectFrom('payment_charges')
    .select('amount_cents')
    .where('charge_id', '=', chargeId)
    .where('outcome', '=', 'ok')
    .executeTakeFirstOrThrow();
  const refunds = await db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.sum<string>('amount_cents').as('total'))
    .where('charge_id', '=', chargeId)
    .where('outcome', '=', 'ok')
    .executeTakeFirst();
  return { charged: charge.amount_cents, refunded: num(refunds?.total) };
}
