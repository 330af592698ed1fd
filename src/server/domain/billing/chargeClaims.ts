import type { Db } from '../../store/db';

// One charge per instalment attempt (docs/billing.md "One charge per instalment"). Before the payment service
// is asked, the attempt's charge key is claimed for one payment method, in a transaction of its own (a payment
// call never holds one open). Whoever asks under that key afterwards asks with the claim's method, so the
// service's idempotency answers every asker with the one charge; an asker with another method does not charge
// at all while the claim is fresh.

// How long a claim is taken to be in flight: long enough for a payment service's answer, short enough that a
// process that stopped after claiming does not hold the instalment up for long.
export const CLAIM_IN_FLIGHT_MS = 2 * 60_000;

export type Claim =
  // Charge with this token under the key: this asker's own claim, or one it may finish for another.
  | { kind: 'charge'; token: string }
  // Another asker is charging this attempt with another method right now.
  | { kind: 'busy' };

export async function claimCharge(
  db: Db,
  request: { key: string; token: string; amountCents: number; at: Date },
): Promise<Claim> {
  const inserted = await db
    .insertInto('billing_charge_claims')
    .values({
      idempotency_key: request.key,
      token: request.token,
      amount_cents: request.amountCents,
      claimed_at: request.at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  if (inserted) return { kind: 'charge', token: request.token };
  const claim = await db
    .selectFrom('billing_charge_claims')
    .select(['token', 'claimed_at'])
    .where('idempotency_key', '=', request.key)
    .executeTakeFirstOrThrow();
  if (claim.token === request.token) return { kind: 'charge', token: claim.token };
  // A claim no longer in flight was left by a process that stopped: asking again with its method learns what
  // that attempt did (the service answers a key the same way every time) so it can be recorded.
  const age = request.at.getTime() - claim.claimed_at.getTime();
  return age > CLAIM_IN_FLIGHT_MS ? { kind: 'charge', token: claim.token } : { kind: 'busy' };
}
