import { z } from 'zod';
import { checkStateAndZip } from './addressChecks';
import { HistoryEntry } from './history';
import { pageOf } from './paging';
import { MAX_INT } from './numbers';

// The renters policy edit screen (/renters/customers/{customerId}/policies/{matterId}): the SPEC §3 "Renters
// policy record as shown on screen" in camelCase, as the SPEC names it, with what the screen's other panels
// need; the edit requests are snake_case like the rest of the renters wire. Money in decimal dollars, dates
// YYYY-MM-DD (UTC), timestamps ISO 8601.
const day = z.string();
const money = z.number();

export const RENTERS_ADDRESS_TYPES = ['MAILING', 'PROPERTY', 'INTPARTY'] as const;
export type RentersAddressTypeCode = (typeof RENTERS_ADDRESS_TYPES)[number];
export const RENTERS_NUMBER_TYPES = ['MOBILE', 'HOME', 'WORK'] as const;
export type RentersNumberType = (typeof RENTERS_NUMBER_TYPES)[number];
// The privilege each edit needs besides renters_policy_ax (SPEC §6 "Renters").
export const RENTERS_ADDRESS_PRIVILEGES: Readonly<Record<RentersAddressTypeCode, string>> = {
  MAILING: 'renters_mailing_edit',
  PROPERTY: 'renters_proprty_edit',
  INTPARTY: 'renters_intparty_add',
};
export const RENTERS_MAX_ADDITIONAL_INSUREDS = 5;

export const RentersRecordAddress = z.object({
  typeCode: z.enum(RENTERS_ADDRESS_TYPES),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  stateCode: z.string(),
  zipCode: z.string(),
});
export type RentersRecordAddress = z.infer<typeof RentersRecordAddress>;

