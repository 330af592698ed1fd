import type { Db } from '../../store/db';
import { readStream, type Trx } from '../../store/eventStore';
import type { RefundRecorded } from './billingEvents';
import { BILLING_STREAM, billingStreamId, type PolicyRef } from './policyRef';

// What the payment service sent back against some of a policy's charges, from the refunds its billing stream
// recorded: each record's parts once, as the ledger counts them (refundLedgerMoves.ts). A record from before
// refunds were split sent it all to the purchase's charge, `firstChargeId`. A term's cancellation weighs what
// its own charges kept, so a refund of an earlier term, which that term's reinstatement charged back there,
// is not taken off a later term's money (docs/billing.md "What a cancellation counts, keeps and returns").
export async function refundedAgainst(
  db: Db | Trx,
  ref: PolicyRef,
  chargeIds: ReadonlySet<string>,
  firstChargeId: string | null,
): Promise<number> {
  const events = await readStream(db as Trx, BILLING_STREAM, billingStreamId(ref));
  const outcomes = new Map<string, string>();
  let cents = 0;
  for (const event of events) {
    if (event.type !== 'billing.refundRecorded') continue;
    const d = event.data as unknown as RefundRecorded;
    const before = outcomes.get(d.key);
    outcomes.set(d.key, d.outcome);
    if (before === 'done') continue;
    const parts =
      d.sent ?? (d.outcome === 'done' ? [{ chargeId: firstChargeId, amountCents: d.amountCents }] : []);
    for (const part of parts)
      if (part.chargeId !== null && chargeIds.has(part.chargeId)) cents += part.amountCents;
  }
  return cents;
}
