import type { Kysely } from 'kysely';

// Users can be deleted (issue 3): the row stays, so the names of the people in every record's history still
// resolve and the e-mail address stays reserved, but the user no longer shows anywhere nor signs in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
