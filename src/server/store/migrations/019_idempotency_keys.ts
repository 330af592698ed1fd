import { sql, type Kysely } from 'kysely';

// Idempotency keys of the money commands (src/server/http/idempotency.ts): the first answer to a user's key,
// kept in the database so every server process replays the same one (DESIGN.md "Scale": anything shared
// lives in the database). A key is the user's own, so two users may pick the same one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    // sha256 (hex) of method, route, params, query, canonical body and acting entity: a key sent again with
    // another request is refused rather than answered with the first request's outcome.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('in_flight', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    // When the key was claimed: the 24 h expiry and the lease of an in-flight claim count from here.
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
