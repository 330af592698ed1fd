import { z } from 'zod';
import { positiveId } from './numbers';

// Entity settings (SPEC §3 "Attribute form"): GET /v2/attribute-forms answers sections of inputs; values
// are read and saved under /v2/entities/{entityId}/attributes. Where SPEC names a field two ways (id or
// attributeId, type or typeCode, isArray or acceptsMultipleValues, option name or label) both are sent.
export const ATTRIBUTE_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'url',
  'date',
  'select',
  'image',
] as const;
export const AttributeType = z.enum(ATTRIBUTE_TYPES);
export type AttributeType = z.infer<typeof AttributeType>;

// Comma is the delimiter of list-valued fields (SPEC §9).
export const ATTRIBUTE_DELIMITER = ',';

// Rules come from the server; the portal uses the ones it knows as input hints, the server enforces all.
export const ValidationRule = z.object({
  type: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  message: z.string().optional(),
});
export type ValidationRule = z.infer<typeof ValidationRule>;

// SPEC §3 "Attribute option: id, attribute_id, name, value, weight, is_enabled"; the form's camelCase
// neighbours get attributeId and enabled beside them. The form lists enabled options only.
export const AttributeOption = z.object({
  id: z.number().int(),
  attribute_id: z.number().int(),
  attributeId: z.number().int(),
  is_enabled: z.boolean(),
  enabled: z.boolean(),
  name: z.string(),
  label: z.string(),
  value: z.string(),
  weight: z.number().int(),
});
export type AttributeOption = z.infer<typeof AttributeOption>;

export const AttributeInput = z.object({
  id: z.number().int(),
  attributeId: z.number().int(),
  dependencyId: z.number().int().nullable(),
  type: AttributeType,
  typeCode: AttributeType,
  // The attribute's code, its machine name (e.g. website_url); `name` carries the same.
  code: z.string(),
  name: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  tooltip: z.string().nullable(),
  defaultValue: z.string().nullable(),
  isRequired: z.boolean(),
  isReadonly: z.boolean().default(true),
  isExposed: z.boolean(),
  isArray: z.boolean(),
  acceptsMultipleValues: z.boolean(),
  isDelimited: z.boolean(),
  options: z.array(AttributeOption),
  validationRules: z.array(ValidationRule),
});
export type AttributeInput = z.infer<typeof AttributeInput>;

export const AttributeSection = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  inputs: z.array(AttributeInput),
});
export type AttributeSection = z.infer<typeof AttributeSection>;

export const AttributeFormResponse = z.object({ data: z.array(AttributeSection) });

// SPEC §3 "Entity attribute value: id, entity_id, attrib_id, attrib_value, data_url". A value is one setting
// of one entity, so its id is made of the two: entity_id × 1000 + attrib_id (migration 042), the same after
// a rebuild of the read tables.
export const EntityAttributeValue = z.object({
  id: z.number().int(),
  entity_id: z.number().int(),
  attrib_id: z.number().int(),
  attrib_value: z.string().nullable(),
  data_url: z.string().nullable(),
});
export type EntityAttributeValue = z.infer<typeof EntityAttributeValue>;

export const EntityAttributesResponse = z.object({ data: z.array(EntityAttributeValue) });

// Saves the given values and leaves the others as they are; a null value clears a setting.
export const MAX_DATA_URL_LENGTH = 400_000;
export const EntityAttributesUpdate = z.strictObject({
  attributes: z
    .array(
      z.strictObject({
        attrib_id: positiveId('The attribute'),
        attrib_value: z.string().max(5000).nullable(),
        data_url: z.string().max(MAX_DATA_URL_LENGTH).nullable().optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type EntityAttributesUpdate = z.infer<typeof EntityAttributesUpdate>;

// Field key of a setting's messages in a 422 answer.
export const attributeField = (attribId: number) => `attributes.${attribId}`;
