import { z } from 'zod';
import { EntityAttributeValue } from './attributes';
import { Actor } from './roles';
import { pageOf, searchQuery } from './paging';
import { positiveId, recordVersion } from './numbers';

// Entity administration wire models (SPEC §3 "Entity administration", snake_case) and the bodies of
// /v2/entities and its sub-resources.

// SPEC §5: four digits, dash, four digits, dash, two letters. Every entity code has this form, so any
// entity can be acted for through the agentEntityCode header; letters are kept in capitals.
export const ENTITY_CODE = /^\d{4}-\d{4}-[A-Z]{2}$/;
export const ENTITY_CODE_MESSAGE =
  'The entity code must be four digits, a dash, four digits, a dash and two letters (e.g. 1234-5678-AB).';

// '' from a cleared form field means "no value".
const blankToNull = <T>(v: T) => (v === '' ? null : v);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform(blankToNull);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const codeField = z.string().trim().toUpperCase().max(40);
const optionalCode = codeField.nullable().optional().transform(blankToNull);

// ABA routing numbers carry a check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const ENTITY_SORT_FIELDS = [
  'entityCode',
  'entityName',
  'typeCode',
  'statusCode',
  'stateCode',
  'parentEntityCode',
  'updatedAt',
] as const;
export type EntitySortField = (typeof ENTITY_SORT_FIELDS)[number];

// SPEC §3 entity search filters, plus parentEntityId for the children of one entity (hierarchy tab).
export const EntitySearchQuery = searchQuery(
  {
    entityCode: z.string().trim().max(20),
    entityName: z.string().trim().max(120),
    typeCode: z.string().trim().max(40),
    statusCode: z.string().trim().max(40),
    stateCode: z.string().trim().toUpperCase().length(2),
    parentEntityId: z.coerce.number().int().positive().max(999_999_999),
  },
  ENTITY_SORT_FIELDS,
  { sort: 'entityCode', order: 'asc' },
);
export type EntitySearchQuery = z.input<typeof EntitySearchQuery>;
export type EntityFilters = NonNullable<z.output<typeof EntitySearchQuery>['filter']>;

export const EntitySearchRow = z.object({
  id: z.number().int(),
  entity_code: z.string(),
  entity_name: z.string(),
  dba: z.string().nullable(),
  type_code: z.string(),
  status_code: z.string(),
  master_entity_id: z.number().int().nullable(),
  parent_entity_code: z.string().nullable(),
  parent_entity_name: z.string().nullable(),
  // Of the headquarters location, when the entity has one.
  city: z.string().nullable(),
  state_code: z.string().nullable(),
  child_count: z.number().int(),
  can_quote: z.boolean(),
  updated_at: z.string(),
});
export type EntitySearchRow = z.infer<typeof EntitySearchRow>;
export const EntitySearchResponse = pageOf(EntitySearchRow);
export type EntitySearchResponse = z.infer<typeof EntitySearchResponse>;

export const EntityRef = z.object({
  id: z.number().int(),
  entity_code: z.string(),
  entity_name: z.string(),
  status_code: z.string(),
});
export type EntityRef = z.infer<typeof EntityRef>;

// SPEC §3 "created at/by, updated at/by" of a location or contact: the business-clock moment and the user
// of the entity-stream event that added it and of the last that changed it (docs/decisions/004).
const recordAudit = {
  created_at: z.string(),
  created_by: Actor.nullable(),
  updated_at: z.string(),
  updated_by: Actor.nullable(),
};

export const Contact = z.object({
  id: z.number().int(),
  location_id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  extension: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  ...recordAudit,
});
export type Contact = z.infer<typeof Contact>;

export const Location = z.object({
  id: z.number().int(),
  entity_id: z.number().int(),
  loc_type: z.string(),
  name: z.string(),
  address_1: z.string(),
  address_2: z.string().nullable(),
  city: z.string(),
  state_code: z.string(),
  zip: z.string(),
  is_enabled: z.boolean(),
  contacts: z.array(Contact),
  ...recordAudit,
});
export type Location = z.infer<typeof Location>;

