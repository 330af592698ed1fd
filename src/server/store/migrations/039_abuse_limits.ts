import { sql, type Kysely } from 'kysely';

// The counts behind the limits on abuse (src/server/http/abuseLimits.ts, docs/security.md "Limits on abuse"):
// one row per counted request under the key it is limited by (a policy, a user, a payment session, an e-mail
// address, a client address). Kept in the database so every server process counts the same requests; a row
// is worth nothing after `expires_at` and is deleted from then on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('abuse_counts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('abuse_counts_key').on('abuse_counts').columns(['key', 'counted_at']).execute();
  await db.schema.createIndex('abuse_counts_expiry').on('abuse_counts').column('expires_at').execute();
}
