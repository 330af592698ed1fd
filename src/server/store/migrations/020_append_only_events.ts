import { sql, type Kysely } from 'kysely';

// The event log is append-only (issue 9; docs/security.md "Audit"): a trigger refuses every UPDATE, DELETE
// and TRUNCATE of `events`, whoever runs it, so neither a bug nor an injected statement in the application can
// rewrite history. Only an operator who disables the trigger on purpose can. A deployment that runs the
// application under its own role should also revoke those privileges from it (docs/security.md).
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
