import type { JSONColumnType } from 'kysely';
import type { ValidationRule } from '../../../api/schemas/attributes';

// The entity settings catalogue (migration 003): sections, attributes and their options. Reference data.
export interface AttributeSectionsTable {
  code: string;
  name: string;
  description: string;
  sort_order: number;
}

export interface AttributesTable {
  id: number;
  section_code: string;
  dependency_id: number | null;
  type_code: string;
  name: string;
  label: string;
  description: string | null;
  tooltip: string | null;
  default_value: string | null;
  is_required: boolean;
  is_readonly: boolean;
  is_exposed: boolean;
  is_array: boolean;
  is_delimited: boolean;
  validation_rules: JSONColumnType<ValidationRule[]>;
  sort_order: number;
  is_enabled: boolean;
}

export interface AttributeOptionsTable {
  id: number;
  attribute_id: number;
  name: string;
  value: string;
  weight: number;
  is_enabled: boolean;
}

export interface AttributeTables {
  attribute_sections: AttributeSectionsTable;
  attributes: AttributesTable;
  attribute_options: AttributeOptionsTable;
}
