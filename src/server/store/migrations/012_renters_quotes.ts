import type { Kysely } from 'kysely';

// The read table of the renters quote stream (docs/renters-quotes.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('renters_quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id'))
    .addColumn('created_by', 'integer')
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('total_cents', 'integer')
    .addColumn('policy_number', 'text')
    // The rating engine's answer for the chosen coverage (schedule, next bill); null until priced.
    .addColumn('rating', 'jsonb')
    .addColumn('journey', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('renters_quotes_entity').on('renters_quotes').column('entity_id').execute();
}
