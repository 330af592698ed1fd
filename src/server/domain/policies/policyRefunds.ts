import type { Db } from '../../store/db';
import { premiumPaid } from '../matters/policyPayments';
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
// purchase's charge. The refund record keeps the service's reference; when the refund is more than this policy
// paid (its share of a charge that paid for several pets: later monthly instalments are not charged here), or
// the service refuses it, the record stays without one and nothing moves.
export async function refundCancellation(ctx: RefundContext, policyNumber: string, amountCents: number) {
  const paid = await premiumPaid(ctx.db, policyNumber);
  if (!paid?.reference) {
    ctx.log.warn({ policyNumber }, 'no charge to refund the cancellation to');
    return;
  }
  if (amountCents > paid.amountCents) {
    ctx.log.warn(
      { policyNumber, amountCents, paidCents: paid.amountCents },
      'the cancellation refund is more than the policy paid: recorded, not moved',
    );
    return;
  }
  const answer = await ctx.payments.refund({
    chargeId: paid.reference,
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
    .select(['r.policy_number', 'r.amount_cents'])
    .where('r.reference', 'is', null)
    .where('r.amount_cents', '>', 0)
    .execute();
  for (const row of pending) {
    await refundCancellation(ctx, row.policy_number, row.amount_cents);
  }
  return pending.length;
}
