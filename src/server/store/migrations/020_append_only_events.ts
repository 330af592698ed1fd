import { sql, type Kysely } from 'kysely';

// The event log is append-only (issue 9; docs/security.md "The event log is append-only"): a trigger refuses
// every UPDATE, DELETE and TRUNCATE of `events`, whoever runs it, so a bug or a stray statement cannot rewrite
// history. The table's owner could still disable or drop the trigger; the server therefore serves as a role
// that owns nothing and may only read and append events (migration 023).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'The event log is append-only: % of events is not allowed.', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER events_no_rewrite BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only()`.execute(db);
}
