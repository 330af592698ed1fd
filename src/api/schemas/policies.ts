import { z } from 'zod';
import { integerParam } from './params';
import { recordVersion } from './numbers';

// Wire contract of one pet policy (SPEC §3 "Policy detail", §7; issue 5): the view, the policyholder edit,
// the cancellation preview/commit and the policy's events. camelCase as SPEC §3 names the fields; money in
// decimal dollars, dates YYYY-MM-DD.

// SPEC §5: with the message of every id in a path (a matter 0 is simply not found).
export const MatterIdParams = z.object({ matterId: integerParam('matterId') });

export const PolicyViewQuery = z.object({
  // SPEC §9: the policy edit term is the current one, the only term a pet policy has so far.
  term: z.enum(['current'], { error: 'The term must be current.' }).default('current'),
});

const day = z.string();
const WaitingPeriod = z.object({ unit: z.enum(['DAY', 'MONTH']), value: z.number().int() });

export const PolicyView = z.object({
  matterId: z.number().int(),
  // The matter ids of every policy of the same policyholder the caller may see (two pets → two ids).
  customerMatterIds: z.array(z.number().int()),
  // SPEC §3 "the customer's matterIds" by its own name; the same list as customerMatterIds.
  matterIds: z.array(z.number().int()),
  // The same policies, named for the screen's links to them (pet: one policy per pet).
  customerPolicies: z.array(
    z.object({ matterId: z.number().int(), policyNumber: z.string(), petName: z.string() }),
  ),
  version: z.number().int(),
  summary: z.object({
    policyNumber: z.string(),
    termType: z.string(),
    status: z.string(),
    effectiveDate: day,
    expirationDate: day,
    inceptionDate: day,
    cancellationEffectiveDate: day.nullable(),
    // A committed cancellation still waiting for its date: the policy is in force until then and reads
    // "Cancels on <date>" (docs/policy-dates.md); the status is CANCELLED from the commit either way.
    cancellationPending: z.boolean(),
    entityCode: z.string(),
    entityName: z.string(),
    // The code of the brand the policy was sold under and its name (docs/pet-policy-record.md "Brand").
    brand: z.string().nullable(),
    brandName: z.string().nullable(),
    // The plan of the policy's coverage: its code and its name as the plan list gives it.
    planCode: z.string(),
    planName: z.string(),
    // The purchase's charge went through at its first attempt (docs/pet-policy-record.md "Initial payment").
    initPaySuccessful: z.boolean(),
  }),
  policyholder: z.object({
    customerId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  pet: z.object({
    name: z.string(),
    species: z.enum(['DOG', 'CAT']),
    gender: z.enum(['MALE', 'FEMALE']),
    breed: z.string(),
    ageAtInception: z.number().int(),
    withUsSince: day,
  }),
  coverage: z.object({
    annualPremium: z.number(),
    // null: unlimited.
    annualCoverage: z.number().nullable(),
    // 100 − reimbursement, in percent.
    copay: z.number(),
    deductible: z.number(),
    reimbursement: z.number(),
    wellnessLevel: z.string().nullable(),
    // SPEC §3 "Quote pet" start dates and waiting periods, of the policy's plan from its inception date
    // (docs/rating.md "Waiting periods"); null when the plan has none filed.
    startDates: z
      .object({ general: day, accident: day, illness: day, kneeLigament: day, wellness: day })
      .nullable(),
    waitingPeriods: z
      .object({
        accident: WaitingPeriod,
        illness: WaitingPeriod,
        kneeLigament: WaitingPeriod,
        wellness: WaitingPeriod,
      })
      .nullable(),
  }),
  // What the policy lifecycle statechart allows now (the server refuses the rest anyway).
  can: z.object({ cancel: z.boolean(), edit: z.boolean() }),
  // The next term offered ahead of the expiration date (docs/policy-dates.md); null until it is offered.
  renewal: z.object({ effectiveDate: day, expirationDate: day, annualPremium: z.number() }).nullable(),
  // SPEC §3's quote attribution carried into the policy (docs/pet-policy-record.md "Sold through"): the
  // agency, the platform and method of the quote, the agency's quote source, and the quote's partner and
  // reference data. Null for a policy without its quote.
  soldThrough: z
    .object({
      entityCode: z.string(),
      entityName: z.string(),
      quotingPlatform: z.string().nullable(),
      quoteMethod: z.string().nullable(),
      programId: z.string().nullable(),
      entitySource: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
      partnerData: z.object({ code: z.string(), name: z.string() }).nullable(),
      referenceData: z
        .object({ reference: z.string().nullable(), values: z.record(z.string(), z.string()) })
        .nullable(),
    })
    .nullable(),
});
export type PolicyView = z.infer<typeof PolicyView>;
export const PolicyViewResponse = z.object({ data: PolicyView });

const contactText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `The ${what} is required.` })
    .max(max, { error: `The ${what} may have at most ${max} characters.` });

