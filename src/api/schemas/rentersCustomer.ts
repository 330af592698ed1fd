import { z } from 'zod';
import { recordVersion } from './numbers';
import { RENTERS_ADDRESS_TYPES, RENTERS_NUMBER_TYPES } from './rentersPolicyRecord';

// The renters customer (SPEC §3 renters wire models "customer", "address", "contact"; §7 "Customer payment":
// GET and POST customers/{customerId}) and the payment service's public credentials (§7 GET credentials).
// Snake_case as SPEC writes the renters wire. Where each field comes from: docs/renters-policy-record.md
// "The customer".

export const RentersCustomerAddress = z.object({
  address_type: z.enum(RENTERS_ADDRESS_TYPES),
  line_1: z.string(),
  line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  property_name: z.string().nullable(),
  property_owner: z.string().nullable(),
  confirmed: z.boolean(),
});
export type RentersCustomerAddress = z.infer<typeof RentersCustomerAddress>;

export const RentersCustomerContact = z.object({
  type: z.literal('PRIMARY'),
  number_type: z.enum(RENTERS_NUMBER_TYPES),
  number: z.string(),
  additional_info: z.string().nullable(),
  extension: z.string().nullable(),
});

export const RentersCustomerPolicy = z.object({
  policy_number: z.string(),
  matter_id: z.number().int(),
  status_code: z.string(),
  effective_at: z.string(),
  expiration_at: z.string(),
  term_interval: z.enum(['annual', 'monthly']),
});

export const RentersCustomer = z.object({
  id: z.number().int(),
  guid: z.uuid(),
  email: z.string(),
  name_first: z.string(),
  name_last: z.string(),
  full_name: z.string(),
  welcome_email_sent: z.string().nullable(),
  addresses: z.array(RentersCustomerAddress),
  contacts: z.array(RentersCustomerContact),
  policies: z.array(RentersCustomerPolicy),
});
export type RentersCustomer = z.infer<typeof RentersCustomer>;

// `meta.version`: the customer's version, to send back as `data.version` with an edit.
export const RentersCustomerResponse = z.object({
  data: RentersCustomer,
  meta: z.object({ version: z.number().int() }),
});
export type RentersCustomerResponse = z.infer<typeof RentersCustomerResponse>;

const name = (label: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .min(1, { error: `The ${label} may not be blank.` })
    .max(60, { error: `The ${label} may be at most 60 characters.` })
    .optional();

export const RentersCustomerEditRequest = z.strictObject({
  data: z
    .strictObject({
      name_first: name('first name'),
      name_last: name('last name'),
      email: z
        .string({ error: 'The email must be text.' })
        .trim()
        .pipe(z.email({ error: 'The email must be an email address.' }).max(254))
        .optional(),
      // The version the screen showed (meta.version): a stale one is refused (409); without it the last
      // write wins.
      version: recordVersion('The version').optional(),
    })
    .refine((d) => d.name_first !== undefined || d.name_last !== undefined || d.email !== undefined, {
      error: 'Give a first name, a last name or an email to change.',
    }),
});
export type RentersCustomerEditRequest = z.output<typeof RentersCustomerEditRequest>['data'];

// What a browser needs to tokenize a card or bank account with the payment service: never a secret.
export const RentersCredentials = z.object({
  processor: z.string(),
  mode: z.enum(['sandbox', 'production']),
  // The processor's publishable key; null when the service takes no key from the browser (the sandbox).
  public_key: z.string().nullable(),
  // Where the browser sends the details to be tokenized.
  tokenize_url: z.string(),
  payment_types: z.array(z.enum(['card', 'bank'])),
});
export type RentersCredentials = z.infer<typeof RentersCredentials>;
export const RentersCredentialsResponse = z.object({ data: RentersCredentials });
