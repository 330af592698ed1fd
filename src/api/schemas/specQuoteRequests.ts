import { z } from 'zod';
import { positiveId } from './numbers';
import { PaymentPeriod } from './quoteCommands';

// SPEC §3's quote request and purchase request, as a client written to the specification sends them to
// `POST /v1/quotes`, `POST /v2/quote` and `POST /v2/policies` (docs/quote-actions.md "A quote request as SPEC
// writes it"): camelCase, like the quote search rows and §7's calls. Every field is used or stored; none is
// dropped. The wrapper actions keep their own shapes (quoteCommands.ts, quotePurchase.ts).
const zip = z.string().regex(/^\d{5}$/, { error: 'The zip code must have five digits.' });
const calendarDate = z.iso.date({ error: 'The date must be a date (YYYY-MM-DD).' });
const text = (max: number) => z.string().trim().min(1, { error: 'This field is required.' }).max(max);
const code = z.string().trim().min(1).max(64);
const requestId = z.uuid({ error: 'requestId must be a UUID' });

// How the customer asked for the quote; the closed list the product reports by.
export const QUOTE_METHODS = ['PHONE', 'IN_PERSON', 'EMAIL', 'WEB', 'CHAT'] as const;
const QuoteMethod = z.enum(QUOTE_METHODS, {
  error: `The quote method is one of ${QUOTE_METHODS.join(', ')}.`,
});

// The plan a pet is quoted on; options left out take the state's defaults.
export const SpecCoverage = z.strictObject({
  planCode: code,
  deductible: z.number().positive().max(100_000).optional(),
  reimbursement: z.number().int().min(1).max(100).optional(),
  examFee: z.boolean().optional(),
  wellnessCode: code.nullable().optional(),
});

export const SpecQuotePet = z.strictObject({
  name: text(60),
  species: z.enum(['DOG', 'CAT'], { error: 'The species is DOG or CAT.' }),
  gender: z.enum(['MALE', 'FEMALE'], { error: 'The gender is MALE or FEMALE.' }),
  breed: code,
  age: z.number().int().min(0).max(40),
  // Question id → yes (true) or no (false), every question the agency asks for the species.
  underwritingAnswers: z
    .record(z.string().regex(/^\d+$/, { error: 'Question ids are whole numbers.' }), z.boolean())
    .optional(),
  coverage: SpecCoverage.optional(),
});

// The contact fields are required unless `customerId` names a policyholder to take them from.
export const SpecQuoteRequest = z.strictObject({
  requestId: requestId.optional(),
  customerId: positiveId('The customer').optional(),
  startDate: calendarDate,
  zip: zip.optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  email: z.email({ error: 'The e-mail address is not valid.' }).max(254).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: 'The phone number must have ten digits.' })
    .optional(),
  street: text(200).optional(),
  city: text(100).optional(),
  discountCode: z.string().trim().max(32).nullable().optional(),
  programId: z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()]).optional(),
  entitySourceId: positiveId('The quote source').optional(),
  quoteMethod: QuoteMethod.optional(),
  loggedInAgentId: positiveId('The agent').optional(),
  pets: z.array(SpecQuotePet).min(1, { error: 'A quote needs at least one pet.' }).max(20),
});
export type SpecQuoteRequest = z.output<typeof SpecQuoteRequest>;

// POST /v2/quote: the same request for a quote that exists (`uuid`), or a new one without it.
export const SpecQuoteSave = z.strictObject({
  ...SpecQuoteRequest.shape,
  uuid: z.uuid({ error: 'uuid must be a UUID' }).optional(),
  version: z.number().int().positive().optional(),
});
export type SpecQuoteSave = z.output<typeof SpecQuoteSave>;

// What the client shows of the payment method; each detail sent must be the tokenized method's.
export const SpecPaymentAccount = z.strictObject({
  token: z.string().trim().min(1, { error: 'Choose a payment method.' }).max(100),
  type: z.enum(['card', 'bank'], { error: 'The type is card or bank.' }).optional(),
  lastFour: z
    .string()
    .regex(/^\d{4}$/, { error: 'The last four are four digits.' })
    .optional(),
  cardExpiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'The expiry is MM/YY.' })
    .nullable()
    .optional(),
  name: z.string().trim().min(1).max(200).optional(),
  bank: z.string().trim().min(1).max(200).nullable().optional(),
});

export const SpecPurchaseRequest = z.strictObject({
  // The quote bought: SPEC §3's quote "id (uuid)", under either name.
  quoteId: z.uuid({ error: 'quoteId must be a UUID' }).optional(),
  uuid: z.uuid({ error: 'uuid must be a UUID' }).optional(),
  requestId,
  customerId: positiveId('The customer').optional(),
  electronicDeliveryConsent: z.literal(true, { error: 'The customer must consent to electronic delivery.' }),
  termsAndConditions: z.literal(true, { error: 'The customer must accept the terms and conditions.' }),
  // The fees the client showed for the payment period, in dollars; they must be what is charged.
  fees: z.number().nonnegative().max(100_000).optional(),
  paymentAccount: SpecPaymentAccount,
  paymentMethod: z.enum(['card', 'bank'], { error: 'The payment method is card or bank.' }).optional(),
  paymentPeriod: PaymentPeriod,
  agentId: positiveId('The agent').optional(),
});
export type SpecPurchaseRequest = z.output<typeof SpecPurchaseRequest>;
