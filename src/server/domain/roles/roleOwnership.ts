import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isStaff, type Principal } from '../../access/principal';

// Who owns a role, and what that allows (docs/decisions/012). A role's owner is an entity, or null for the
// house. Paths are the entities' materialised paths ('/1/4/'), so "inside a subtree" is a prefix test.

// The caller as role rules see them: staff (house users and the root administrator) or an agency user with
// their own entity's path.
export interface RoleReach {
  staff: boolean;
  entityPath: string;
}

export const roleReach = (principal: Principal): RoleReach => ({
  staff: isStaff(principal),
  entityPath: principal.entityPath,
});

// Roles a caller may see (searches, lists, one role, its history): staff every role; an agency user the
// house's roles, their ancestors' (which their users may hold) and those owned inside their own subtree.
// Expects the roles table under the alias `r`.
export function visibleRoles(reach: RoleReach) {
  if (reach.staff) return sql<SqlBool>`true`;
  return sql<SqlBool>`(r.owner_entity_id is null or exists (
    select 1 from entities oe where oe.id = r.owner_entity_id
       and (${reach.entityPath} like oe.path || '%' or oe.path like ${reach.entityPath} || '%')))`;
}

// Whether the caller may change or delete a role with this owner: a house role (null) staff only; an
// agency's role whoever's subtree holds the owner (staff hold every subtree).
export function mayManageRole(reach: RoleReach, ownerPath: string | null): boolean {
  if (reach.staff) return true;
  return ownerPath !== null && ownerPath.startsWith(reach.entityPath);
}

// Whether a user of the entity at `entityPath` may hold a role with this owner, whoever gives it: a house
// role anyone, an agency's role only users inside the owner's subtree.
export function mayHoldRole(ownerPath: string | null, entityPath: string): boolean {
  return ownerPath === null || entityPath.startsWith(ownerPath);
}

// SQL twin of mayHoldRole for a role `r` and the path of a user's entity: the roles whose privileges reach
// the user. Assignment already refuses the others; this also holds after an entity moves to another agency.
// (src/server/access/principal.ts repeats it for the session's privileges.)
export const roleReachesEntityAt = (entityPath: RawBuilder<unknown>) =>
  sql<SqlBool>`(r.owner_entity_id is null or exists (
    select 1 from entities oe where oe.id = r.owner_entity_id and ${entityPath} like oe.path || '%'))`;
