import type { Role } from '../../../api/schemas/roles';
import type { Principal } from '../../access/principal';
import { Forbidden, Refused } from '../domainErrors';
import { holdsAll, revokeErrors } from './privilegeGrants';

// The rules of changing and deleting a role that are not about the form of the input.

// Nobody changes a role that carries more than they hold: that would let them strip (or, by renaming,
// disguise) the privileges of those above them.
export function requireManageable(principal: Principal, role: Role): void {
  if (
    !holdsAll(
      principal,
      role.privileges.map((p) => p.priv_code),
    )
  ) {
    throw new Forbidden('You cannot change a role that holds privileges you do not hold yourself.');
  }
}

// Deleting a role one holds oneself, or one carrying a privilege that can never be granted again
// (root_admin), could lock every administrator out for good.
export function requireDeletable(principal: Principal, role: Role): void {
  if (principal.roles.includes(role.role_name)) {
    throw new Refused('You hold this role yourself. Ask another administrator to delete it.');
  }
  const lasting = revokeErrors(role.privileges.map((p) => p.priv_code));
  if (lasting.length) {
    throw new Refused('This role holds a privilege that cannot be granted again, so it cannot be deleted.');
  }
}
