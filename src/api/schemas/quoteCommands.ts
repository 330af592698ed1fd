import { z } from 'zod';
import { AGENT_ENTITY_CODE } from './params';
import { moneyAmount, percentage, recordVersion } from './numbers';
import { PartnerData, ReferenceData } from './quoteTracking';

// The quote stream's actions of the wrapper (docs/quote-actions.md): POST commands that append to a quote's
// log, and the `quoteView` read. Every answer carries the quote as `QuoteView`, with the journey step the
// quote is at and its route (SPEC §2), so the portal can resume it.
const zip = z.string().regex(/^\d{5}$/, { error: 'The zip code must have five digits.' });
const calendarDate = z.iso.date({ error: 'The date must be a date (YYYY-MM-DD).' });
const quoteUuid = z.uuid({ error: 'uuid must be a UUID' });
const petId = z.uuid({ error: 'petId must be a UUID' });
const text = (max: number) => z.string().trim().min(1, { error: 'This field is required.' }).max(max);
const code = z.string().min(1).max(64);
// Declared again rather than imported: quoteActions.ts imports this module.
const Species = z.enum(['DOG', 'CAT']);
// The version of the quote the client edited; a stale one is a 409 (docs/conventions.md).
const version = recordVersion().optional();

// The wrapper's optional meta.agent.entityCode: the agency the call is made for. SPEC §5: a code not shaped
// 1234-5678-AB is dropped (the call acts as if none were sent), as the acting-agency header's is.
export const wrapperMeta = z
  .strictObject({
    agent: z
      .strictObject({ entityCode: z.string().regex(AGENT_ENTITY_CODE).optional().catch(undefined) })
      .optional(),
  })
  .optional();
const meta = wrapperMeta;

// One action of the wrapper; quotePurchase.ts builds the checkout and purchase actions with it.
export const wrapperAction = <M extends 'GET' | 'POST', A extends string, D extends z.ZodType>(
  method: M,
  name: A,
  data: D,
) =>
  z.strictObject({
    method: z.literal(method, { error: `The action ${name} uses the method ${method}.` }),
    action: z.literal(name),
    actionCode: z.string().max(100).optional(),
    data,
    meta,
  });

export const QuoteCustomerInput = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  email: z.email({ error: 'The e-mail address is not valid.' }).max(254),
  phone: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: 'The phone number must have ten digits.' }),
  street: text(200),
  city: text(100),
});

export const QuotePetInput = z.strictObject({
  name: text(60),
  species: Species,
  breedCode: code,
  age: z.number().int().min(0).max(40),
  gender: z.enum(['MALE', 'FEMALE']),
});

export const CreateQuoteData = z.strictObject({
  zip,
  startDate: calendarDate,
  customer: QuoteCustomerInput,
  pets: z.array(QuotePetInput).min(1, { error: 'A quote needs at least one pet.' }).max(20),
});
export type CreateQuoteData = z.infer<typeof CreateQuoteData>;

// Question id → the agent's yes (true) or no (false).
const answers = z.record(
  z.string().regex(/^\d+$/, { error: 'Question ids are whole numbers.' }),
  z.boolean(),
);
export const AnswerUnderwritingData = z.strictObject({
  uuid: quoteUuid,
  version,
  pets: z.array(z.strictObject({ petId, answers })).min(1),
});
export type AnswerUnderwritingData = z.infer<typeof AnswerUnderwritingData>;

export const RemovePetData = z.strictObject({ uuid: quoteUuid, version, petId });
export type RemovePetData = z.infer<typeof RemovePetData>;

// Options left out take the state's defaults, as in the `plans` action.
export const CoverageChoice = z.strictObject({
  petId,
  planCode: code.optional(),
  deductible: moneyAmount({ what: 'The deductible', min: 0.01, max: 100_000 }).optional(),
  reimbursement: percentage('The reimbursement', 1).optional(),
  examFee: z.boolean().optional(),
  wellnessCode: code.nullable().optional(),
});
export const ChooseCoverageData = z.strictObject({
  uuid: quoteUuid,
  version,
  discountCode: z.string().max(32).nullable().optional(),
  pets: z.array(CoverageChoice).min(1),
});
export type ChooseCoverageData = z.infer<typeof ChooseCoverageData>;

