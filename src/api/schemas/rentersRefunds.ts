import { z } from 'zod';
import { RetryRefundRequest, type RefundStatus } from './refunds';

// A renters policy's refund asked for again (POST /v2/renters/policies/{matterId}/refunds/retry,
// docs/payments.md "Refund statuses"), in the renters wire's snake_case like the line's other records, its
// status an upper-case code as SPEC §3's renters records write theirs (PENDING, like a Payment's status). The
// pet line answers the same refund in camelCase (./refunds.ts); the portal reads this one into that screen
// model (src/api/rentersBillingScreen.ts). Money in decimal dollars; an instant is ISO 8601.

export const RentersRefundStatus = z.enum(['PENDING', 'DONE', 'FAILED']);
export type RentersRefundStatus = z.infer<typeof RentersRefundStatus>;
// Each status as the renters wire writes it: one table read both ways (server out, portal in).
export const RENTERS_REFUND_STATUSES = {
  pending: 'PENDING',
  done: 'DONE',
  failed: 'FAILED',
} as const satisfies Record<RefundStatus, RentersRefundStatus>;

export const RentersRefund = z.object({
  // The refund's own key: a retry names it.
  key: z.string(),
  amount: z.number(),
  status: RentersRefundStatus,
  // Why the last attempt failed, in words; null unless failed.
  reason: z.string().nullable(),
  // The payment service's reference once done.
  refund_id: z.string().nullable(),
  // How many times the payment service was asked, and the attempt a retry makes (null unless failed).
  attempts: z.number().int(),
  next_attempt: z.number().int().nullable(),
  // When the last outcome was recorded.
  at: z.string(),
});
export type RentersRefund = z.infer<typeof RentersRefund>;

// The request's names (key, attempt) are one word each: the same body on both lines.
export const RentersRetryRefundRequest = RetryRefundRequest;
export type RentersRetryRefundRequest = z.input<typeof RentersRetryRefundRequest>;

export const RentersRetryRefundResponse = z.object({ data: z.object({ refund: RentersRefund }) });
export type RentersRetryRefundResponse = z.infer<typeof RentersRetryRefundResponse>;
