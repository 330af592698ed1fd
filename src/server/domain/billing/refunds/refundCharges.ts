import type { Db } from '../../../store/db';
import type { Trx } from '../../../store/eventStore';
import type { PolicyRef } from '../policyRef';
import { refundsOf } from './refundHistory';
import type { RefundFailure } from './refundReasons';

// The charges a policy's refund goes back to (docs/payments.md "Refunds").

// Where a refund of a policy billing does not know the charges of goes (a policy from before ledgers): one
// charge, of which the policy may take back no more than its share. The money path says which
// (policyMoney/purchaseCharge.ts); billing knows no policy line.
export type RefundTarget = { chargeId: string; shareCents: number } | { failure: RefundFailure };

// One part of a refund: money back to one charge.
export interface RefundPart {
  chargeId: string;
  amountCents: number;
}

// What each charge that paid the policy still holds of the policy's money, newest first: the purchase's charge
// (its share of it), each instalment and extra charge billing collected, less every part of the policy's refunds
// already sent back to it. Null when billing does not know the policy's charges (a policy from before ledgers).
export async function chargesHolding(db: Db | Trx, ref: PolicyRef): Promise<RefundPart[] | null> {
  const rows = await db
    .selectFrom('billing_instalments')
    .select(['seq', 'charge_id', 'amount_cents'])
    .where('line', '=', ref.line)
    .where('policy_number', '=', ref.policyNumber)
    .where('status', '=', 'paid')
    .where('charge_id', 'is not', null)
    .orderBy('paid_on', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  if (rows.length === 0) return null;
  const held = new Map<string, number>();
  for (const row of rows) held.set(row.charge_id!, (held.get(row.charge_id!) ?? 0) + row.amount_cents);
  const first = rows.reduce((a, b) => (b.seq < a.seq ? b : a));
  for (const refund of await refundsOf(db, ref)) {
    for (const part of refund.sent)
      held.set(part.chargeId, (held.get(part.chargeId) ?? 0) - part.amountCents);
    // A refund done before refunds were split went back to the purchase's charge whole.
    if (refund.status === 'done' && refund.sent.length === 0)
      held.set(first.charge_id!, (held.get(first.charge_id!) ?? 0) - refund.amountCents);
  }
  return [...held]
    .filter(([, cents]) => cents > 0)
    .map(([chargeId, amountCents]) => ({ chargeId, amountCents }));
}

// The parts a refund of `amountCents` is sent as: from the newest charge back, each taking what it holds, so
// no charge is asked for more than it holds. Null when the charges together hold less than the refund.
export function splitRefund(holding: readonly RefundPart[], amountCents: number): RefundPart[] | null {
  const parts: RefundPart[] = [];
  let left = amountCents;
  for (const charge of holding) {
    if (left <= 0) break;
    const cents = Math.min(left, charge.amountCents);
    parts.push({ chargeId: charge.chargeId, amountCents: cents });
    left -= cents;
  }
  return left > 0 ? null : parts;
}