// SPEC §3 "Url item": the entity's links a person follows, its settings of type url that hold an address;
// the id is the setting value's.
export const UrlItem = z.object({ id: z.number().int(), label: z.string(), url: z.string() });
export type UrlItem = z.infer<typeof UrlItem>;

export const Entity = z.object({
  id: z.number().int(),
  master_entity_id: z.number().int().nullable(),
  entity_code: z.string(),
  entity_name: z.string(),
  dba: z.string().nullable(),
  status_code: z.string(),
  type_code: z.string(),
  tracking_code: z.string().nullable(),
  tracking_code_type: z.string().nullable(),
  account_manager: z.number().int().nullable(),
  added_to_accounting: z.boolean(),
  payout_frequency: z.string().nullable(),
  payout_method: z.string().nullable(),
  routing_number: z.string().nullable(),
  brand_quote_app_link: z.string().nullable(),
  can_quote: z.boolean(),
  child_count: z.number().int(),
  attributes: z.array(EntityAttributeValue),
  url_items: z.array(UrlItem),
  parent: EntityRef.nullable(),
  // From the root down to the parent: the breadcrumb of the hierarchy.
  ancestors: z.array(EntityRef),
  headquarters_location: Location.nullable(),
  locations: z.array(Location),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
});
export type Entity = z.infer<typeof Entity>;
export const EntityResponse = z.object({ data: Entity });

const entityFields = {
  entity_name: requiredText(120),
  dba: optionalText(120),
  master_entity_id: positiveId('The parent entity').nullable(),
  type_code: codeField.min(1),
  tracking_code: optionalText(40),
  tracking_code_type: optionalCode,
  account_manager: positiveId('The account manager').nullable().optional(),
  added_to_accounting: z.boolean().optional(),
  payout_frequency: optionalCode,
  payout_method: optionalCode,
  routing_number: z
    .string()
    .trim()
    .refine((v) => v === '' || isRoutingNumber(v), {
      error: 'The routing number must be a valid 9-digit ABA number.',
    })
    .nullable()
    .optional()
    .transform(blankToNull),
  brand_quote_app_link: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
      error: 'The quote app link must be an https:// address.',
    })
    .nullable()
    .optional()
    .transform(blankToNull),
  can_quote: z.boolean().optional(),
};

export const EntityCreate = z.strictObject({
  entity_code: z.string().trim().toUpperCase().regex(ENTITY_CODE, { error: ENTITY_CODE_MESSAGE }),
  ...entityFields,
});
export type EntityCreate = z.input<typeof EntityCreate>;

// The entity code is fixed once given (statements and quotes carry it). status_code 'ACTIVE' reactivates a
// deactivated entity; deactivation is DELETE. `version` is the one the client edited (stale → 409).
export const EntityUpdate = z.strictObject({
  ...z.object(entityFields).partial().shape,
  status_code: z.literal('ACTIVE').optional(),
  version: recordVersion().optional(),
});
export type EntityUpdate = z.input<typeof EntityUpdate>;

const zipField = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, { error: 'The ZIP code must be 5 digits, or 5+4 digits (12345-6789).' });
const stateField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'The state must be a two-letter state code.' });

export const LocationCreate = z.strictObject({
  loc_type: codeField.min(1),
  name: requiredText(120),
  address_1: requiredText(120),
  address_2: optionalText(120),
  city: requiredText(80),
  state_code: stateField,
  zip: zipField,
  is_enabled: z.boolean().optional(),
});
export type LocationCreate = z.input<typeof LocationCreate>;
export const LocationUpdate = LocationCreate.partial().strict();
export type LocationUpdate = z.input<typeof LocationUpdate>;
export const LocationResponse = z.object({ data: Location });
export const LocationListResponse = z.object({ data: z.array(Location) });

// Phone numbers are kept as their 10 digits, however they were typed.
const phoneField = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().+-]/g, '').replace(/^1(?=\d{10}$)/, ''))
  .refine((v) => v === '' || /^\d{10}$/.test(v), { error: 'The phone number must have 10 digits.' })
  .nullable()
  .optional()
  .transform(blankToNull);

