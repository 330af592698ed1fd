import { z } from 'zod';
import { BankDetails, CardDetails, WireBankDetails } from './quotePurchase';

// The renters payment method update (SPEC §7 "Customer payment", docs/payments.md "Renters payment
// methods"): a setup intent, the card or bank account tokenized into it, then the method added to the
// customer's payment account as the primary one. The wire speaks the renters wire's snake_case throughout (a
// method is SPEC §3's "Payment method: last_4, type, billing_zip_code, is_primary, is_active"); the portal
// reads a method into SPEC §3's screen record, camelCase ("Payment method (screen)").

const setupIntentId = z.uuid({ error: 'setup_intent_id must be a UUID' });
const billingZip = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, { error: 'The billing zip code must have five digits.' });

// ----- Setup intent -----

export const SetupIntent = z.object({
  setup_intent_id: z.string(),
  // ISO 8601, UTC.
  expires_at: z.string(),
  // The customer's account (opened on first need): the path the method is then added under.
  payment_account_id: z.string(),
});
export type SetupIntent = z.infer<typeof SetupIntent>;
export const SetupIntentResponse = z.object({ data: SetupIntent });

// ----- Tokenize -----

// A card's billing zip is the card's own zip unless given; a bank account has one only if given.
export const TokenizeData = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      setup_intent_id: setupIntentId,
      type: z.literal('card'),
      card: CardDetails,
      billing_zip_code: billingZip.optional(),
    }),
    z.strictObject({
      setup_intent_id: setupIntentId,
      type: z.literal('bank'),
      // The renters wire's snake_case, or the camelCase the portal's shared payment form sends.
      bank: z.union([WireBankDetails, BankDetails]),
      billing_zip_code: billingZip.optional(),
    }),
  ],
  { error: 'The type must be card or bank.' },
);
export type TokenizeData = z.output<typeof TokenizeData>;
export const TokenizeRequest = z.strictObject({ data: TokenizeData });

const MethodType = z.enum(['card', 'bank']);

export const TokenizedMethod = z.object({
  setup_intent_id: z.string(),
  type: MethodType,
  last_4: z.string(),
  billing_zip_code: z.string().nullable(),
});
export type TokenizedMethod = z.infer<typeof TokenizedMethod>;
export const TokenizeResponse = z.object({ data: TokenizedMethod });

// ----- Lookup (GET /v2/renters/payment-methods/lookup?setupIntentId=) -----

export const LookupQuery = z.strictObject({
  setupIntentId: z.uuid({ error: 'setupIntentId must be a UUID' }),
});
export const LookedUpMethod = z.object({
  setup_intent_id: z.string(),
  status: z.enum(['created', 'tokenized', 'attached']),
  type: MethodType.nullable(),
  last_4: z.string().nullable(),
  billing_zip_code: z.string().nullable(),
  // The method made of it, once attached.
  payment_method_id: z.string().nullable(),
  expires_at: z.string(),
});
export const LookupResponse = z.object({ data: LookedUpMethod });

// ----- Methods (SPEC §3 "Payment method (screen)") -----

export const AddPaymentMethodRequest = z.strictObject({
  data: z.strictObject({
    setup_intent_id: setupIntentId,
    // Only a primary method can be added: the customer's policies are billed by exactly one.
    is_primary: z.literal(true, { error: 'A new payment method must be made primary.' }).default(true),
  }),
});

// id, payment_account_id and processor_payment_method_id are null for the method "on file" of a policy sold
// before payment accounts existed: the sale's last four digits, without a token to show.
export const RentersPaymentMethodWire = z.object({
  id: z.string().nullable(),
  payment_account_id: z.string().nullable(),
  type: MethodType,
  processor_payment_method_id: z.string().nullable(),
  last_4: z.string(),
  billing_zip_code: z.string().nullable(),
  is_active: z.boolean(),
  is_primary: z.boolean(),
});
export type RentersPaymentMethodWire = z.infer<typeof RentersPaymentMethodWire>;
export const RentersPaymentMethodWireResponse = z.object({ data: RentersPaymentMethodWire });
// SPEC §7 "GET …/payment_methods/{methodId}: query include": `include=payment_account` adds the account the
// method is kept under (comma-separated, as every list-valued field).
export const PAYMENT_METHOD_INCLUDES = ['payment_account'] as const;
type PaymentMethodInclude = (typeof PAYMENT_METHOD_INCLUDES)[number];
const isInclude = (name: string): name is PaymentMethodInclude =>
  (PAYMENT_METHOD_INCLUDES as readonly string[]).includes(name);
export const PaymentMethodQuery = z.strictObject({
  include: z
    .string()
    .max(100)
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .refine((names) => names.every(isInclude), { error: 'include takes payment_account.' })
    .transform((names) => names.filter(isInclude))
    .optional(),
});
export const RentersPaymentMethodIncludedWireResponse = z.object({
  data: RentersPaymentMethodWire.extend({
    payment_account: z.object({ id: z.string(), customer_id: z.number().int() }).optional(),
  }),
});
export const RentersPaymentMethodListWireResponse = z.object({ data: z.array(RentersPaymentMethodWire) });
export const AddPaymentMethodWireResponse = z.object({
  data: RentersPaymentMethodWire,
  // The policies told of the change (renters.paymentMethodChanged).
  meta: z.object({ policy_numbers: z.array(z.string()) }),
});

// SPEC §3 "Payment method (screen): id, paymentAccountId, typeCode, processorPaymentMethodId, last4,
// billingZipCode, isActive, isPrimary": the wire's method as the screens read it.
export const RentersPaymentMethod = RentersPaymentMethodWire.transform((m) => ({
  id: m.id,
  paymentAccountId: m.payment_account_id,
  typeCode: m.type,
  processorPaymentMethodId: m.processor_payment_method_id,
  last4: m.last_4,
  billingZipCode: m.billing_zip_code,
  isActive: m.is_active,
  isPrimary: m.is_primary,
}));
export type RentersPaymentMethod = z.output<typeof RentersPaymentMethod>;
export const RentersPaymentMethodResponse = z.object({ data: RentersPaymentMethod });
export const RentersPaymentMethodListResponse = z.object({ data: z.array(RentersPaymentMethod) });
export const AddPaymentMethodResponse = z.object({
  data: RentersPaymentMethod,
  meta: z.object({ policy_numbers: z.array(z.string()) }),
});
export type AddPaymentMethodResponse = z.output<typeof AddPaymentMethodResponse>;
