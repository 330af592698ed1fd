import { sql } from 'kysely';
import type {
  AttributeInput,
  AttributeSection,
  AttributeType,
  ValidationRule,
} from '../../../api/schemas/attributes';
import type { Db } from '../../store/db';

// The settings catalogue as the server reads it from its tables: definitions to validate against, and the
// form of SPEC §3 served by GET /v2/attribute-forms.
export interface AttributeDefinitionRow {
  id: number;
  sectionCode: string;
  dependencyId: number | null;
  type: AttributeType;
  name: string;
  label: string;
  description: string | null;
  tooltip: string | null;
  defaultValue: string | null;
  isRequired: boolean;
  isReadonly: boolean;
  isExposed: boolean;
  isArray: boolean;
  isDelimited: boolean;
  validationRules: ValidationRule[];
  options: { id: number; name: string; value: string; weight: number; enabled: boolean }[];
}

// Enabled attributes with their enabled options, in form order; one query.
export async function loadAttributeDefinitions(db: Db): Promise<AttributeDefinitionRow[]> {
  const rows = await db
    .selectFrom('attributes as a')
    .select((eb) => [
      'a.id',
      'a.section_code',
      'a.dependency_id',
      'a.type_code',
      'a.name',
      'a.label',
      'a.description',
      'a.tooltip',
      'a.default_value',
      'a.is_required',
      'a.is_readonly',
      'a.is_exposed',
      'a.is_array',
      'a.is_delimited',
      'a.validation_rules',
      eb
        .selectFrom('attribute_options as o')
        .select(
          sql<
            AttributeDefinitionRow['options']
          >`coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'value', o.value, 'weight', o.weight, 'enabled', o.is_enabled) order by o.weight), '[]')`.as(
            'options',
          ),
        )
        .whereRef('o.attribute_id', '=', 'a.id')
        .where('o.is_enabled', '=', true)
        .as('options'),
    ])
    .where('a.is_enabled', '=', true)
    .orderBy('a.sort_order')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sectionCode: r.section_code,
    dependencyId: r.dependency_id,
    type: r.type_code as AttributeType,
    name: r.name,
    label: r.label,
    description: r.description,
    tooltip: r.tooltip,
    defaultValue: r.default_value,
    isRequired: r.is_required,
    isReadonly: r.is_readonly,
    isExposed: r.is_exposed,
    isArray: r.is_array,
    isDelimited: r.is_delimited,
    validationRules: r.validation_rules,
    options: r.options ?? [],
  }));
}

function toInput(d: AttributeDefinitionRow): AttributeInput {
  return {
    id: d.id,
    attributeId: d.id,
    dependencyId: d.dependencyId,
    type: d.type,
    typeCode: d.type,
    code: d.name,
    name: d.name,
    label: d.label,
    description: d.description,
    tooltip: d.tooltip,
    defaultValue: d.defaultValue,
    isRequired: d.isRequired,
    isReadonly: d.isReadonly,
    isExposed: d.isExposed,
    isArray: d.isArray,
    acceptsMultipleValues: d.isArray,
    isDelimited: d.isDelimited,
    options: d.options.map((o) => ({
      id: o.id,
      attribute_id: d.id,
      attributeId: d.id,
      is_enabled: o.enabled,
      enabled: o.enabled,
      name: o.name,
      label: o.name,
      value: o.value,
      weight: o.weight,
    })),
    validationRules: d.validationRules,
  };
}

// Sections with their inputs; agency users (exposedOnly) see exposed inputs only, and no empty sections.
export async function loadAttributeForm(
  db: Db,
  options: { exposedOnly: boolean },
): Promise<AttributeSection[]> {
  const [sections, definitions] = await Promise.all([
    db.selectFrom('attribute_sections').selectAll().orderBy('sort_order').execute(),
    loadAttributeDefinitions(db),
  ]);
  return sections
    .map((s) => ({
      code: s.code,
      name: s.name,
      description: s.description,
      inputs: definitions
        .filter((d) => d.sectionCode === s.code && (!options.exposedOnly || d.isExposed))
        .map(toInput),
    }))
    .filter((s) => s.inputs.length > 0);
}