export const QuoteRefData = z.strictObject({ uuid: quoteUuid, version });
export type QuoteRefData = z.infer<typeof QuoteRefData>;

export const QUOTE_STREAM_ACTIONS = [
  'createQuote',
  'answerUnderwriting',
  'removePet',
  'chooseCoverage',
  'back',
  'quoteView',
] as const;

export const QuoteStreamActions = [
  wrapperAction('POST', 'createQuote', CreateQuoteData),
  wrapperAction('POST', 'answerUnderwriting', AnswerUnderwritingData),
  wrapperAction('POST', 'removePet', RemovePetData),
  wrapperAction('POST', 'chooseCoverage', ChooseCoverageData),
  wrapperAction('POST', 'back', QuoteRefData),
  wrapperAction('GET', 'quoteView', z.strictObject({ uuid: quoteUuid })),
] as const;

// ----- Answers -----

export const QuotePetPlan = z.object({
  plan_code: z.string(),
  deductible: z.number(),
  reimbursement: z.number().int(),
  exam_fee: z.boolean(),
  wellness_code: z.string().nullable(),
  // Dollars; monthly_premium × 11 + downpayment = total_premium (docs/rating.md).
  monthly_premium: z.number(),
  downpayment: z.number(),
  total_premium: z.number(),
});

const WaitingPeriod = z.object({ unit: z.enum(['DAY', 'MONTH']), value: z.number().int() });
export const WaitingPeriods = z.object({
  accident: WaitingPeriod,
  illness: WaitingPeriod,
  knee_ligament: WaitingPeriod,
  wellness: WaitingPeriod,
});
export type WaitingPeriods = z.infer<typeof WaitingPeriods>;
export const CoverageStartDates = z.object({
  general: z.string(),
  accident: z.string(),
  illness: z.string(),
  knee_ligament: z.string(),
  wellness: z.string(),
});
export type CoverageStartDates = z.infer<typeof CoverageStartDates>;

export const QuoteViewPet = z.object({
  id: z.string(),
  index: z.number().int(),
  name: z.string(),
  species: Species,
  breed_code: z.string(),
  age: z.number().int(),
  gender: z.enum(['MALE', 'FEMALE']),
  answers: z.record(z.string(), z.boolean()).nullable(),
  declined: z.boolean(),
  plan: QuotePetPlan.nullable(),
  // SPEC §3 "Quote pet" (docs/quote-actions.md "Quote pets"): the offer of the quote's state on its start
  // date ('' and empty lists where the state sells none), the issued policy's number once bought, and the
  // cover start dates and waiting periods of the chosen plan (the default plan before coverage).
  default_plan: z.string(),
  policy_id: z.string().nullable(),
  start_dates: CoverageStartDates.nullable(),
  waiting_periods: WaitingPeriods.nullable(),
  deductible_options: z.array(z.number()),
  reimbursement_options: z.array(z.number().int()),
  plans: z.array(z.string()),
  wellness_levels: z.array(z.string()),
});

// What checkout shows as due for the chosen plans: dollars, fees included (the `plans` action's payments).
// SPEC §3 "Totals: quote, policy, new written premium" (docs/quote-actions.md "Brand, fees and totals"):
// quote = premium + fees; policy = the issued policies' annual premiums + fees (0 before purchase);
// new_written_premium = the issued policies' annual premiums. `fees` are the year's on `payment_period`.
export const QuoteTotals = z.object({
  monthly_downpayment: z.number(),
  monthly_installment: z.number(),
  monthly_total: z.number(),
  annual_total: z.number(),
  payment_period: z.enum(['MONTHLY', 'ANNUAL']),
  premium: z.number(),
  fees: z.number(),
  quote: z.number(),
  policy: z.number(),
  new_written_premium: z.number(),
});
export type QuoteTotals = z.infer<typeof QuoteTotals>;

