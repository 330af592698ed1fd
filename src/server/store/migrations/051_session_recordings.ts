import { sql, type Kysely } from 'kysely';

// Session recordings for support (docs/session-recording.md): a signed-in user's portal session as rrweb
// events, replayed by root administrators. Support telemetry, not business facts, so plain tables beside the
// event store (never events, never rebuilt by projections); their instants come from the business clock all
// the same, which is what the retention job reads. A recording's chunks go with it. The user and entity are
// plain ids without foreign keys: users and entities are projections that a rebuild clears and refills.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_recordings')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_event_at', 'timestamptz', (c) => c.notNull())
    .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('session_recordings_started')
    .on('session_recordings')
    .columns(['started_at', 'id'])
    .execute();
  await db.schema.createIndex('session_recordings_user').on('session_recordings').column('user_id').execute();
  await db.schema
    .createTable('session_recording_chunks')
    .addColumn('recording_id', 'uuid', (c) =>
      c.notNull().references('session_recordings.id').onDelete('cascade'),
    )
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_recording_chunks_pk', ['recording_id', 'sequence'])
    .execute();
  // The privilege of replaying them: root administrators pass it through root_admin; it opens nothing to a
  // user outside the root entity (src/server/domain/sessionRecordings). Ids continue the catalogue's.
  await sql`
    insert into privileges (id, parent_priv_id, priv_code, priv_desc, is_grantable)
    select coalesce(max(id), 0) + 1, null, 'session_recording_view', 'Replay recorded portal sessions (support)', true
      from privileges
     where not exists (select 1 from privileges where priv_code = 'session_recording_view')`.execute(db);
}
