import { sql, type Kysely } from 'kysely';

// Saved views of the search tables (docs/decisions/011): a user's named columns, sort, page size and filters
// of one table, shareable with roles. A plain table of preferences, outside the event log; owner and role
// ids carry no foreign keys because users and roles are projections a rebuild clears.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_views')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'integer', (c) => c.notNull())
    .addColumn('table_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('shared_role_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One name per user and table, whatever its case; also the index of "my views of this table".
  await sql`create unique index table_views_owner_table_name
              on table_views (owner_user_id, table_key, lower(name))`.execute(db);
  // "Views shared with any of my roles".
  await sql`create index table_views_shared_roles on table_views using gin (shared_role_ids)`.execute(db);
}
