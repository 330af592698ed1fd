import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import type { PolicyRef } from './policyRef';

// One charge per instalment attempt (docs/billing.md "One charge per instalment"). Before the payment service
// is asked, the attempt's charge key is claimed for one payment method, in a transaction of its own (a payment
// call never holds one open). Whoever asks under that key afterwards asks with the claim's method, so the
// service's idempotency answers every asker with the one charge; an asker with another method does not charge
// at all while the claim is fresh.
//
// A cancellation voids the unpaid instalments. Were it to void one whose charge is in flight, the money would
// land on an instalment nobody owes any more, and the settlement would not have counted it. So the claim reads
// the instalment under a share lock, and a cancellation locks its unpaid instalments before it looks for
// claims: either the claim comes first and the cancellation sees it (and waits for the answer), or the
// cancellation comes first and the claim sees the instalment void (and charges nothing).

// The payment service's idempotency key of one attempt: the same attempt never charges twice, whichever
// process or day asks again.
export const chargeKey = (ref: PolicyRef, seq: number, attempt: number) =>
  `billing:${ref.line}:${ref.policyNumber}:${seq}:${attempt}`;

// How long a claim is taken to be in flight: long enough for a payment service's answer, short enough that a
// process that stopped after claiming does not hold the instalment up for long.
export const CLAIM_IN_FLIGHT_MS = 2 * 60_000;

export type Claim =
  // Charge with this token under the key: this asker's own claim, or one it may finish for another.
  | { kind: 'charge'; token: string }
  // Another asker is charging this attempt with another method right now.
  | { kind: 'busy' }
  // A cancellation voided the instalment: nobody owes it, nothing is charged.
  | { kind: 'void' };

export async function claimCharge(
  db: Db,
  request: { ref: PolicyRef; seq: number; attempt: number; token: string; amountCents: number; at: Date },
): Promise<Claim> {
  return db.transaction().execute(async (trx) => {
    const instalment = await trx
      .selectFrom('billing_instalments')
      .select('status')
      .where('line', '=', request.ref.line)
      .where('policy_number', '=', request.ref.policyNumber)
      .where('seq', '=', request.seq)
      .forShare()
      .executeTakeFirst();
    if (!instalment || instalment.status === 'void') return { kind: 'void' } as const;
    return claimKey(trx, { ...request, key: chargeKey(request.ref, request.seq, request.attempt) });
  });
}

async function claimKey(
  db: Trx,
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

// Whether a charge of one of these unpaid instalments is in flight: its next attempt's key is claimed, freshly.
// Called with the instalments locked (see above).
export async function chargeInFlight(
  trx: Trx,
  ref: PolicyRef,
  unpaid: readonly { seq: number; attempts: number }[],
  at: Date,
): Promise<boolean> {
  if (unpaid.length === 0) return false;
  const claim = await trx
    .selectFrom('billing_charge_claims')
    .select('idempotency_key')
    .where(
      'idempotency_key',
      'in',
      unpaid.map((row) => chargeKey(ref, row.seq, row.attempts + 1)),
    )
    .where('claimed_at', '>', new Date(at.getTime() - CLAIM_IN_FLIGHT_MS))
    .executeTakeFirst();
  return claim !== undefined;
}
