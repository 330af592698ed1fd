import { sql, type Kysely } from 'kysely';
import {
  ATTRIBUTES,
  ATTRIBUTE_SECTIONS,
  CODE_LISTS,
  ENTITY_TYPES,
  EVENT_TYPES,
  UNDERWRITING_QUESTIONS,
} from './frozen/003_entities';

// Entity administration: reference data (code lists, entity and event types, underwriting questions, the
// settings catalogue) and the projections of entity details (locations, contacts, underwriting question
// links, quote sources, discount states). Ids of projected details come from sequences and travel in the
// events, so a rebuild reproduces them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await referenceTables(db);
  await attributeTables(db);
  await projectionTables(db);
  await seedReferenceData(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function referenceTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('code_lists')
    .addColumn('list_name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('code_lists_pk', ['list_name', 'code'])
    .execute();
  await db.schema
    .createTable('entity_types')
    .addColumn('type_code', 'text', (c) => c.primaryKey())
    .addColumn('type_desc', 'text', (c) => c.notNull())
    .addColumn('can_quote', 'boolean', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('event_types')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('allow_new_business', 'boolean', (c) => c.notNull())
    .addColumn('allow_renewal', 'boolean', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('underwriting_questions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('species', 'text')
    .addColumn('decline_answer', 'boolean')
    .addColumn('is_default', 'boolean', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function attributeTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attribute_sections')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('attributes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('section_code', 'text', (c) => c.notNull().references('attribute_sections.code'))
    .addColumn('dependency_id', 'integer', (c) => c.references('attributes.id'))
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tooltip', 'text')
    .addColumn('default_value', 'text')
    .addColumn('is_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_readonly', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_exposed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_array', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_delimited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('validation_rules', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('attribute_options')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('attribute_options_value', ['attribute_id', 'value'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function projectionTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entity_locations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('loc_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_1', 'text', (c) => c.notNull())
    .addColumn('address_2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entity_locations_entity').on('entity_locations').column('entity_id').execute();
  await db.schema
    .createIndex('entity_locations_state')
    .on('entity_locations')
    .columns(['state_code', 'entity_id'])
    .execute();
  await db.schema
    .createTable('entity_contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('location_id', 'integer', (c) => c.notNull().references('entity_locations.id'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('extension', 'text')
    .addColumn('email', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entity_contacts_location')
    .on('entity_contacts')
    .column('location_id')
    .execute();
  await db.schema
    .createTable('entity_underwriting_questions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('uw_question_id', 'integer', (c) => c.notNull().references('underwriting_questions.id'))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addUniqueConstraint('entity_underwriting_questions_link', ['entity_id', 'uw_question_id'])
    .execute();
  await db.schema
    .createTable('entity_quote_sources')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('entity_quote_sources_code', ['entity_id', 'code'])
    .execute();
  await db.schema
    .createTable('entity_discount_states')
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('state_code', 'text', (c) => c.notNull().references('states.code'))
    .addPrimaryKeyConstraint('entity_discount_states_pk', ['entity_id', 'state_code'])
    .execute();
  for (const sequence of [
    'entity_location_id_seq',
    'entity_contact_id_seq',
    'entity_uw_question_id_seq',
    'entity_quote_source_id_seq',
  ]) {
    await sql`create sequence ${sql.id(sequence)}`.execute(db);
  }
  // Search by type and status without scanning every entity.
  await db.schema
    .createIndex('entities_type_status')
    .on('entities')
    .columns(['type_code', 'status_code'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function seedReferenceData(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('code_lists')
    .values(
      Object.entries(CODE_LISTS).flatMap(([listName, items]) =>
        items.map(([code, description], i) => ({
          list_name: listName,
          code,
          description,
          sort_order: i + 1,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('entity_types')
    .values(
      ENTITY_TYPES.map((t, i) => ({
        type_code: t.code,
        type_desc: t.description,
        can_quote: t.canQuote,
        is_enabled: t.enabled,
        sort_order: i + 1,
      })),
    )
    .execute();
  await db
    .insertInto('event_types')
    .values(
      EVENT_TYPES.map((t, i) => ({
        code: t.code,
        description: t.description,
        category: t.category,
        allow_new_business: t.allowNewBusiness,
        allow_renewal: t.allowRenewal,
        is_enabled: t.enabled,
        sort_order: i + 1,
      })),
    )
    .execute();
  await db
    .insertInto('underwriting_questions')
    .values(
      UNDERWRITING_QUESTIONS.map((q, i) => ({
        id: q.id,
        type: q.type,
        question: q.question,
        species: q.species,
        decline_answer: q.declineAnswer,
        is_default: q.isDefault,
        sort_order: i + 1,
      })),
    )
    .execute();
  await db
    .insertInto('attribute_sections')
    .values(ATTRIBUTE_SECTIONS.map((s, i) => ({ ...s, sort_order: i + 1 })))
    .execute();
  // One statement, so dependencies on attributes of the same catalogue resolve.
  await db
    .insertInto('attributes')
    .values(
      ATTRIBUTES.map((a, i) => ({
        id: a.id,
        section_code: a.section,
        dependency_id: a.dependencyId ?? null,
        type_code: a.type,
        name: a.name,
        label: a.label,
        description: a.description ?? null,
        tooltip: a.tooltip ?? null,
        default_value: a.defaultValue ?? null,
        is_required: a.isRequired ?? false,
        is_readonly: a.isReadonly ?? true,
        is_exposed: a.isExposed ?? false,
        is_array: a.isArray ?? false,
        is_delimited: a.isDelimited ?? false,
        validation_rules: JSON.stringify(a.validationRules ?? []),
        sort_order: i + 1,
      })),
    )
    .execute();
  let optionId = 0;
  const options = ATTRIBUTES.flatMap((a) =>
    (a.options ?? []).map(([value, name], i) => ({
      id: ++optionId,
      attribute_id: a.id,
      name,
      value,
      weight: i + 1,
    })),
  );
  await db.insertInto('attribute_options').values(options).execute();
}
