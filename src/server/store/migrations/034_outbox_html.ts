import type { Kysely } from 'kysely';

// Every mail has a plain-text part (`body`) and an HTML part (src/server/mail/mailTemplates.ts); delivery sends
// both as multipart/alternative. Mail queued before this column has none and is sent as text only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('html', 'text').execute();
}
