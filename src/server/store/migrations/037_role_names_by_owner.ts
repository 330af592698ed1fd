import { sql, type Kysely } from 'kysely';

// Role names are unique along each line of ownership, no longer across every agency (docs/decisions/012):
// the server checks the line under a lock of the name (src/server/domain/roles/roleQueries.ts); the index
// keeps what a database can keep by itself, one name per owner (the house being owner 0).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index roles_name`.execute(db);
  await sql`create unique index roles_owner_name on roles (coalesce(owner_entity_id, 0), lower(role_name))
    where not is_deleted`.execute(db);
}
