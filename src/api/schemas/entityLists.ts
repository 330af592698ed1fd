import { z } from 'zod';
import { MULTIPLIER_TYPES } from './reports';

// Reference lists of the entity area under GET /v2/lists/... (SPEC §7 "Lists").
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

// SPEC §3 "Code/description items": statuses, tracking code types, location types, payout frequencies
// and methods.
export const CodeItem = z.object({ code: z.string(), description: z.string() });
export type CodeItem = z.infer<typeof CodeItem>;
export const CodeListResponse = listOf(CodeItem);

// SPEC §3 "Type lookup" and "entity type (can quote, enabled)".
export const EntityTypeItem = z.object({
  type_code: z.string(),
  type_desc: z.string(),
  can_quote: z.boolean(),
  is_enabled: z.boolean(),
});
export type EntityTypeItem = z.infer<typeof EntityTypeItem>;
export const EntityTypeListResponse = listOf(EntityTypeItem);

// SPEC §3 "Account type (with enable-state-mapping flag)", as a type lookup (docs/payments.md "Account types").
export const AccountTypeItem = z.object({
  type_code: z.enum(['CARD', 'CHECKING', 'SAVINGS']),
  type_desc: z.string(),
  // Whether the type's availability is set per state: false for every type the product takes.
  enable_state_mapping: z.boolean(),
  used_for: z.array(z.enum(['CUSTOMER_PAYMENT', 'AGENCY_PAYOUT'])),
});
export const AccountTypeListResponse = listOf(AccountTypeItem);

// SPEC §3 "Adjustment event", with the list's snake_case names; `multiplier_type` says how the type's
// premium counts in written premium (ADD, SUBTRACT, NONE; null for a type no event is recorded under).
export const EventTypeItem = z.object({
  code: z.string(),
  description: z.string(),
  category: z.string(),
  multiplier_type: z.enum(MULTIPLIER_TYPES).nullable(),
  allow_new_business: z.boolean(),
  allow_renewal: z.boolean(),
  is_enabled: z.boolean(),
});
export const EventTypeListResponse = listOf(EventTypeItem);
// SPEC §7 calls a lookup's term and isEnabled "filters", and query strings are bracket-style: a lookup takes
// each as a plain parameter (`?isEnabled=1`, as the portal sends it) or inside `filter` (`filter[isEnabled]=1`,
// as a search's criteria are sent); the plain one wins when both are given.
const Flag = z.enum(['true', 'false', '1', '0']);
export const EventTypeQuery = z.strictObject({
  isEnabled: Flag.optional(),
  filter: z.strictObject({ isEnabled: Flag.optional() }).optional(),
});

// Entity account managers: staff users an entity can be assigned to.
// Staff get every staff user with their e-mail; an agency user the managers of their own entities by name only.
export const AccountManagerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().optional(),
});
export type AccountManagerItem = z.infer<typeof AccountManagerItem>;
export const AccountManagerListResponse = listOf(AccountManagerItem);

// Entities, entity codes and entity names by a term (pickers); limited to the caller's entity scope.
const Term = z.string().trim().max(120);
export const EntityTermQuery = z.strictObject({
  term: Term.optional(),
  filter: z.strictObject({ term: Term.optional() }).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  // Only active entities unless asked otherwise (a parent picker must not offer inactive ones).
  includeInactive: Flag.optional(),
});
export type EntityTermQuery = z.input<typeof EntityTermQuery>;
export const EntityOption = z.object({
  id: z.number().int(),
  entity_code: z.string(),
  entity_name: z.string(),
  status_code: z.string(),
  master_entity_id: z.number().int().nullable(),
});
export type EntityOption = z.infer<typeof EntityOption>;
export const EntityOptionListResponse = listOf(EntityOption);
export const EntityCodeListResponse = listOf(z.object({ id: z.number().int(), entity_code: z.string() }));
export const EntityNameListResponse = listOf(z.object({ id: z.number().int(), entity_name: z.string() }));