const contactFields = {
  name: requiredText(120),
  phone: phoneField,
  extension: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, { error: 'The extension must be up to 6 digits.' })
    .nullable()
    .optional()
    .transform(blankToNull),
  email: z
    .union([z.literal(''), z.email({ error: 'The email must be a valid email address.' }).max(254)])
    .nullable()
    .optional()
    .transform(blankToNull),
  notes: optionalText(1000),
};
export const ContactCreate = z.strictObject(contactFields);
export type ContactCreate = z.input<typeof ContactCreate>;
export const ContactUpdate = z.strictObject(z.object(contactFields).partial().shape);
export type ContactUpdate = z.input<typeof ContactUpdate>;
export const ContactResponse = z.object({ data: Contact });

// Reference data: GET /v2/underwriting-questions.
export const UnderwritingQuestion = z.object({
  id: z.number().int(),
  type: z.string(),
  question: z.string(),
  species: z.string().nullable(),
  decline_answer: z.boolean().nullable(),
  is_default: z.boolean(),
});
export type UnderwritingQuestion = z.infer<typeof UnderwritingQuestion>;
export const UnderwritingQuestionListResponse = z.object({ data: z.array(UnderwritingQuestion) });

// SPEC §3 "Entity underwriting question link" (its field names as SPEC spells them).
export const EntityUnderwritingQuestion = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  uw_question_id: z.number().int(),
  enabled: z.boolean(),
});
export type EntityUnderwritingQuestion = z.infer<typeof EntityUnderwritingQuestion>;
export const EntityUnderwritingQuestionsResponse = z.object({ data: z.array(EntityUnderwritingQuestion) });
// The questions the entity asks; links to others stay, disabled.
const questionIds = z.array(positiveId('The question')).max(200);
// SPEC §7 "PATCH list of underwritingQuestionId": the list itself, as ids (`[1, 4]`) or as objects
// (`[{"underwritingQuestionId": 1}]`), or the portal's `{underwritingQuestionIds: [1, 4]}`.
export const EntityUnderwritingQuestionsUpdate = z.union([
  z.strictObject({ underwritingQuestionIds: questionIds }),
  questionIds.transform((ids) => ({ underwritingQuestionIds: ids })),
  z
    .array(z.strictObject({ underwritingQuestionId: positiveId('The question') }))
    .max(200)
    .transform((items) => ({ underwritingQuestionIds: items.map((i) => i.underwritingQuestionId) })),
]);
export type EntityUnderwritingQuestionsUpdate = z.input<typeof EntityUnderwritingQuestionsUpdate>;

// Quote sources: the channels an entity's quotes come from (its website, branded quote app, phone, …).
// Quotes name their source, so a source is disabled rather than deleted.
export const QuoteSource = z.object({
  id: z.number().int(),
  entity_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  // SPEC §3 "Entity label/code": what a person reads, the source's name.
  label: z.string(),
  is_enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuoteSource = z.infer<typeof QuoteSource>;
export const QuoteSourceListResponse = z.object({ data: z.array(QuoteSource) });
export const QuoteSourceResponse = z.object({ data: QuoteSource });
export const QuoteSourceCreate = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9_]{1,29}$/, {
      error: 'The code must be 2 to 30 capital letters, digits or underscores, starting with a letter.',
    }),
  name: requiredText(80),
  is_enabled: z.boolean().optional(),
});
export type QuoteSourceCreate = z.input<typeof QuoteSourceCreate>;
export const QuoteSourceUpdate = z.strictObject({
  name: requiredText(80).optional(),
  is_enabled: z.boolean().optional(),
});
export type QuoteSourceUpdate = z.input<typeof QuoteSourceUpdate>;

// Discount state availabilities: the states in which the entity may offer discounts.
export const DiscountState = z.object({ state_code: z.string(), name: z.string() });
export const DiscountStatesResponse = z.object({ data: z.array(DiscountState) });
const stateCodes = z.array(stateField).max(60);
// SPEC §7 "discount-state-availabilities (POST state codes)": the codes themselves (`["TX", "OK"]`), or the
// portal's `{state_codes: [...]}`.
export const DiscountStatesUpdate = z.union([
  z.strictObject({ state_codes: stateCodes }),
  stateCodes.transform((codes) => ({ state_codes: codes })),
]);
export type DiscountStatesUpdate = z.input<typeof DiscountStatesUpdate>;
