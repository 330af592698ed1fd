import { z } from 'zod';

// SPEC §3 "Renters" records of a policy beside the screen's record, in the renters wire's snake_case
// (docs/renters-policy-record.md "Policy, terms and transactions"): the Policy, its terms and its
// transactions, and the Cancellation reason model they name. Money in decimal dollars, dates YYYY-MM-DD
// (business days).
const day = z.string();
const money = z.number();

// SPEC §3 "Cancellation reason: code, name, scope, is_enabled", as GET /v2/renters/cancellation-reasons lists it.
export const RentersCancellationReason = z.object({
  code: z.string(),
  name: z.string(),
  scope: z.enum(['cancel', 'discontinue', 'reinstate']),
  is_enabled: z.boolean(),
});
export type RentersCancellationReason = z.infer<typeof RentersCancellationReason>;

// SPEC §3 "Policy: policy_number, policy_version, status_code, term_interval, term_premium, inception_at,
// effective_at, expiration_at, non-renewal fields, cancellation_at, cancellation_reason, is_current,
// can_discontinue, can_flat_cancel, has_unconfirmed_address, has_pending_renewal_payment".
export const RentersPolicyWire = z.object({
  // The matter id (the policy's {policyId} in paths) and its customer, so a client can go on from here.
  id: z.number().int(),
  customer_id: z.number().int(),
  policy_number: z.string(),
  policy_version: z.number().int(),
  status_code: z.string(),
  term_interval: z.enum(['annual', 'monthly']),
  term_premium: money,
  inception_at: day,
  effective_at: day,
  expiration_at: day,
  non_renew: z.boolean(),
  non_renew_effective_at: day.nullable(),
  // The reason the policy was set not to renew, while it is (scope discontinue).
  non_renew_reason: RentersCancellationReason.nullable(),
  cancellation_at: day.nullable(),
  // The reason of the change that ends the policy: its cancellation's (scope cancel), else its non-renewal's.
  cancellation_reason: RentersCancellationReason.nullable(),
  is_current: z.boolean(),
  can_discontinue: z.boolean(),
  can_flat_cancel: z.boolean(),
  has_unconfirmed_address: z.boolean(),
  has_pending_renewal_payment: z.boolean(),
});
export type RentersPolicyWire = z.infer<typeof RentersPolicyWire>;
export const RentersPolicyWireResponse = z.object({ data: RentersPolicyWire });

// SPEC §3 "Policy term: premium, monthly_payment, taxes, next bill fields": one per term, the first and each
// renewal. premium + taxes + fee_total = total = what the billing schedule bills for the term:
// down_payment, then eleven monthly_payment on a monthly term.
export const RentersPolicyTerm = z.object({
  term_number: z.number().int(),
  // NEW_BUSINESS or REWRITE for the first term, RENEWAL after.
  term_type: z.enum(['NEW_BUSINESS', 'REWRITE', 'RENEWAL']),
  policy_version: z.number().int(),
  effective_at: day,
  expiration_at: day,
  is_current: z.boolean(),
  premium: money,
  taxes: money,
  fee_total: money,
  total: money,
  down_payment: money,
  monthly_payment: money.nullable(),
  next_bill_date: day.nullable(),
  next_bill_total: money.nullable(),
});
export type RentersPolicyTerm = z.infer<typeof RentersPolicyTerm>;
export const RentersPolicyTermsResponse = z.object({ data: z.array(RentersPolicyTerm) });

export const RENTERS_TRANSACTION_TYPES = [
  'NEW_BUSINESS',
  'REWRITE',
  'RENEWAL',
  'ENDORSEMENT',
  'CANCELLATION',
  'NON_RENEWAL',
  'REINSTATEMENT',
] as const;
export type RentersTransactionType = (typeof RENTERS_TRANSACTION_TYPES)[number];
export const RENTERS_TRANSACTION_STATUSES = ['PENDING', 'COMPLETED', 'REVERSED'] as const;

// SPEC §3 "Transaction: policy_version, transaction_type, status_code, premiums, fee_total": one per policy
// version that changed what the policy is (the net written premium report's adjustments, and non-renewals).
export const RentersPolicyTransaction = z.object({
  policy_version: z.number().int(),
  transaction_type: z.enum(RENTERS_TRANSACTION_TYPES),
  // PENDING until it takes effect, COMPLETED once it has, REVERSED when a later reinstatement withdrew it.
  status_code: z.enum(RENTERS_TRANSACTION_STATUSES),
  // The written premium the version changed (negative when returned), as the net written premium report
  // counts it, and the fees it billed.
  premiums: money,
  fee_total: money,
  // The report's adjustment code (NB, RW, RN, EN, CN, FC, RI); null for a non-renewal, which writes none.
  adjustment_code: z.string().nullable(),
  effective_at: day,
  // The business day it was recorded.
  transaction_date: day,
  reason: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type RentersPolicyTransaction = z.infer<typeof RentersPolicyTransaction>;
export const RentersPolicyTransactionsResponse = z.object({ data: z.array(RentersPolicyTransaction) });
