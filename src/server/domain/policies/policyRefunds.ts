import type { Db } from '../../store/db';
import type { PaymentAdapter } from '../payments/paymentAdapter';

// The payment service's key of a policy's cancellation refund: one refund per policy, whichever process or
// retry asks (a policy is cancelled once), and the key a projection rebuild finds the refund's reference by.
export const refundKey = (policyNumber: string) => `policy:${policyNumber}:cancellation-refund`;

export interface RefundContext {
  db: Db;
  payments: PaymentAdapter;
  log: { warn(details: object, message: string): void };
}

// After the commit, outside its transaction (the payment service is another party): money back to the
// purchase's charge. The refund record keeps the service's reference; when the service refuses (more than
// what is left of the charge, as later monthly instalments are not charged here) the record stays without one.
export async function refundCancellation(
  ctx: RefundContext,
  policyNumber: string,
  quoteUuid: string,
  amountCents: number,
) {
  const quote = await ctx.db
    .selectFrom('quotes')
    .select('charge_id')
    .where('uuid', '=', quoteUuid)
    .executeTakeFirst();
  if (!quote?.charge_id) {
    ctx.log.warn({ policyNumber }, 'no charge to refund the cancellation to');
    return;
  }
  const answer = await ctx.payments.refund({
    chargeId: quote.charge_id,
    amountCents,
    idempotencyKey: refundKey(policyNumber),
  });
  if (answer.outcome !== 'ok') {
    ctx.log.warn({ policyNumber, reason: answer.reason }, 'the cancellation refund was refused');
    return;
  }
  await ctx.db
    .updateTable('policy_refunds')
    .set({ reference: answer.refundId })
    .where('policy_number', '=', policyNumber)
    .execute();
}

// A process that stopped between a cancellation's commit and its refund left the refund record without the
// service's reference. At start-up every such refund is asked for again under its own key: the service
// refunds a key at most once and answers a refusal it recorded the same way again, so asking twice never
// pays twice. Answers how many were asked for.
export async function resumeCancellationRefunds(ctx: RefundContext): Promise<number> {
  const pending = await ctx.db
    .selectFrom('policy_refunds as r')
    .innerJoin('policies as p', 'p.policy_number', 'r.policy_number')
    .select(['r.policy_number', 'p.quote_uuid', 'r.amount_cents'])
    .where('r.reference', 'is', null)
    .where('r.amount_cents', '>', 0)
    .execute();
  for (const row of pending) {
    await refundCancellation(ctx, row.policy_number, row.quote_uuid, row.amount_cents);
  }
  return pending.length;
}
