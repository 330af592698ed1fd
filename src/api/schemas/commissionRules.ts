import { z } from 'zod';
import { anyOf } from '../access';
import { MAX_INT, positiveId, twoDecimalNumber } from './numbers';
import { pageOf, searchQuery } from './paging';

// Commission rate rules of an entity (SPEC §3 "Rate/pay rule", §7 commission-configs; docs/commission.md),
// snake_case on the wire. The pay multiplier travels as a percent (15.5) for PERCENT rules and as dollars
// (25.00) for FLAT ones; the server keeps basis points and cents.

// Back-office only: agency users lack admin_ent and never see rules.
export const COMMISSION_RULE_ACCESS = {
  view: anyOf('admin_ent_list', 'admin_ent'),
  edit: anyOf('admin_ent_edit', 'admin_ent'),
} as const;

export const BUSINESS_TYPES = [
  { code: 'NEW', name: 'New business' },
  { code: 'RENEWAL', name: 'Renewal' },
] as const;
export const CALCULATION_TYPES = [
  { code: 'PERCENT', name: 'Percent of premium' },
  { code: 'FLAT', name: 'Flat amount per event' },
] as const;
export const RULE_SPECIES = ['DOG', 'CAT', 'RENTERS'] as const;
export const RULE_STATUSES = ['active', 'expired', 'future'] as const;

export const CommissionListItem = z.object({ code: z.string(), name: z.string() });
export const CommissionListResponse = z.object({ data: z.array(CommissionListItem) });

const businessType = z.enum(['NEW', 'RENEWAL'], { error: 'Choose new business or renewal.' });
const calculationType = z.enum(['PERCENT', 'FLAT'], { error: 'Choose percent or flat.' });
const day = (what: string) => z.iso.date({ error: `The ${what} must be a date (YYYY-MM-DD).` });

// SPEC §3 "batch storage status" of a rule in a batch save's answer (commission-configs/batch): STORED, or not
// stored because it CONFLICTs with a rule (batch_storage_conflict_code says which kind) or is INVALID (its
// messages say why). A rule read any other way has none (null).
export const BATCH_STORAGE_STATUSES = ['STORED', 'CONFLICT', 'INVALID'] as const;
export const BATCH_STORAGE_CONFLICT_CODES = ['OVERLAPS_STORED_RULE', 'OVERLAPS_BATCH_RULE'] as const;
const batchStorage = {
  batch_storage_status: z.enum(BATCH_STORAGE_STATUSES).nullable(),
  batch_storage_conflict_code: z.enum(BATCH_STORAGE_CONFLICT_CODES).nullable(),
};

export const CommissionRule = z.object({
  id: z.number().int(),
  entity_id: z.number().int(),
  business_type: businessType,
  calculation_type: calculationType,
  event_code: z.string(),
  // SPEC §3 "state_code (state_codes in forms)": the rule's states as one comma-delimited value (SPEC §9),
  // one code for a rule of one state; state_codes lists them.
  state_code: z.string(),
  state_codes: z.array(z.string()),
  species: z.enum(RULE_SPECIES).nullable(),
  pay_multiplier: z.number(),
  effective_date: z.string(),
  expiration_date: z.string().nullable(),
  status: z.enum(RULE_STATUSES),
  version: z.number().int(),
  ...batchStorage,
});
export type CommissionRule = z.infer<typeof CommissionRule>;
export const CommissionRuleResponse = z.object({ data: CommissionRule });
export const CommissionRulePage = pageOf(CommissionRule);
export type CommissionRulePage = z.infer<typeof CommissionRulePage>;

export const COMMISSION_RULE_SORT_FIELDS = [
  'effectiveDate',
  'expirationDate',
  'eventCode',
  'businessType',
  'payMultiplier',
  'id',
] as const;
export type CommissionRuleSort = (typeof COMMISSION_RULE_SORT_FIELDS)[number];

export const CommissionRuleQuery = searchQuery(
  {
    eventCode: z.string().trim().toUpperCase().max(4),
    stateCode: z.string().trim().toUpperCase().max(2),
    // ANY: the rules for any species (species null).
    speciesCode: z.enum([...RULE_SPECIES, 'ANY'], { error: 'Choose DOG, CAT, RENTERS or ANY.' }),
    businessType,
    calculationType,
    status: z.enum(RULE_STATUSES, { error: 'Choose active, expired or future.' }),
  },
  COMMISSION_RULE_SORT_FIELDS,
  { sort: 'effectiveDate', order: 'desc' },
);
export type CommissionRuleFilter = Partial<z.output<typeof CommissionRuleQuery>['filter']>;

const ruleFields = {
  business_type: businessType,
  calculation_type: calculationType,
  event_code: z
    .string({ error: 'The event code field is required.' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'The event code field is required.' })
    .max(4),
  state_codes: z
    .array(z.string().trim().toUpperCase().max(2), { error: 'Choose at least one state.' })
    .min(1, { error: 'Choose at least one state.' })
    .max(60)
    .refine((codes) => new Set(codes).size === codes.length, { error: 'Each state may be listed once.' }),
  species: z.enum(RULE_SPECIES, { error: 'Choose DOG, CAT, RENTERS or any species.' }).nullable(),
  // Up to 2 decimals: a percent to the basis point, dollars to the cent. The most a flat rule pays bounds
  // both; a percent is held to 100 below.
  pay_multiplier: twoDecimalNumber({
    what: 'The pay multiplier',
    min: 0,
    max: 10_000,
    decimalsError: 'Use at most 2 decimals.',
  }),
  effective_date: day('effective date'),
  expiration_date: day('expiration date').nullable(),
};

