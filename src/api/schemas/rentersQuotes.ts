import { z } from 'zod';
import { checkStateAndZip } from './addressChecks';
import { moneyAmount, recordVersion, wholeNumber } from './numbers';
import { RentersCustomerAddress } from './rentersCustomer';

// The renters quote API (docs/renters-quotes.md): wire models snake_case (SPEC §3 "Renters"), money in
// decimal dollars, dates YYYY-MM-DD in UTC. The server turns dollars into integer cents.
const zip = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { error: 'The zip code must have five digits.' });
const stateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'The state must be a two-letter code.' });
const calendarDate = z.iso.date({ error: 'The date must be a date (YYYY-MM-DD).' });
const text = (max: number) => z.string().trim().min(1, { error: 'This field is required.' }).max(max);
// SPEC §3: text trimmed, an empty second line is null.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));
// The version of the quote the client edited; a stale one is a 409 (docs/conventions.md).
const version = recordVersion().optional();
const dollars = moneyAmount();

const addressFields = {
  line_1: text(100),
  line_2: optionalText(100),
  city: text(60),
  state: stateCode,
  zip_code: zip,
};
const checkFields = (a: { state: string; zip_code: string }, ctx: z.RefinementCtx) =>
  checkStateAndZip(ctx, { state: a.state, zip: a.zip_code }, { state: 'state', zip: 'zip_code' });
const AddressFields = z.strictObject(addressFields).superRefine(checkFields);
export type RentersAddressWire = z.output<typeof AddressFields>;

type LocType = 'MAILING' | 'PROPERTY' | 'INTPARTY';
// SPEC §3 writes an address two ways: the address model (line_1, line_2, city, state, zip_code) and the
// address block of the wire (loc_type, name, address_1, address_2, city, state_code, zip). Both are read;
// a block becomes the address it holds. Its loc_type, when sent, must be the block's own.
const addressBlock = (loc: LocType, name: z.ZodType<string | null | undefined>) =>
  z
    .strictObject({
      loc_type: z.literal(loc, { error: `The loc_type of this address is ${loc}.` }).optional(),
      name,
      address_1: text(100),
      address_2: optionalText(100),
      city: text(60),
      state_code: stateCode,
      zip,
    })
    .superRefine((b, ctx) =>
      checkStateAndZip(ctx, { state: b.state_code, zip: b.zip }, { state: 'state_code', zip: 'zip' }),
    )
    .transform((b) => ({
      line_1: b.address_1,
      line_2: b.address_2,
      city: b.city,
      state: b.state_code,
      zip_code: b.zip,
      ...(b.name ? { name: b.name } : {}),
    }));

// An address in either of SPEC's two ways (a block's `name` is ignored but for an interested party).
export const rentersAddressWire = (loc: LocType) =>
  z.union([AddressFields, addressBlock(loc, optionalText(100)).transform(({ name: _, ...a }) => a)]);

export const InterestedPartyWire = z.union([
  z.strictObject({ ...addressFields, name: text(100) }).superRefine(checkFields),
  addressBlock('INTPARTY', text(100)).transform((a) => ({ ...a, name: a.name ?? '' })),
]);

const RentersPropertyStep = z.strictObject({
  property: rentersAddressWire('PROPERTY'),
  effective_date: calendarDate,
  interested_party: InterestedPartyWire.nullish().transform((p) => p ?? null),
});

export const StartRentersQuoteRequest = RentersPropertyStep.extend({
  // A rewrite (SPEC §4): the cancelled or non-renewing policy the new quote replaces, prefilled from it.
  rewrite_of: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^RNT-[A-Z]{2}-\d{8}$/, { error: 'The policy number must look like RNT-TX-00000042.' })
    .optional(),
});
export type StartRentersQuoteRequest = z.output<typeof StartRentersQuoteRequest>;

// The start step saved again, after going back to it (a rewrite stays the rewrite it started as).
export const SaveRentersPropertyRequest = RentersPropertyStep.extend({ version });

