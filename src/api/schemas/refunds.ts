import { z } from 'zod';
import { pageOf, searchQuery } from './paging';

// Refunds the payment service refused, and asking it again (docs/payments.md "Refund statuses"). Money in
// decimal dollars; an instant is ISO 8601, shown on the business clock.
const money = z.number();
const instant = z.string();

export const POLICY_LINES = ['pet', 'renters'] as const;
export const PolicyLine = z.enum(POLICY_LINES);
export type PolicyLine = z.infer<typeof PolicyLine>;

export const RefundStatus = z.enum(['pending', 'done', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatus>;

// One refund as its policy's billing stream tells it.
export const Refund = z.object({
  // The refund's own key: a retry names it.
  key: z.string(),
  amount: money,
  status: RefundStatus,
  // Why the last attempt failed, in words; null unless failed.
  reason: z.string().nullable(),
  // The payment service's reference once done (one per charge it went back to).
  refundId: z.string().nullable(),
  // How many times the payment service was asked.
  attempts: z.number().int(),
  // The attempt a retry makes; null unless the refund failed.
  nextAttempt: z.number().int().nullable(),
  // When the last outcome was recorded.
  at: instant,
});
export type Refund = z.infer<typeof Refund>;

// A row of the failed refunds queue: the refund and the policy it belongs to.
export const FailedRefund = z.object({
  line: PolicyLine,
  policyNumber: z.string(),
  matterId: z.number().int(),
  // A renters policy's customer (its screen's address names it); null for a pet policy.
  customerId: z.number().int().nullable(),
  key: z.string(),
  amount: money,
  reason: z.string(),
  attempts: z.number().int(),
  nextAttempt: z.number().int(),
  failedAt: instant,
});
export type FailedRefund = z.infer<typeof FailedRefund>;

export const FailedRefundsQuery = searchQuery({ line: PolicyLine }, ['failedAt', 'amount'], {
  sort: 'failedAt',
  order: 'desc',
});
export type FailedRefundsQuery = z.infer<typeof FailedRefundsQuery>;

export const FailedRefundsPage = pageOf(FailedRefund);
export type FailedRefundsPage = z.infer<typeof FailedRefundsPage>;

// A refund key is the server's own (policy:…:cancellation-refund, renters:…:refund): visible ASCII.
export const RetryRefundRequest = z.strictObject({
  data: z.strictObject({
    key: z
      .string({ error: 'The refund key must be text.' })
      .min(1, { error: 'The refund key must not be empty.' })
      .max(200, { error: 'The refund key may be at most 200 characters.' })
      .regex(/^[\x21-\x7e]+$/, { error: 'The refund key is not one this server gives.' }),
    // The attempt the caller means to make: the one after the last they saw (nextAttempt). An attempt
    // already made is answered with the refund as it stands.
    attempt: z
      .number({ error: 'The attempt must be a whole number.' })
      .int({ error: 'The attempt must be a whole number.' })
      .min(1, { error: 'The attempt must be at least 1.' })
      .max(1000, { error: 'The attempt may be at most 1000.' }),
  }),
});
export type RetryRefundRequest = z.input<typeof RetryRefundRequest>;

export const RetryRefundResponse = z.object({ data: z.object({ refund: Refund }) });
export type RetryRefundResponse = z.infer<typeof RetryRefundResponse>;
