import type { PolicyRef } from './policyRef';

// The refund keys of corrections of what older versions billed (docs/reconciliation.md "Correcting what older
// versions billed"): one per policy and finding, so a correction asked twice refunds once. Billing owns them
// because what a cancellation counts as collected must tell a schedule correction's refund from one of
// premium. Each attempt and part derives its payment key from it as any refund does (`:attempt-N`, `:part-N`).
export type CorrectionRefund = 'schedule' | 'cancellation';

export function correctionRefundKey(ref: PolicyRef, what: CorrectionRefund): string {
  return `${ref.line === 'pet' ? 'policy' : 'renters'}:${ref.policyNumber}:correction:${what}`;
}

export const isCorrectionRefundKey = (key: string) => /:correction:[a-z]+$/.test(key);

// The payment key of any attempt or part of a correction refund, with the policy number as its first group.
export const CORRECTION_PAYMENT_KEY =
  '^(?:policy|renters):(.+):correction:[a-z]+(?::attempt-[0-9]+)?(?::part-[0-9]+)?$';
