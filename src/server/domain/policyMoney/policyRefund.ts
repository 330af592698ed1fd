import { businessDate } from '../../../calendar';
import type { PolicyRef } from '../billing/policyRef';
import { askForRefund, type RefundAnswer, type RefundContext } from '../billing/refunds/askForRefund';
import { decideRetry } from '../billing/refunds/retryRefund';
import { noteRefundOnPolicy } from './noteRefundOnPolicy';
import { purchaseCharge } from './purchaseCharge';

// A policy's refund, the path's step after a settlement (docs/payments.md "Refunds"): billing's refund step
// records it and asks the payment service, sending it to the charges that hold the policy's money (the
// purchase's charge when billing does not know them); the outcome is then noted where the policy's own screens
// read it. Every refund of a policy — a cancellation's, a renters change's, a correction's, a retry — goes
// through here, so none is asked for without its outcome reaching the policy.
export async function askForPolicyRefund(
  ctx: RefundContext,
  ref: PolicyRef,
  refund: { key: string; amountCents: number; attempt: number },
): Promise<RefundAnswer> {
  const answer = await askForRefund(ctx, ref, refund, () => purchaseCharge(ctx.db, ref));
  await noteRefundOnPolicy(ctx, ref, answer, businessDate(ctx.clock.now()));
  return answer;
}

// Staff's Retry, and the daily retries: the next attempt of a failed refund (docs/payments.md "Failed refunds").
export async function retryPolicyRefund(
  ctx: RefundContext,
  ref: PolicyRef,
  request: { key: string; attempt: number },
): Promise<RefundAnswer> {
  const decided = await decideRetry(ctx, ref, request);
  return decided.ask ? askForPolicyRefund(ctx, ref, decided.ask) : decided.answer;
}
