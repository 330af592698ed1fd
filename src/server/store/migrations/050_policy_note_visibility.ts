import { sql, type Kysely } from 'kysely';

// SPEC §3's renters Note: priority, source, visibility, content (docs/renters-policy-record.md "Notes"). The
// notes kept before were a person's notes for everyone who may open the policy, of normal priority; a note
// with no writer was the product's own. A projection rebuild gives the same rows (annotationRows.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('policy_notes')
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('NORMAL'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('USER'))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('AGENT'))
    .execute();
  await sql`update policy_notes set source = 'SYSTEM' where created_by is null`.execute(db);
}