export const PaymentPeriod = z.enum(['MONTHLY', 'ANNUAL']);
export type PaymentPeriod = z.infer<typeof PaymentPeriod>;

// The method the purchase was (last) paid with: never more than the last four digits.
export const QuotePayment = z.object({
  method: z.enum(['card', 'bank']),
  last4: z.string(),
  period: PaymentPeriod,
});

// One issued policy per pet (SPEC §3 "Policies (pets)"); annual_premium in dollars.
export const QuotePolicy = z.object({
  policy_number: z.string(),
  // The policy screen's id (/policies/{matter_id}).
  matter_id: z.number().int(),
  pet_id: z.string(),
  pet_name: z.string(),
  plan_code: z.string(),
  // The plan's name as the plan list gives it ("Accident & Illness, $10,000 annual limit").
  plan_name: z.string(),
  effective_date: z.string(),
  expiration_date: z.string(),
  annual_premium: z.number(),
});
export type QuotePolicy = z.infer<typeof QuotePolicy>;

export const QuoteView = z.object({
  // SPEC §3 "Quote: id (uuid), uuid": the same value under both names.
  id: z.string(),
  uuid: z.string(),
  version: z.number().int(),
  entity_code: z.string(),
  // The journey machine's state and its SPEC §2 route (journeyStepPath).
  step: z.string(),
  route: z.string(),
  // Central time with offset (centralTimestamp).
  created_at: z.string(),
  purchased_at: z.string().nullable(),
  // The first policy's number (every one is in `policies`).
  policy_number: z.string().nullable(),
  start_date: z.string().nullable(),
  customer: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      street: z.string(),
      street2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
    })
    .nullable(),
  // The policyholder record made (or reused) at purchase.
  customer_id: z.number().int().nullable(),
  pets: z.array(QuoteViewPet),
  // The discount code of the last coverage choice (null without one); its plans were rated with it.
  discount_code: z.string().nullable(),
  fraud_warning: z.string().nullable(),
  fraud_acknowledged: z.boolean(),
  payment: QuotePayment.nullable(),
  // While at paymentFailed: why the charge was declined.
  payment_error: z.object({ reason: z.string(), message: z.string() }).nullable(),
  // Null until coverage is chosen.
  totals: QuoteTotals.nullable(),
  policies: z.array(QuotePolicy),
  // Attribution (docs/quote-actions.md "A quote request as SPEC writes it"); null where not sent or on
  // quotes made before it was kept. quoting_platform: PORTAL (the wrapper) or API (POST /v1/quotes).
  request_id: z.string().nullable(),
  quoting_platform: z.string().nullable(),
  quote_method: z.string().nullable(),
  entity_source_id: z.number().int().nullable(),
  program_id: z.string().nullable(),
  logged_in_agent_id: z.number().int().nullable(),
  sold_by_agent_id: z.number().int().nullable(),
  // SPEC §3 "brand": the brand the quote is sold under (every agency sells under the portal's one).
  brand: z.object({ code: z.string(), name: z.string() }).nullable(),
  // SPEC §3 "fees": the year's fees on the quote's payment period (totals.fees), null until coverage is chosen.
  fees: z.number().nullable(),
  // SPEC §3 "partner and reference data" (docs/quote-actions.md "Tracking information"); null until set.
  partner_data: PartnerData.nullable(),
  reference_data: ReferenceData.nullable(),
});
export type QuoteView = z.infer<typeof QuoteView>;

export const QuoteCommandResult = z.object({ uuid: z.string(), step: z.string(), quote: QuoteView });
export type QuoteCommandResult = z.infer<typeof QuoteCommandResult>;

const AnswerMeta = z.object({ action: z.string(), actionCode: z.string().nullable() });
export const QuoteCommandAnswer = z.object({ data: QuoteCommandResult, meta: AnswerMeta });
export const QuoteViewAnswer = z.object({ data: QuoteView, meta: AnswerMeta });
export const QuoteViewResponse = z.object({ data: QuoteView });
