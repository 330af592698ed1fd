import type { Db } from '../../store/db';
import type { RefundRefusal, RefundRequest, RefundResult } from './paymentAdapter';

// The sandbox's refunds (payment_refunds): a refund goes back to a successful charge, never more than is left
// of it, and one idempotency key refunds at most once, whichever process asks (the key is the primary key).
const MESSAGES: Readonly<Record<RefundRefusal, string>> = {
  unknown_charge: 'The charge to refund is not known.',
  invalid_amount: 'The amount must be a whole number of cents above zero.',
  exceeds_charge: 'The refund is more than what is left of the charge.',
  idempotency_key_reused: 'This request key was already used for another refund.',
};

const refuse = (reason: RefundRefusal): RefundResult => ({
  outcome: 'declined',
  reason,
  message: MESSAGES[reason],
});

export function sandboxRefunds(db: Db, now: () => Date, newId: () => string) {
  async function recorded(key: string) {
    return db.selectFrom('payment_refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  }

  async function answer(request: RefundRequest): Promise<RefundResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) return refuse('invalid_amount');
    const charge = await db
      .selectFrom('payment_charges')
      .select('amount_cents')
      .where('charge_id', '=', request.chargeId)
      .where('outcome', '=', 'ok')
      .executeTakeFirst();
    if (!charge) return refuse('unknown_charge');
    const done = await db
      .selectFrom('payment_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.val('0')).as('total'))
      .where('charge_id', '=', request.chargeId)
      .where('outcome', '=', 'ok')
      .executeTakeFirstOrThrow();
    if (Number(done.total) + request.amountCents > charge.amount_cents) return refuse('exceeds_charge');
    return { outcome: 'ok', refundId: `re_${newId()}`, amountCents: request.amountCents };
  }

  return async function refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.idempotencyKey.trim()) throw new TypeError('A refund needs an idempotency key');
    let first = await recorded(request.idempotencyKey);
    if (!first) {
      const result = await answer(request);
      // Unknown charges and bad amounts are answered but not recorded: nothing moved.
      if (result.outcome === 'declined' && result.reason !== 'exceeds_charge') return result;
      await db
        .insertInto('payment_refunds')
        .values({
          idempotency_key: request.idempotencyKey,
          charge_id: request.chargeId,
          amount_cents: request.amountCents,
          outcome: result.outcome,
          reason: result.outcome === 'declined' ? result.reason : null,
          refund_id: result.outcome === 'ok' ? result.refundId : null,
          created_at: now(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      first = await recorded(request.idempotencyKey);
      if (!first) throw new Error('The refund was not recorded');
    }
    if (first.charge_id !== request.chargeId || first.amount_cents !== request.amountCents) {
      return refuse('idempotency_key_reused');
    }
    return first.outcome === 'ok'
      ? { outcome: 'ok', refundId: first.refund_id ?? '', amountCents: first.amount_cents }
      : refuse((first.reason ?? 'exceeds_charge') as RefundRefusal);
  };
}
