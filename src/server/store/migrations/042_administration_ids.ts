import { sql, type Kysely } from 'kysely';

// SPEC §3 gives an entity's setting value ("Entity attribute value: id, …") and a role's privilege
// ("Role-privilege assignment: id, role id, …") ids of their own. Each is one pair (entity and setting, role and
// privilege) and its row is kept in place while the pair stands, so its id is made of the pair: the owner's id
// × 1000 + the catalogue's id. The database computes it, so a rebuild of the read tables
// (npm run projections:rebuild) gives every row the id it had, which a sequence could not. The catalogues
// hold ids below 1000 (checked here), so two pairs never share an id.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table entity_attributes
    add constraint entity_attributes_attrib_id_below_1000 check (attrib_id between 1 and 999),
    add column id bigint generated always as (entity_id::bigint * 1000 + attrib_id) stored`.execute(db);
  await sql`create unique index entity_attributes_id on entity_attributes (id)`.execute(db);
  await sql`alter table role_privileges
    add constraint role_privileges_privilege_id_below_1000 check (privilege_id between 1 and 999),
    add column id bigint generated always as (role_id::bigint * 1000 + privilege_id) stored`.execute(db);
  await sql`create unique index role_privileges_id on role_privileges (id)`.execute(db);
}
