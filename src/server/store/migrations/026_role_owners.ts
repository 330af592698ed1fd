import type { Kysely } from 'kysely';

// Roles gain an owner (docs/decisions/012): the entity whose subtree may change the role and whose users
// alone may hold it. Null is the house: every role made before owners existed, and every role staff make,
// is a house role, changed by staff only and given to anyone. No foreign key: roles are a projection that a
// rebuild clears and refills from the log, entities too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roles').addColumn('owner_entity_id', 'integer').execute();
  await db.schema.createIndex('roles_owner').on('roles').column('owner_entity_id').execute();
}
