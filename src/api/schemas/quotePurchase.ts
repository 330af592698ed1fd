import { z } from 'zod';
import {
  PaymentPeriod,
  QuoteCustomerInput,
  QuotePetInput,
  QuoteRefData,
  wrapperAction,
} from './quoteCommands';
import { positiveId, recordVersion } from './numbers';

// The checkout half of the quote action wrapper (docs/quote-actions.md): re-rating, the fraud warning,
// purchase and payment retry, and the customer reads; plus the payment session that stands in for the
// processor's hosted card/bank form (docs/payments.md). Money on the wire is decimal dollars.
const zip = z.string().regex(/^\d{5}$/, { error: 'The zip code must have five digits.' });
const calendarDate = z.iso.date({ error: 'The date must be a date (YYYY-MM-DD).' });
const quoteUuid = z.uuid({ error: 'uuid must be a UUID' });
const version = recordVersion().optional();
// The client's idempotency key: the same requestId again answers the first outcome and never charges twice.
const requestId = z.uuid({ error: 'requestId must be a UUID' });
const customerId = positiveId('The customer');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

// ----- Requests -----

// Re-rating after going back to rating info: a pet that keeps its id keeps its place on the quote.
export const UpdateQuotePetInput = z.strictObject({
  ...QuotePetInput.shape,
  id: z.uuid({ error: 'id must be a UUID' }).optional(),
});
export const UpdateQuoteData = z.strictObject({
  uuid: quoteUuid,
  version,
  zip,
  startDate: calendarDate,
  customer: QuoteCustomerInput,
  pets: z.array(UpdateQuotePetInput).min(1, { error: 'A quote needs at least one pet.' }).max(20),
});
export type UpdateQuoteData = z.output<typeof UpdateQuoteData>;

export const QuoteUuidData = z.strictObject({ uuid: quoteUuid });

// A token from POST /v1/one-inc-session/{id}/payment-methods, made by the same user.
export const PaymentTokenInput = z.strictObject({
  token: z.string().trim().min(1, { error: 'Choose a payment method.' }).max(100),
});

// The policyholder as checkout confirms it; state and zip stay the quote's.
export const PurchaseCustomerInput = z.strictObject({
  ...QuoteCustomerInput.shape,
  street2: optionalText(200),
});
export type PurchaseCustomerInput = z.output<typeof PurchaseCustomerInput>;

const mustBeTrue = (message: string) => z.boolean().refine((v) => v, { error: message });

export const PurchaseData = z.strictObject({
  uuid: quoteUuid,
  version,
  requestId,
  customer: PurchaseCustomerInput,
  electronicDeliveryConsent: mustBeTrue('The customer must consent to electronic delivery.'),
  termsAccepted: mustBeTrue('The customer must accept the terms and conditions.'),
  paymentPeriod: PaymentPeriod,
  payment: PaymentTokenInput,
});
export type PurchaseData = z.output<typeof PurchaseData>;

export const RetryPaymentData = z.strictObject({
  uuid: quoteUuid,
  version,
  requestId,
  paymentPeriod: PaymentPeriod.optional(),
  payment: PaymentTokenInput,
});
export type RetryPaymentData = z.output<typeof RetryPaymentData>;

export const CustomerRefData = z.strictObject({ customerId });
export type CustomerRefData = z.output<typeof CustomerRefData>;

export const QUOTE_PURCHASE_ACTIONS = [
  'updateQuote',
  'fraudWarning',
  'purchase',
  'retryPayment',
  'acknowledgeFraud',
  'abandonQuote',
  'customer',
  'encodedCustomerId',
] as const;

export const QuotePurchaseActions = [
  wrapperAction('POST', 'updateQuote', UpdateQuoteData),
  wrapperAction('GET', 'fraudWarning', QuoteUuidData),
  wrapperAction('POST', 'purchase', PurchaseData),
  wrapperAction('POST', 'retryPayment', RetryPaymentData),
  wrapperAction('POST', 'acknowledgeFraud', QuoteRefData),
  wrapperAction('POST', 'abandonQuote', QuoteRefData),
  wrapperAction('GET', 'customer', CustomerRefData),
  wrapperAction('GET', 'encodedCustomerId', CustomerRefData),
] as const;

// ----- Answers -----

const AnswerMeta = z.object({ action: z.string(), actionCode: z.string().nullable() });

export const FraudWarningResult = z.object({ flagged: z.boolean(), reason: z.string().nullable() });
export type FraudWarningResult = z.infer<typeof FraudWarningResult>;
export const FraudWarningAnswer = z.object({ data: FraudWarningResult, meta: AnswerMeta });

// SPEC §3 "Customer".
export const Customer = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Customer = z.infer<typeof Customer>;
export const CustomerAnswer = z.object({ data: Customer, meta: AnswerMeta });

export const EncodedCustomerId = z.object({ customer_id: z.number().int(), encoded_customer_id: z.string() });
export type EncodedCustomerId = z.infer<typeof EncodedCustomerId>;
export const EncodedCustomerIdAnswer = z.object({ data: EncodedCustomerId, meta: AnswerMeta });

// ----- Payment session (GET /v1/one-inc-session, POST …/{sessionId}/payment-methods) -----

export const PaymentSession = z.object({
  session_id: z.string(),
  // Central time with offset.
  expires_at: z.string(),
  mode: z.literal('sandbox'),
});
export const PaymentSessionResponse = z.object({ data: PaymentSession });

const field = (max: number) => z.string({ error: 'This field is required.' }).max(max);

// Shapes only; the adapter checks the numbers (Luhn, expiry, ABA) and answers field messages.
export const CardDetails = z.strictObject({
  number: field(40),
  expiry: field(10),
  cvc: field(10),
  name: field(100),
  zip: field(12),
});
export const BankDetails = z.strictObject({
  routingNumber: field(20),
  accountNumber: field(30),
  accountType: field(20),
  name: field(100),
});
// The same bank details as the renters wire writes them (SPEC §3 "account_number, routing_number (wire)"):
// read into the shape above, so one adapter call serves both.
export const WireBankDetails = z
  .strictObject({
    routing_number: field(20),
    account_number: field(30),
    account_type: field(20),
    name: field(100),
  })
  .transform((b) => ({
    routingNumber: b.routing_number,
    accountNumber: b.account_number,
    accountType: b.account_type,
    name: b.name,
  }));
export const PaymentMethodRequest = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('card'), card: CardDetails }),
    z.strictObject({ type: z.literal('bank'), bank: BankDetails }),
  ],
  { error: 'The type must be card or bank.' },
);
export type PaymentMethodRequest = z.output<typeof PaymentMethodRequest>;

export const PaymentMethod = z.object({
  token: z.string(),
  type: z.enum(['card', 'bank']),
  last4: z.string(),
  name: z.string(),
  // MM/YY for a card; null for a bank account.
  expiry: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodResponse = z.object({ data: PaymentMethod });