export const RentersAdditionalInsured = z.object({
  // The policy's nth additional insured ever added (SPEC §7: DELETE takes an id number); never reused.
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type RentersAdditionalInsured = z.infer<typeof RentersAdditionalInsured>;

// A cancellation or non-renewal reason as GET /v2/renters/cancellation-reasons names it.
const EndingReason = z.object({
  code: z.string(),
  name: z.string(),
  scope: z.enum(['cancel', 'discontinue']),
});

export const RentersPolicyRecord = z.object({
  id: z.number().int(),
  isCurrent: z.boolean(),
  sentToCarrier: z.boolean(),
  canBeDiscontinued: z.boolean(),
  canBeFlatCancelled: z.boolean(),
  canBeReinstated: z.boolean(),
  hasUnconfirmedAddress: z.boolean(),
  hasPendingRenewalPayment: z.boolean(),
  // The address types entered by staff and not confirmed since (what hasUnconfirmedAddress sums up), each
  // with its "Confirm address" action on the screen.
  unconfirmedAddresses: z.array(z.enum(RENTERS_ADDRESS_TYPES)),
  additionalInsureds: z.array(RentersAdditionalInsured),
  matterIds: z.array(z.number().int()),
  summary: z.object({
    policyNumber: z.string(),
    statusCode: z.string(),
    inceptionDate: day,
    effectiveDate: day,
    expirationDate: day,
    termInterval: z.enum(['annual', 'monthly']),
    termPremium: money,
    upcomingPaymentDate: day.nullable(),
    upcomingPaymentAmount: money.nullable(),
    nonRenew: z.boolean(),
    nonRenewEffectiveDate: day.nullable(),
  }),
  policyholder: z.object({
    customerId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
    welcomeEmailSentAt: z.string().nullable(),
    primaryContact: z.object({
      typeCode: z.literal('PRIMARY'),
      numberType: z.enum(RENTERS_NUMBER_TYPES),
      number: z.string(),
      extension: z.string().nullable(),
      additionalInfo: z.string().nullable(),
    }),
    mailingAddress: RentersRecordAddress,
  }),
  property: z.object({
    address: RentersRecordAddress,
    interestedPartyAddress: RentersRecordAddress.nullable(),
    interestedPartyName: z.string().nullable(),
  }),
  coverage: z.object({
    contents: z.object({ amount: money, additionalLivingExpense: money, deductible: money }),
    liability: z.object({ amount: money, medicalPayments: money, damageToPropertyOfOthers: money }),
    optional: z.object({ theft: z.boolean(), replacementCost: z.boolean() }),
  }),
  // For the screen's other panels (changes, rewrite, payment method).
  policyVersion: z.number().int(),
  machineState: z.string(),
  rewriteOf: z.string().nullable(),
  rewrittenAs: z.string().nullable(),
  cancellationDate: day.nullable(),
  // Why the policy ends: its standing cancellation's reason (scope cancel), else its non-renewal's (scope
  // discontinue); null when neither stands. The non-renewal's own reason beside it, while the policy is not
  // to renew (docs/renters-policy-record.md).
  cancellationReason: EndingReason.nullable(),
  nonRenewReason: EndingReason.nullable(),
  paymentMethod: z.object({ type: z.enum(['card', 'bank']), last4: z.string() }),
  // The next term offered ahead of the expiration date (docs/policy-dates.md); null until it is offered, and
  // once the policy is set to end.
  renewalOffer: z
    .object({ effectiveDate: day, expirationDate: day, termPremium: money, total: money })
    .nullable(),
});
export type RentersPolicyRecord = z.infer<typeof RentersPolicyRecord>;
export const RentersPolicyRecordResponse = z.object({ data: RentersPolicyRecord });

// --- Requests ---------------------------------------------------------------------------------------------

const required = (label: string, max: number) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .min(1, { error: `The ${label} is required.` })
    .max(max, { error: `The ${label} may be at most ${max} characters.` });
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, { error: `The ${label} may be at most ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));
// The version the screen showed: a stale one is refused (409); without it the last write wins.
const policyVersion = z
  .number({ error: 'The policy version must be a whole number.' })
  .int({ error: 'The policy version must be a whole number.' })
  .min(1, { error: 'The policy version must be at least 1.' })
  .max(MAX_INT, { error: 'The policy version may not be greater than 2,147,483,647.' })
  .optional();
// People type phone numbers with punctuation; ten digits are kept.
const phoneDigits = (label: string) =>
  z
    .string({ error: `The ${label} is required.` })
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{10}$/, { error: `The ${label} must have 10 digits.` }));

export const RentersContactRequest = z.strictObject({
  data: z.strictObject({
    number_type: z
      .enum(RENTERS_NUMBER_TYPES, { error: 'The number type must be MOBILE, HOME or WORK.' })
      .default('MOBILE'),
    number: phoneDigits('phone number'),
    extension: z
      .string({ error: 'The extension must be text.' })
      .trim()
      .regex(/^\d{0,6}$/, { error: 'The extension must be at most 6 digits.' })
      .nullish()
      .transform((value) => (value ? value : null)),
    // SPEC §3 contact "additional_info"; absent or blank keeps none.
    additional_info: z
      .string({ error: 'The additional info must be text.' })
      .trim()
      .max(200, { error: 'The additional info may be at most 200 characters.' })
      .nullish()
      .transform((value) => (value ? value : null)),
    policy_version: policyVersion,
  }),
});
export type RentersContactRequest = z.output<typeof RentersContactRequest>['data'];

const addressType = z.enum(RENTERS_ADDRESS_TYPES, {
  error: 'The address type must be MAILING, PROPERTY or INTPARTY.',
});
const addressState = z
  .string({ error: 'The state is required.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'The state must be a two-letter code.' });
const addressZip = z
  .string({ error: 'The ZIP code is required.' })
  .trim()
  .regex(/^\d{5}$/, { error: 'The ZIP code must be 5 digits.' });

// The address model of SPEC §3 (address_type, line_1, line_2, city, state_code, zip_code) ...
const AddressFields = z
  .strictObject({
    address_type: addressType,
    line_1: required('address line 1', 100),
    line_2: optionalText('address line 2', 100),
    city: required('city', 60),
    state_code: addressState,
    zip_code: addressZip,
    name: optionalText('interested party name', 120),
    policy_version: policyVersion,
  })
  .superRefine((a, ctx) =>
    checkStateAndZip(ctx, { state: a.state_code, zip: a.zip_code }, { state: 'state_code', zip: 'zip_code' }),
  );
// ... or its address block (loc_type, name, address_1, address_2, city, state_code, zip), read as the same.
const AddressBlock = z
  .strictObject({
    loc_type: addressType,
    name: optionalText('interested party name', 120),
    address_1: required('address line 1', 100),
    address_2: optionalText('address line 2', 100),
    city: required('city', 60),
    state_code: addressState,
    zip: addressZip,
    policy_version: policyVersion,
  })
  .superRefine((b, ctx) =>
    checkStateAndZip(ctx, { state: b.state_code, zip: b.zip }, { state: 'state_code', zip: 'zip' }),
  )
  .transform(({ loc_type, address_1, address_2, zip, ...rest }) => ({
    ...rest,
    address_type: loc_type,
    line_1: address_1,
    line_2: address_2,
    zip_code: zip,
  }));

export const RentersAddressRequest = z.strictObject({
  data: z.union([AddressFields, AddressBlock]).superRefine((value, ctx) => {
    if (value.address_type === 'INTPARTY' && !value.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: "The interested party's name is required." });
  }),
});
export type RentersAddressRequest = z.output<typeof RentersAddressRequest>['data'];

// Staff confirm an address they entered once the policyholder has confirmed it (docs/renters-policy-record.md
// "Unconfirmed addresses").
export const RentersAddressConfirmRequest = z.strictObject({
  data: z.strictObject({ address_type: addressType, policy_version: policyVersion }),
});
export type RentersAddressConfirmRequest = z.output<typeof RentersAddressConfirmRequest>['data'];

export const RentersInsuredAddRequest = z.strictObject({
  data: z.strictObject({
    name_first: required('first name', 60),
    name_last: required('last name', 60),
    email: z
      .string({ error: 'The email must be text.' })
      .trim()
      .toLowerCase()
      .pipe(z.union([z.literal(''), z.email({ error: 'The email must be an email address.' }).max(254)]))
      .nullish()
      .transform((value) => (value ? value : null)),
    phone: z
      .string({ error: 'The phone must be text.' })
      .transform((value) => value.replace(/\D/g, ''))
      .pipe(z.string().regex(/^(\d{10})?$/, { error: 'The phone must have 10 digits.' }))
      .nullish()
      .transform((value) => (value ? value : null)),
    policy_version: policyVersion,
  }),
});
export type RentersInsuredAddRequest = z.output<typeof RentersInsuredAddRequest>['data'];

// SPEC §3: the delete body is the insured's id.
const insuredNumber = z
  .number({ error: 'The additional insured id must be a number.' })
  .int({ error: 'The additional insured id must be a whole number.' })
  .min(1, { error: 'The additional insured id must be a whole number.' })
  .max(1000, { error: 'The additional insured was not found.' });

// SPEC §7: "DELETE additional-insureds (delete body is an id number)": the bare number, or the portal's
// `{data: {id, policy_version}}` that also carries the version it saw.
export const RentersInsuredDeleteRequest = z.union([
  insuredNumber.transform((id) => ({ id, policy_version: undefined })),
  z
    .strictObject({ data: z.strictObject({ id: insuredNumber, policy_version: policyVersion }) })
    .transform(({ data }) => data),
]);

export const RentersReceiptQuery = z.object({
  policyNumber: z
    .string({ error: 'The policy number is required.' })
    .trim()
    .toUpperCase()
    .regex(/^RNT-[A-Z]{2}-\d{8}$/, { error: 'The policy number must look like RNT-TX-00001234.' }),
});

// --- Lists of the screen's tabs ---------------------------------------------------------------------------

// The stream as history rows, each with a readable label of what happened.
export const RentersPolicyEventEntry = HistoryEntry.extend({ label: z.string() });
export type RentersPolicyEventEntry = z.infer<typeof RentersPolicyEventEntry>;
export const RentersPolicyEventsResponse = z.object({ data: z.array(RentersPolicyEventEntry) });

// SPEC §3 Payment: amount, ledger_type, status, transaction_date, due_date.
export const RentersPayment = z.object({
  id: z.string(),
  amount: money,
  ledger_type: z.enum(['CHARGE', 'REFUND']),
  status: z.enum(['SUCCEEDED', 'FAILED', 'SCHEDULED', 'PENDING']),
  transaction_date: day.nullable(),
  due_date: day.nullable(),
  reference: z.string().nullable(),
});
export type RentersPayment = z.infer<typeof RentersPayment>;
// Paged as every payment list: page 1 of 5 rows unless asked (SPEC §9), newest first.
export const RENTERS_PAYMENT_PAGE_LIMIT = 5;
export const RentersPaymentsResponse = pageOf(RentersPayment);

export const RentersPolicyNotesPage = pageOf(
  z.object({
    id: z.string(),
    note: z.string(),
    createdAt: z.string(),
    createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
);