export const RentersCoverageWire = z.strictObject({
  contents: z.strictObject({
    amount: dollars,
    deductible_amount: dollars,
    additional_living_expense: dollars,
    is_preferred_property: z.boolean(),
  }),
  liability: z.strictObject({
    amount: dollars,
    damage_to_property_of_others_amount: dollars,
    medical_payments_amount: dollars,
  }),
  optional: z.strictObject({
    combined_personal_property_value: dollars.default(0),
    // A level of the rate tables' list (0 to 2 today); the rating refuses one it does not list.
    enhancement_endorsement_level: wholeNumber({ min: 0, max: 99, what: 'The enhancement level' }).default(0),
    identity_fraud_amount: dollars.default(0),
    include_replacement_cost: z.boolean().default(false),
    include_theft: z.boolean().default(false),
    include_water_damage: z.boolean().default(false),
    include_wind_hail_exclusion: z.boolean().default(false),
  }),
});
export type RentersCoverageWire = z.output<typeof RentersCoverageWire>;

export const TermIntervalWire = z.enum(['annual', 'monthly'], {
  error: 'The term interval must be annual or monthly.',
});

export const ChooseRentersCoverageRequest = z.strictObject({
  term_interval: TermIntervalWire,
  coverage: RentersCoverageWire,
  version,
});
export type ChooseRentersCoverageRequest = z.output<typeof ChooseRentersCoverageRequest>;

export const RentersContactWire = z.strictObject({
  type: z.enum(['PRIMARY', 'SECONDARY']),
  number_type: z.enum(['MOBILE', 'HOME', 'WORK']).default('MOBILE'),
  number: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{10}$/, { error: 'The phone number must have ten digits.' })),
  extension: optionalText(6).pipe(
    z
      .string()
      .regex(/^\d{1,6}$/, { error: 'The extension must be up to six digits.' })
      .nullable(),
  ),
  additional_info: optionalText(200),
});

export const GiveRentersCustomerRequest = z.strictObject({
  customer: z.strictObject({
    name_first: text(60),
    name_last: text(60),
    email: z.email({ error: 'The e-mail address is not valid.' }).max(254),
    // null: mail goes to the property address.
    mailing_address: rentersAddressWire('MAILING')
      .nullish()
      .transform((a) => a ?? null),
  }),
  contacts: z
    .array(RentersContactWire)
    .min(1, { error: 'Give one primary phone number.' })
    .max(5)
    .refine((list) => list.filter((c) => c.type === 'PRIMARY').length === 1, {
      error: 'Give exactly one primary phone number.',
    }),
  version,
});
export type GiveRentersCustomerRequest = z.output<typeof GiveRentersCustomerRequest>;

export const GiveRentersPaymentRequest = z.strictObject({
  // A token from the payment session endpoints; card and account numbers never come here.
  token: text(200),
  billing_zip_code: zip,
  version,
});
export type GiveRentersPaymentRequest = z.output<typeof GiveRentersPaymentRequest>;

export const RentersBackRequest = z.strictObject({ version }).default({});

const PurchaseFields = z.strictObject({
  // The idempotency key: the same one again is answered from the log and never charged twice.
  request_id: z.uuid({ error: 'request_id must be a UUID' }),
  terms_accepted: z.literal(true, { error: 'The terms must be accepted.' }),
  // The total the agent agreed to; a price that moved since is refused.
  total: dollars,
  // After a declined payment: another token to charge (else the quote's own).
  token: text(200).optional(),
  billing_zip_code: zip.optional(),
  version,
});
// SPEC §7 "POST purchase: body data": the fields under `data`, or (as the portal sends them) bare.
export const PurchaseRentersQuoteRequest = z.union([
  PurchaseFields,
  z.strictObject({ data: PurchaseFields }).transform(({ data }) => data),
]);
export type PurchaseRentersQuoteRequest = z.output<typeof PurchaseRentersQuoteRequest>;

export const RentersCoverageOptionsQuery = z.strictObject({
  state: stateCode,
  effective_date: calendarDate,
});

const OptionRule = z.object({
  allow: z.boolean(),
  type: z.enum(['list', 'range']),
  values: z.array(z.number()),
  step: z.number().nullable().optional(),
  field: z.string(),
});
export const RentersCoverageOptionsResponse = z.object({
  data: z.object({
    state_code: z.string(),
    effective_date: z.string(),
    sold: z.boolean(),
    options: z.record(z.string(), OptionRule),
  }),
});

