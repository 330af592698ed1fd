import type { RoleOption } from '../../../api/schemas/roles';
import type { User, UserType } from '../../../api/schemas/users';
import type { Principal } from '../../access/principal';
import { Forbidden, Invalid } from '../domainErrors';
import { holdsAll, type Grantor } from '../roles/privilegeGrants';
import { mayHoldRole } from '../roles/roleOwnership';

// The rules of user administration that are not about the form of the input.

// Entity type of the carrier itself; its users are staff.
export const HOUSE_ENTITY_TYPE = 'HOUSE';

// A user's type follows from their entity: users of the house are internal, or administrators when flagged;
// everyone else belongs to an agency and is external (they then see only their own entity subtree).
export function userTypeFor(entityTypeCode: string, isAdmin: boolean): UserType {
  if (entityTypeCode !== HOUSE_ENTITY_TYPE) return 'external';
  return isAdmin ? 'admin' : 'internal';
}

// Roles the grantor may not give: each role is assignable only by someone who holds all of its privileges,
// or user admins could hand out (even to themselves) what they may not have.
export function roleAssignmentErrors(grantor: Grantor, roles: readonly RoleOption[]): string[] {
  return roles
    .filter((role) => !holdsAll(grantor, role.priv_codes))
    .map((role) => `You cannot assign the role ${role.role_name}: it holds privileges you do not hold.`);
}

// Role ids that do not name a live role.
export function unknownRoleErrors(ids: readonly number[], found: readonly RoleOption[]): string[] {
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id)).map((id) => `The selected role ${id} does not exist.`);
}

// Roles a user of the entity at `entityPath` may not hold, whoever gives them: an agency's role stays inside
// that agency's subtree (docs/decisions/012), so no agency's edit can reach another agency's users.
export function roleOwnerErrors(
  roles: readonly { role_name: string; owner_path: string | null }[],
  entityPath: string,
): string[] {
  return roles
    .filter((role) => !mayHoldRole(role.owner_path, entityPath))
    .map(
      (role) =>
        `The role ${role.role_name} belongs to another agency and cannot be given to a user of this entity.`,
    );
}

// Managing someone who holds more than you (changing their e-mail, password, roles or status) would be a way
// to become them.
export function requireManageable(principal: Principal, user: User): void {
  if (!holdsAll(principal, user.priv_codes)) {
    throw new Forbidden('You cannot manage a user who holds privileges you do not hold yourself.');
  }
}

// Status changes of one's own account go through someone else, so nobody locks themselves out by accident.
export function refuseSelf(principal: Principal, user: User, message: string): void {
  if (principal.userId === user.id) throw new Invalid({ id: [message] }, message);
}