export const PolicyholderEdit = z.strictObject({
  data: z.strictObject({
    version: recordVersion().optional(),
    reason: contactText(500, 'reason'),
    email: z.email({ error: 'The e-mail address is not valid.' }).max(254).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\d{10}$/, { error: 'The phone number must have ten digits.' })
      .optional(),
    addressLine1: contactText(200, 'address line 1').optional(),
    // Blank clears the second line.
    addressLine2: z
      .string()
      .trim()
      .max(200, { error: 'The address line 2 may have at most 200 characters.' })
      .nullable()
      .optional(),
    city: contactText(100, 'city').optional(),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, { error: 'The zip code must have five digits.' })
      .optional(),
  }),
});
export type PolicyholderEdit = z.output<typeof PolicyholderEdit>['data'];

export const CANCEL_REASONS = ['CUSTOMER_REQUEST', 'NON_PAYMENT', 'PET_DECEASED', 'OTHER'] as const;

export const CancelRequest = z.strictObject({
  data: z.strictObject({
    cancelDate: z.iso.date({ error: 'The cancel date must be a date (YYYY-MM-DD).' }),
    reason: z.enum(CANCEL_REASONS, { error: `The reason must be one of ${CANCEL_REASONS.join(', ')}.` }),
    note: z.string().trim().max(2000, { error: 'The note may have at most 2000 characters.' }).optional(),
    commit: z.boolean({ error: 'commit must be true or false.' }),
    // A commit that presents the token its preview answered must match it; a commit without one (absent or
    // null) is committed on the policy as it is now (docs/decisions/013, amended).
    previewToken: z.string({ error: 'The preview token must be text.' }).max(4000).nullish(),
  }),
});
export type CancelRequest = z.output<typeof CancelRequest>['data'];

export const CancelResult = z.object({
  policyNumber: z.string(),
  cancelEffectiveDate: day,
  flatCancel: z.boolean(),
  daysInForce: z.number().int(),
  termDays: z.number().int(),
  annualPremium: z.number(),
  earnedPremium: z.number(),
  // What was collected for cover before the cancel date (collected = paid), what it earned, and the
  // difference: a refund when collected exceeds earned, else a balance due (never both).
  paid: z.number(),
  collected: z.number(),
  refund: z.number(),
  balanceDue: z.number(),
  // A commit's refund as the payment service answered it; null for a preview or when nothing is refunded.
  refundOutcome: z
    .object({
      amount: z.number(),
      status: z.enum(['pending', 'done', 'failed']),
      reason: z.string().nullable(),
    })
    .nullable(),
  committed: z.boolean(),
  // A preview's signed token, which its commit presents; null once committed.
  previewToken: z.string().nullable(),
});
export type CancelResult = z.infer<typeof CancelResult>;
export const CancelResponse = z.object({ data: CancelResult });

export const PolicyEventsQuery = z.object({
  policyNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^PET-[A-Z]{2}-\d{8}$/, { error: 'The policy number must look like PET-TX-00001234.' }),
});
