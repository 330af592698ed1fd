import { z } from 'zod';
import {
  QUOTE_STREAM_ACTIONS,
  QuoteCommandAnswer,
  QuoteStreamActions,
  QuoteViewAnswer,
} from './quoteCommands';
import {
  CustomerAnswer,
  EncodedCustomerIdAnswer,
  FraudWarningAnswer,
  QUOTE_PURCHASE_ACTIONS,
  QuotePurchaseActions,
} from './quotePurchase';
import { moneyAmount, percentage } from './numbers';
import { wrapperMeta } from './quoteCommands';

// SPEC §7 "Quote action wrapper": POST /v1/quote/action with {method, action, actionCode, data, meta}. The
// read actions are here (docs/quote-actions.md). Money on the wire is decimal dollars, discounts are
// percentages; a business refusal is a 200 answer whose data is {error: "<message>"} (SPEC §7/§8).
const zip = z.string().regex(/^\d{5}$/, { error: 'The zip code must have five digits.' });
const stateCode = z.string().regex(/^[A-Z]{2}$/, { error: 'The state must be a two-letter state code.' });
const calendarDate = z.iso.date({ error: 'The date must be a date (YYYY-MM-DD).' });
export const Species = z.enum(['DOG', 'CAT']);
const code = z.string().min(1).max(64);

const meta = wrapperMeta;

// Read actions are GET calls of the wrapper; writes (quote creation, purchase) will be POST.
const readAction = <A extends string, D extends z.ZodType>(action: A, data: D) =>
  z.strictObject({
    method: z.literal('GET', { error: 'Read actions use the method GET.' }),
    action: z.literal(action),
    // The caller's label for the call; echoed in the answer's meta so a caller can match answers.
    actionCode: z.string().max(100).optional(),
    data,
    meta,
  });

export const PetToRate = z.strictObject({
  species: Species,
  breedCode: code,
  // Whole years at the start date; 0 is under one year.
  age: z.number().int().min(0).max(40),
  // Each choice defaults to the state's plan options.
  planCode: code.optional(),
  // Dollars, as plan options list them.
  deductible: moneyAmount({ what: 'The deductible', min: 0.01, max: 100_000 }).optional(),
  // Whole percentage.
  reimbursement: percentage('The reimbursement', 1).optional(),
  examFee: z.boolean().optional(),
  wellnessCode: code.nullable().optional(),
});
export type PetToRate = z.infer<typeof PetToRate>;

export const PlansData = z.strictObject({
  zip,
  // Optional: the state follows from the zip; when given it must be the zip's state.
  state: stateCode.optional(),
  startDate: calendarDate,
  discountCode: z.string().max(32).nullable().optional(),
  pets: z.array(PetToRate).min(1).max(20),
});
export type PlansData = z.infer<typeof PlansData>;

export const BreedsData = z.strictObject({ species: Species });
export const CoverItemsData = z.strictObject({ planCode: code, state: stateCode.optional() });
export const WellnessData = z.strictObject({ state: stateCode.optional() });
export const FeesData = z.strictObject({ state: stateCode, startDate: calendarDate.optional() });
export const UnderwritingQuestionsData = z.strictObject({ species: Species.optional() });

export const QUOTE_READ_ACTIONS = [
  'plans',
  'breeds',
  'coverItemsFormatted',
  'wellnessFormatted',
  'fees',
  'underwritingQuestions',
] as const;
export type QuoteReadAction = (typeof QUOTE_READ_ACTIONS)[number];

export const QuoteActionRequest = z.discriminatedUnion(
  'action',
  [
    readAction('plans', PlansData),
    readAction('breeds', BreedsData),
    readAction('coverItemsFormatted', CoverItemsData),
    readAction('wellnessFormatted', WellnessData),
    readAction('fees', FeesData),
    readAction('underwritingQuestions', UnderwritingQuestionsData),
    ...QuoteStreamActions,
    ...QuotePurchaseActions,
  ],
  {
    error: `The action must be one of ${[...QUOTE_READ_ACTIONS, ...QUOTE_STREAM_ACTIONS, ...QUOTE_PURCHASE_ACTIONS].join(', ')}.`,
  },
);
export type QuoteActionRequest = z.input<typeof QuoteActionRequest>;

// ----- Answers -----

const AnswerMeta = z.object({ action: z.string(), actionCode: z.string().nullable() });
const answer = <D extends z.ZodType>(data: D) => z.object({ data, meta: AnswerMeta });

// SPEC §7/§8: the portal raises data.error as the error.
export const QuoteActionRefusal = z.object({ data: z.object({ error: z.string() }), meta: AnswerMeta });

// SPEC §3 "Insurance plan": amounts in dollars, applied_discount and max_allowed_discount in percent,
// reimbursement a whole percentage, plan_limit null when unlimited.
export const InsurancePlan = z.object({
  id: z.number().int(),
  plan_code: z.string(),
  plan_desc: z.string(),
  accident_only: z.boolean(),
  plan_limit: z.number().nullable(),
  default_deductible: z.number(),
  default_reimbursement: z.number().int(),
  aq_product_id: z.string(),
  applied_discount: z.number(),
  max_allowed_discount: z.number(),
  deductible: z.number(),
  discount: z.number(),
  downpayment: z.number(),
  downpayment_municipal_tax: z.number(),
  downpayment_state_tax: z.number(),
  monthly_exam_fee: z.number(),
  monthly_payment: z.number(),
  monthly_payment_municipal_tax: z.number(),
  monthly_payment_state_tax: z.number(),
  pre_discount_monthly_payment: z.number(),
  reimbursement: z.number().int(),
  total_exam_fee: z.number(),
  total_premium: z.number(),
  total_municipal_tax: z.number(),
  total_state_tax: z.number(),
});
export type InsurancePlan = z.infer<typeof InsurancePlan>;

