import { sql, type Kysely } from 'kysely';

// Commission rate rules (issue 7; docs/commission.md "Storage and API"): the id sequence and the read table
// of the commission_rule stream. Dates are UTC days; the states a rule applies in are a text array, searched
// with `= any(state_codes)`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence commission_rule_id_seq start 1`.execute(db);
  await db.schema
    .createTable('commission_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('calculation_type', 'text', (c) => c.notNull())
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('state_codes', sql`text[]`, (c) => c.notNull())
    .addColumn('species', 'text')
    .addColumn('pay_multiplier', 'integer', (c) => c.notNull())
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('expiration_date', 'date')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
  await sql`create index commission_rules_entity on commission_rules (entity_id, event_code, effective_date)`.execute(
    db,
  );
}
