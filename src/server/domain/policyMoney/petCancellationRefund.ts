import type { Clock } from '../../../calendar';
import type { Db } from '../../store/db';
import type { EventActor, EventMetadata } from '../../store/eventStore';
import type { PolicyRef } from '../billing/policyRef';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import type { RefundAnswer } from '../billing/refunds/askForRefund';
import { askForPolicyRefund } from './policyRefund';
import { refundState } from '../billing/refunds/refundHistory';
import { refundKey } from '../policies/cancellationRefundKey';

export const petRef = (policyNumber: string): PolicyRef => ({ line: 'pet', policyNumber });

export interface RefundContext {
  db: Db;
  payments: PaymentAdapter;
  log: { warn(details: object, message: string): void };
  clock: Clock;
  metadata?: EventMetadata;
}

const RESUMED: EventActor = { userId: null, entityId: null, requestId: 'startup:resume-refund' };

// After the commit, outside its transaction (the payment service is another party): money back to the
// purchase's charge, and its outcome recorded (docs/cancellation.md "Refund"). A refund that already failed
// is left to the failed refunds list (staff's Retry, the daily retries); one done is not asked again.
export async function refundCancellation(
  ctx: RefundContext,
  policyNumber: string,
  amountCents: number,
): Promise<RefundAnswer | null> {
  const ref = petRef(policyNumber);
  const key = refundKey(policyNumber);
  const state = await refundState(ctx.db, ref, key);
  if (state && state.status !== 'pending') return null;
  const metadata = ctx.metadata ?? { ...RESUMED, at: ctx.clock.now() };
  return askForPolicyRefund({ ...ctx, metadata }, ref, {
    key,
    amountCents,
    attempt: state?.attempt ?? 1,
  });
}

// A process that stopped between a cancellation's commit and its refund left the refund record without the
// service's reference. At start-up every such refund still pending is asked for again under its attempt's
// key: the service refunds a key at most once, so asking twice never pays twice. Answers how many were asked.
export async function resumeCancellationRefunds(ctx: RefundContext): Promise<number> {
  const pending = await ctx.db
    .selectFrom('policy_refunds as r')
    .select(['r.policy_number', 'r.amount_cents'])
    .where('r.reference', 'is', null)
    .where('r.amount_cents', '>', 0)
    .execute();
  let asked = 0;
  for (const row of pending) {
    if (await refundCancellation(ctx, row.policy_number, row.amount_cents)) asked += 1;
  }
  return asked;
}