const AddressOut = z.object({
  line_1: z.string(),
  line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});

// SPEC §3's renters address model, as a quote answers its addresses.
export const RentersQuoteAddress = RentersCustomerAddress;
export type RentersQuoteAddress = z.output<typeof RentersQuoteAddress>;

const QuotePerson = z.object({ id: z.number().int(), name: z.string() });

const ScheduledPayment = z.object({
  number: z.number(),
  due_date: z.string(),
  premium: z.number(),
  taxes: z.number(),
  fees: z.number(),
  total: z.number(),
});

// SPEC §3 "Quote: id, changeset_id, email, names, state_code, zip_code, term_interval, effective_at,
// transaction_type, status, status_at, sold, sold_by, sold_on, premium, term_premium, customer, addresses,
// contacts, coverage, taxes, fees, producer, quoted_by", beside what the journey's screens need.
export const RentersQuoteView = z.object({
  id: z.string(),
  // The version of the quote's log the answer was read at (the same number as `version`).
  changeset_id: z.number().int(),
  version: z.number(),
  email: z.string().nullable(),
  name_first: z.string().nullable(),
  name_last: z.string().nullable(),
  state_code: z.string().nullable(),
  zip_code: z.string().nullable(),
  effective_at: z.string().nullable(),
  transaction_type: z.enum(['NEW_BUSINESS', 'REWRITE']),
  status: z.enum(['OPEN', 'QUOTED', 'PURCHASING', 'PAYMENT_FAILED', 'SOLD']),
  status_at: z.string(),
  sold: z.boolean(),
  sold_by: QuotePerson.nullable(),
  // The business date of the sale.
  sold_on: z.string().nullable(),
  term_premium: z.number().nullable(),
  taxes: z.number().nullable(),
  fees: z.number().nullable(),
  addresses: z.array(RentersQuoteAddress),
  // The agency the quote is made for.
  producer: z.object({ id: z.number().int(), entity_code: z.string(), entity_name: z.string() }),
  quoted_by: QuotePerson.nullable(),
  entity_code: z.string().nullable(),
  // The journey state (start, coverage, customer, payment, review, purchasing, paymentFailed, purchased).
  step: z.string(),
  route: z.string(),
  rewrite_of: z.string().nullable(),
  created_at: z.string(),
  property: AddressOut.nullable(),
  effective_date: z.string().nullable(),
  interested_party: AddressOut.extend({ name: z.string() }).nullable(),
  term_interval: z.enum(['annual', 'monthly']).nullable(),
  coverage: z.unknown().nullable(),
  premium: z
    .object({
      term_interval: z.enum(['annual', 'monthly']),
      term_premium: z.number(),
      taxes: z.number(),
      fees: z.number(),
      total: z.number(),
      expiration_date: z.string().nullable(),
      schedule: z.array(ScheduledPayment),
      next_bill: z.object({ due_date: z.string(), amount: z.number() }).nullable(),
    })
    .nullable(),
  customer: z
    .object({
      name_first: z.string(),
      name_last: z.string(),
      email: z.string(),
      mailing_address: AddressOut.nullable(),
    })
    .nullable(),
  contacts: z.array(
    z.object({
      type: z.string(),
      number_type: z.string(),
      number: z.string(),
      additional_info: z.string().nullable(),
      extension: z.string().nullable(),
    }),
  ),
  payment_method: z
    .object({ type: z.enum(['card', 'bank']), last_4: z.string(), billing_zip_code: z.string() })
    .nullable(),
  payment_error: z.string().nullable(),
  policy: z
    .object({
      policy_number: z.string(),
      // Where the policy screen finds it (/renters/customers/{customer_id}/policies/{matter_id}).
      customer_id: z.number().int().nullable(),
      matter_id: z.number().int().nullable(),
      status_code: z.string(),
      term_interval: z.enum(['annual', 'monthly']),
      term_premium: z.number(),
      effective_at: z.string(),
      expiration_at: z.string(),
    })
    .nullable(),
});
export type RentersQuoteView = z.output<typeof RentersQuoteView>;

export const RentersQuoteResponse = z.object({ data: RentersQuoteView });