type RuleBody = {
  calculation_type?: 'PERCENT' | 'FLAT' | undefined;
  pay_multiplier?: number | undefined;
  effective_date?: string | undefined;
  expiration_date?: string | null | undefined;
};

// A percent is at most 100; a flat amount at most $10,000 per event. A rule's period is not empty.
function checkRule(body: RuleBody, ctx: z.RefinementCtx) {
  const { calculation_type: type, pay_multiplier: pay } = body;
  if (type === 'PERCENT' && pay !== undefined && pay > 100) {
    ctx.addIssue({ code: 'custom', path: ['pay_multiplier'], message: 'A percent may not exceed 100.' });
  }
  if (type === 'FLAT' && pay !== undefined && pay > 10_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['pay_multiplier'],
      message: 'A flat amount may not exceed $10,000.',
    });
  }
  const { effective_date: from, expiration_date: to } = body;
  if (from && to && to <= from) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiration_date'],
      message: 'The expiration date must be after the effective date.',
    });
  }
}

export const CommissionRuleCreate = z
  .strictObject({ ...ruleFields, expiration_date: ruleFields.expiration_date.default(null) })
  .superRefine(checkRule);
export type CommissionRuleCreate = z.input<typeof CommissionRuleCreate>;
export const CommissionRuleCreateRequest = z.strictObject({ data: CommissionRuleCreate });

// Only what is sent changes; `version` is the one the client edited (a stale one answers 409).
export const CommissionRuleUpdate = z
  .strictObject({
    business_type: ruleFields.business_type.optional(),
    calculation_type: ruleFields.calculation_type.optional(),
    event_code: ruleFields.event_code.optional(),
    state_codes: ruleFields.state_codes.optional(),
    species: ruleFields.species.optional(),
    pay_multiplier: ruleFields.pay_multiplier.optional(),
    effective_date: ruleFields.effective_date.optional(),
    expiration_date: ruleFields.expiration_date.optional(),
    version: z.number({ error: 'The version field is required.' }).int().min(1).max(MAX_INT),
  })
  .superRefine(checkRule);
export type CommissionRuleUpdate = z.input<typeof CommissionRuleUpdate>;
export const CommissionRuleUpdateRequest = z.strictObject({ data: CommissionRuleUpdate });

// Without a date the rule expires today (UTC): it no longer pays events from today on.
export const CommissionRuleExpire = z.strictObject({ expiration_date: day('expiration date').optional() });
export const CommissionRuleExpireRequest = z.strictObject({ data: CommissionRuleExpire.default({}) });
export type CommissionRuleExpire = z.input<typeof CommissionRuleExpire>;

// POST commission-configs/batch: several new rules at once. Each is stored unless it overlaps a stored rule or
// one stored before it in the same batch, or fails a check of its own; the answer tells each rule's fate in
// the order sent (docs/commission.md "Batch save").
export const MAX_BATCH_RULES = 100;
export const CommissionRuleBatchRequest = z.strictObject({
  data: z
    .array(CommissionRuleCreate)
    .min(1, { error: 'Send at least one rule.' })
    .max(MAX_BATCH_RULES, { error: `Send at most ${MAX_BATCH_RULES} rules at once.` }),
});
export type CommissionRuleBatchRequest = z.input<typeof CommissionRuleBatchRequest>;
export const CommissionRuleBatchItem = CommissionRule.extend({
  // null for a rule not stored.
  id: z.number().int().nullable(),
  status: z.enum(RULE_STATUSES).nullable(),
  version: z.number().int().nullable(),
  batch_storage_status: z.enum(BATCH_STORAGE_STATUSES),
  // Why a rule was not stored, by request field (`data.{index}.…`), as a 422 would name them.
  errors: z.record(z.string(), z.array(z.string())),
});
export type CommissionRuleBatchItem = z.infer<typeof CommissionRuleBatchItem>;
export const CommissionRuleBatchResponse = z.object({ data: z.array(CommissionRuleBatchItem) });

export const CommissionRuleGenerate = z.strictObject({
  // Default: the house (HQ) entity.
  template_entity_id: positiveId('The template entity').optional(),
  effective_date: day('effective date'),
});
export type CommissionRuleGenerate = z.input<typeof CommissionRuleGenerate>;
export const CommissionRuleGenerateRequest = z.strictObject({ data: CommissionRuleGenerate });

export const CommissionRuleGenerateResult = z.object({
  created: z.number().int(),
  skipped: z.array(z.object({ rule: CommissionRule, reason: z.string() })),
});
export type CommissionRuleGenerateResult = z.infer<typeof CommissionRuleGenerateResult>;
export const CommissionRuleGenerateResponse = z.object({ data: CommissionRuleGenerateResult });
