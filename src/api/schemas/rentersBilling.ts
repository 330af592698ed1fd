import { z } from 'zod';
import type { BillingInstalment, BillingState, InstalmentStatus } from './billing';
import { RentersRefundStatus } from './rentersRefunds';

// A renters policy's billing (GET /v2/renters/policies/{matterId}/billing) and "Pay now" (…/billing/pay-now)
// in the renters wire's snake_case, like the line's other records (docs/billing.md "On screen"): every key,
// nested ones too, and codes in upper case as SPEC §3's renters records write them (a policy's ACTIVE, a
// Payment's SCHEDULED); `plan` is spelled as the records' term_interval (annual, monthly) and the method's
// `type` as a renters payment method's (card, bank). The pet line keeps its camelCase billing (./billing.ts),
// which is also the screen model the portal reads this wire into (src/api/rentersBillingScreen.ts). Money in
// decimal dollars, dates YYYY-MM-DD (business dates).
const day = z.string();
const money = z.number();

export const RentersBillingState = z.enum(['CURRENT', 'PAST_DUE', 'LAPSED', 'CLOSED']);
export type RentersBillingState = z.infer<typeof RentersBillingState>;
export const RentersInstalmentStatus = z.enum(['SCHEDULED', 'PAID', 'DECLINED', 'FAILED', 'VOID']);
export type RentersInstalmentStatus = z.infer<typeof RentersInstalmentStatus>;
export const RentersInstalmentKind = z.enum(['INSTALMENT', 'BALANCE_DUE', 'REINSTATEMENT']);
export type RentersInstalmentKind = z.infer<typeof RentersInstalmentKind>;

// Each code as the renters wire writes it: one table per code, read both ways (server out, portal in).
export const RENTERS_BILLING_STATES = {
  current: 'CURRENT',
  pastDue: 'PAST_DUE',
  lapsed: 'LAPSED',
  closed: 'CLOSED',
} as const satisfies Record<BillingState, RentersBillingState>;
export const RENTERS_INSTALMENT_STATUSES = {
  scheduled: 'SCHEDULED',
  paid: 'PAID',
  declined: 'DECLINED',
  failed: 'FAILED',
  void: 'VOID',
} as const satisfies Record<InstalmentStatus, RentersInstalmentStatus>;
export const RENTERS_INSTALMENT_KINDS = {
  instalment: 'INSTALMENT',
  balanceDue: 'BALANCE_DUE',
  reinstatement: 'REINSTATEMENT',
} as const satisfies Record<BillingInstalment['kind'], RentersInstalmentKind>;

export const RentersBillingInstalment = z.object({
  seq: z.number().int(),
  kind: RentersInstalmentKind,
  description: z.string(),
  due_date: day,
  amount: money,
  status: RentersInstalmentStatus,
  attempts: z.number().int(),
  // The payment service's answer to the last declined attempt, in words.
  last_decline_reason: z.string().nullable(),
  paid_on: day.nullable(),
  // The next day the daily run tries it; null when none is planned.
  collect_on: day.nullable(),
});
export type RentersBillingInstalment = z.infer<typeof RentersBillingInstalment>;

export const RentersBillingRefund = z.object({
  // What a retry names (POST …/refunds/retry).
  key: z.string(),
  amount: money,
  outcome: RentersRefundStatus,
  reason: z.string().nullable(),
  attempts: z.number().int(),
  next_attempt: z.number().int().nullable(),
});
export type RentersBillingRefund = z.infer<typeof RentersBillingRefund>;

export const RentersBilling = z.object({
  policy_number: z.string(),
  // The business date the answer was read on: "due now" and "next" are against it.
  today: day,
  state: RentersBillingState,
  plan: z.enum(['monthly', 'annual']),
  payment_method: z.object({ type: z.string().nullable(), last_4: z.string().nullable() }),
  // The first missed due date of a past-due (or lapsed) account.
  past_due_since: day.nullable(),
  lapsed_on: day.nullable(),
  // The last day a late payment reinstates a lapsed policy.
  reinstate_by: day.nullable(),
  // collected − refunded = billed − owed + credit, to the cent.
  ledger: z.object({ billed: money, collected: money, refunded: money, owed: money, credit: money }),
  // What "Pay now" would charge today: every unpaid instalment due on or before today.
  due_now: money,
  // The earliest unpaid instalment due after today.
  next_payment: z.object({ due_date: day, amount: money, description: z.string() }).nullable(),
  schedule: z.array(RentersBillingInstalment),
  refunds: z.array(RentersBillingRefund),
  // What the caller may do now, decided by the server (a renters customer's methods have their own screen,
  // so change_method is false on this line).
  can: z.object({ pay_now: z.boolean(), retry_refund: z.boolean(), change_method: z.boolean() }),
});
export type RentersBilling = z.infer<typeof RentersBilling>;

// A policy issued before billing accounts has none: billing is null.
export const RentersBillingResponse = z.object({ data: z.object({ billing: RentersBilling.nullable() }) });
export type RentersBillingResponse = z.infer<typeof RentersBillingResponse>;

export const RentersPayNowRequest = z.strictObject({
  data: z.strictObject({
    // A payment method tokenized by the caller; the one on file when absent.
    payment_token: z
      .string({ error: 'The payment token must be text.' })
      .trim()
      .min(1, { error: 'The payment token must not be empty.' })
      .max(100, { error: 'The payment token may be at most 100 characters.' })
      .optional(),
  }),
});
export type RentersPayNowRequest = z.input<typeof RentersPayNowRequest>;

export const RentersPayNowResult = z.object({
  // Instalments collected and declined by this payment (a decline stops it: later ones are not tried).
  collected: z.number().int(),
  declined: z.number().int(),
  // "The payment was declined." when something was; never the payment service's reason.
  decline_reason: z.string().nullable(),
  // A lapsed policy put back in force by the payment.
  reinstated: z.boolean(),
  billing: RentersBilling.nullable(),
});
export type RentersPayNowResult = z.infer<typeof RentersPayNowResult>;
export const RentersPayNowResponse = z.object({ data: RentersPayNowResult });
export type RentersPayNowResponse = z.infer<typeof RentersPayNowResponse>;
