import type { ColumnType } from 'kysely';

// Tables of migration 003: entity reference data (plain tables) and the projections of the entity
// stream's details (locations, contacts, underwriting question links, quote sources, discount states).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CodeListsTable {
  list_name: string;
  code: string;
  description: string;
  sort_order: number;
  is_enabled: boolean;
}

export interface EntityTypesTable {
  type_code: string;
  type_desc: string;
  can_quote: boolean;
  is_enabled: boolean;
  sort_order: number;
}

export interface EventTypesTable {
  code: string;
  description: string;
  category: string;
  allow_new_business: boolean;
  allow_renewal: boolean;
  is_enabled: boolean;
  sort_order: number;
}

export interface UnderwritingQuestionsTable {
  id: number;
  type: string;
  question: string;
  species: string | null;
  decline_answer: boolean | null;
  is_default: boolean;
  is_enabled: boolean;
  sort_order: number;
}

export interface EntityLocationsTable {
  id: number;
  entity_id: number;
  loc_type: string;
  name: string;
  address_1: string;
  address_2: string | null;
  city: string;
  state_code: string;
  zip: string;
  is_enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EntityContactsTable {
  id: number;
  location_id: number;
  entity_id: number;
  name: string;
  phone: string | null;
  extension: string | null;
  email: string | null;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EntityUnderwritingQuestionsTable {
  id: number;
  entity_id: number;
  uw_question_id: number;
  enabled: boolean;
}

export interface EntityQuoteSourcesTable {
  id: number;
  entity_id: number;
  code: string;
  name: string;
  is_enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EntityDiscountStatesTable {
  entity_id: number;
  state_code: string;
}

export interface EntityDetailTables {
  code_lists: CodeListsTable;
  entity_types: EntityTypesTable;
  event_types: EventTypesTable;
  underwriting_questions: UnderwritingQuestionsTable;
  entity_locations: EntityLocationsTable;
  entity_contacts: EntityContactsTable;
  entity_underwriting_questions: EntityUnderwritingQuestionsTable;
  entity_quote_sources: EntityQuoteSourcesTable;
  entity_discount_states: EntityDiscountStatesTable;
}