// SPEC §3 "Plan options", deductibles in dollars.
export const PlanOptions = z.object({
  state_code: z.string(),
  default_plan: z.string(),
  plans: z.array(z.string()),
  deductibles: z.object({ default_value: z.number(), values: z.array(z.number()) }),
  reimbursements: z.object({ default_value: z.number().int(), values: z.array(z.number().int()) }),
  exam_fee: z.boolean(),
  wellness: z.boolean(),
});
export type PlanOptions = z.infer<typeof PlanOptions>;

const FeeCharge = z.object({
  fee_code: z.string(),
  description: z.string(),
  // Per payment of the period, and for the year.
  amount: z.number(),
  total: z.number(),
});

export const RatedPet = z.object({
  // The pet's position in the request.
  index: z.number().int(),
  species: Species,
  breed_code: z.string(),
  age: z.number().int(),
  // The chosen plan, and every plan sold in the state with the same choices (the coverage step compares).
  plan: InsurancePlan,
  plans: z.array(InsurancePlan),
  wellness: z
    .object({ code: z.string(), name: z.string(), monthly: z.number(), total: z.number() })
    .nullable(),
});

export const PlansResult = z.object({
  state_code: z.string(),
  zip: z.string(),
  start_date: z.string(),
  discount_code: z.string().nullable(),
  plan_options: PlanOptions,
  pets: z.array(RatedPet),
  // What the customer pays: monthly (a down payment, then eleven installments) or once a year.
  payments: z.object({
    monthly: z.object({
      downpayment: z.number(),
      installment: z.number(),
      total: z.number(),
      fees: z.array(FeeCharge),
    }),
    annual: z.object({ total: z.number(), fees: z.array(FeeCharge) }),
  }),
});
export type PlansResult = z.infer<typeof PlansResult>;

// SPEC §3 "Breed".
export const Breed = z.object({ code: z.string(), name: z.string(), species: Species });
export type Breed = z.infer<typeof Breed>;

// SPEC §3 "Coverage item", nested.
export interface CoverageItem {
  code: string;
  available: boolean;
  description: string;
  tooltip: string | null;
  type: string;
  sort_order: number;
  display: boolean;
  value: string | null;
  items: CoverageItem[];
}
export const CoverageItem: z.ZodType<CoverageItem> = z.object({
  code: z.string(),
  available: z.boolean(),
  description: z.string(),
  tooltip: z.string().nullable(),
  type: z.string(),
  sort_order: z.number().int(),
  display: z.boolean(),
  value: z.string().nullable(),
  get items() {
    return z.array(CoverageItem);
  },
});

// SPEC §3 "Wellness plan": name, price (monthly, dollars), benefits count, benefits.
export const WellnessPlan = z.object({
  code: z.string(),
  name: z.string(),
  price: z.number(),
  benefits_count: z.number().int(),
  benefits: z.array(z.object({ name: z.string(), annual_limit: z.number().nullable() })),
});
export type WellnessPlan = z.infer<typeof WellnessPlan>;

export const Fee = z.object({
  fee_code: z.string(),
  description: z.string(),
  payment_period: z.enum(['MONTHLY', 'ANNUAL']),
  // Per payment of the period, in dollars.
  amount: z.number(),
});
export type Fee = z.infer<typeof Fee>;

// SPEC §3 "Underwriting question" (the answer is the customer's, given when the quote is created).
export const QuoteUnderwritingQuestion = z.object({
  id: z.number().int(),
  type: z.string(),
  question: z.string(),
  species: z.string().nullable(),
});
export type QuoteUnderwritingQuestion = z.infer<typeof QuoteUnderwritingQuestion>;

export const PlansAnswer = answer(PlansResult);
export const BreedsAnswer = answer(z.array(Breed));
export const CoverItemsAnswer = answer(z.array(CoverageItem));
export const WellnessAnswer = answer(z.array(WellnessPlan));
export const FeesAnswer = answer(
  z.object({ state_code: z.string(), effective_date: z.string(), fees: z.array(Fee) }),
);
export const UnderwritingQuestionsAnswer = answer(z.array(QuoteUnderwritingQuestion));

export const QuoteActionResponse = z.union([
  QuoteActionRefusal,
  PlansAnswer,
  BreedsAnswer,
  CoverItemsAnswer,
  WellnessAnswer,
  FeesAnswer,
  UnderwritingQuestionsAnswer,
  QuoteCommandAnswer,
  QuoteViewAnswer,
  FraudWarningAnswer,
  CustomerAnswer,
  EncodedCustomerIdAnswer,
]);

// SPEC §3 "Config": GET /v2/configs.
export const QuoteConfig = z.object({ code: z.string(), value: z.string(), description: z.string() });
export const QuoteConfigListResponse = z.object({ data: z.array(QuoteConfig) });
