import { sql, type Kysely } from 'kysely';

// The role the server serves requests as (docs/security.md "The event log is append-only"). Migrations run as
// the schema's owner; the server then works through APP_ROLE, which owns nothing, may only read and append
// the event log, and may read and write the read tables. Only an owner may disable or drop the append-only
// trigger of migration 020, so a statement run as APP_ROLE cannot rewrite history.
export const APP_ROLE = 'portal_app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // Roles belong to the whole cluster, and every schema on it (each test server has its own) migrates at the
  // same moment: the first creates the role, the others find it, or lose the race to create it and go on.
  // A database administrator may have created it already (with LOGIN, for the server to sign in as).
  await sql`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${sql.lit(APP_ROLE)}) THEN
        CREATE ROLE ${sql.id(APP_ROLE)} NOLOGIN;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`.execute(db);
  // The owner switches to the role on every pooled connection (src/server/store/db.ts), which needs
  // membership unless the owner is a superuser.
  await sql`
    DO $$
    BEGIN
      IF NOT pg_has_role(current_user, ${sql.lit(APP_ROLE)}, 'MEMBER') THEN
        EXECUTE format('GRANT %I TO %I', ${sql.lit(APP_ROLE)}, current_user);
      END IF;
    END $$`.execute(db);

  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = sql.id(rows[0]!.schema);
  const role = sql.id(APP_ROLE);
  await sql`GRANT USAGE ON SCHEMA ${schema} TO ${role}`.execute(db);
  // Read tables, sessions, throttle counts, idempotency keys, the outbox: read and written by commands and
  // their projections. Never TRUNCATE, REFERENCES or TRIGGER, and no table is the role's own.
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`.execute(db);
  await sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`.execute(db);
  // The event log: read and appended, nothing else.
  await sql`REVOKE UPDATE, DELETE ON events FROM ${role}`.execute(db);
  // Migrating is the owner's business.
  await sql`REVOKE ALL ON kysely_migration, kysely_migration_lock FROM ${role}`.execute(db);
  // Tables and sequences of later migrations get the same as the read tables; a later append-only table must
  // revoke what it should not have, as this migration does for events.
  await sql`
    ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema}
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`.execute(db);
  await sql`
    ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema}
    GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role}`.execute(db);
}
