import type { RefundRefusal } from '../../payments/paymentAdapter';

// Why a refund failed, in the words the commit's answer, the policy and the failed refunds list show, and
// whether asking again later may succeed (the daily retries ask again only for those).
export type RefundFailure = RefundRefusal | 'unavailable' | 'over_share' | 'over_held' | 'no_charge';

const REASONS: Readonly<Record<RefundFailure, { message: string; transient: boolean }>> = {
  unknown_charge: { message: "The card's charge is unknown to the payment service", transient: false },
  exceeds_charge: { message: "The refund is more than what is left of the card's charge", transient: false },
  invalid_amount: { message: 'The amount is not a whole number of cents above zero', transient: false },
  idempotency_key_reused: {
    message: 'The payment service has this refund key for another refund',
    transient: false,
  },
  unavailable: { message: 'The payment service could not be reached', transient: true },
  over_share: {
    message: "The refund is more than this policy's share of the card's charge",
    transient: false,
  },
  over_held: {
    message: "The refund is more than what is left of the policy's payments",
    transient: false,
  },
  no_charge: { message: 'The policy has no charge to refund to', transient: false },
};

export const refundReason = (failure: RefundFailure): string => REASONS[failure].message;

// A recorded reason is its message; one the daily retries may ask again for.
export function isTransientReason(reason: string | null): boolean {
  return Object.values(REASONS).some((r) => r.transient && r.message === reason);
}
