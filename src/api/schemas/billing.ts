import { z } from 'zod';

// A policy's billing (docs/billing.md): its account, the ledger, the instalment schedule and refunds, as the
// Payments tab shows them, and "Pay now". Money in decimal dollars, dates YYYY-MM-DD (business dates).
const day = z.string();
const money = z.number();

export const BillingState = z.enum(['current', 'pastDue', 'lapsed', 'closed']);
export type BillingState = z.infer<typeof BillingState>;
export const InstalmentStatus = z.enum(['scheduled', 'paid', 'declined', 'failed', 'void']);
export type InstalmentStatus = z.infer<typeof InstalmentStatus>;

export const BillingInstalment = z.object({
  seq: z.number().int(),
  kind: z.enum(['instalment', 'balanceDue', 'reinstatement']),
  description: z.string(),
  dueDate: day,
  amount: money,
  status: InstalmentStatus,
  attempts: z.number().int(),
  // The payment service's answer to the last declined attempt, in words.
  lastDeclineReason: z.string().nullable(),
  paidOn: day.nullable(),
  // The next day the daily run tries it (its due date, then the dunning retries); null when none is planned.
  collectOn: day.nullable(),
});
export type BillingInstalment = z.infer<typeof BillingInstalment>;

export const BillingRefund = z.object({
  // What a retry names (POST …/refunds/retry).
  key: z.string(),
  amount: money,
  outcome: z.enum(['pending', 'done', 'failed']),
  reason: z.string().nullable(),
  // How many times the payment service was asked, and the attempt a retry makes (null unless failed).
  attempts: z.number().int(),
  nextAttempt: z.number().int().nullable(),
});
export type BillingRefund = z.infer<typeof BillingRefund>;

// collected − refunded = billed − owed + credit, to the cent.
export const BillingLedger = z.object({
  billed: money,
  collected: money,
  refunded: money,
  owed: money,
  credit: money,
});
export type BillingLedger = z.infer<typeof BillingLedger>;

export const Billing = z.object({
  policyNumber: z.string(),
  // The business date the answer was read on: "due now" and "next" are against it.
  today: day,
  state: BillingState,
  plan: z.enum(['monthly', 'annual']),
  paymentMethod: z.object({ method: z.string().nullable(), last4: z.string().nullable() }),
  // The first missed due date of a past-due (or lapsed) account.
  pastDueSince: day.nullable(),
  lapsedOn: day.nullable(),
  // The last day a late payment reinstates a lapsed policy.
  reinstateBy: day.nullable(),
  ledger: BillingLedger,
  // What "Pay now" would charge today: every unpaid instalment due on or before today.
  dueNow: money,
  // The earliest unpaid instalment due after today.
  nextPayment: z.object({ dueDate: day, amount: money, description: z.string() }).nullable(),
  schedule: z.array(BillingInstalment),
  refunds: z.array(BillingRefund),
  // What the caller may do now, decided by the server: something is due and they hold the privilege; a
  // failed refund may be asked for again by whoever may take a payment of the policy; whoever may take a
  // payment of a pet policy may change its card without one (a renters customer's methods have their own
  // screen).
  can: z.object({ payNow: z.boolean(), retryRefund: z.boolean(), changeMethod: z.boolean() }),
});
export type Billing = z.infer<typeof Billing>;

// An older policy, issued before billing accounts, has none: billing is null.
export const BillingResponse = z.object({ data: z.object({ billing: Billing.nullable() }) });
export type BillingResponse = z.infer<typeof BillingResponse>;

export const PayNowRequest = z.strictObject({
  data: z.strictObject({
    // A payment method tokenized by the caller; the one on file when absent.
    paymentToken: z
      .string({ error: 'The payment token must be text.' })
      .trim()
      .min(1, { error: 'The payment token must not be empty.' })
      .max(100, { error: 'The payment token may be at most 100 characters.' })
      .optional(),
  }),
});
export type PayNowRequest = z.input<typeof PayNowRequest>;

// A pet policy's new card, tokenized by the caller.
export const PaymentMethodRequest = z.strictObject({
  data: z.strictObject({
    paymentToken: z
      .string({ error: 'The payment token must be text.' })
      .trim()
      .min(1, { error: 'The payment token must not be empty.' })
      .max(100, { error: 'The payment token may be at most 100 characters.' }),
  }),
});
export type PaymentMethodRequest = z.input<typeof PaymentMethodRequest>;

export const PayNowResult = z.object({
  // Instalments collected and declined by this payment (a decline stops it: later ones are not tried).
  collected: z.number().int(),
  declined: z.number().int(),
  // The declined instalment's reason, in words; null when nothing was declined.
  declineReason: z.string().nullable(),
  // A lapsed policy put back in force by the payment.
  reinstated: z.boolean(),
  billing: Billing.nullable(),
});
export type PayNowResult = z.infer<typeof PayNowResult>;
export const PayNowResponse = z.object({ data: PayNowResult });
