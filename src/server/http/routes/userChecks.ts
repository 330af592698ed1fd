import type { z } from 'zod';
import type { UserUpdateRequest, User } from '../../../api/schemas/users';
import { entityScope, type Principal } from '../../access/principal';
import { setChanges } from '../../domain/roles/privilegeGrants';
import { roleOptions } from '../../domain/roles/roleQueries';
import type { UserChanges } from '../../domain/users/userCommands';
import { mayHoldRole, roleReach } from '../../domain/roles/roleOwnership';
import { emailOwner, entityInScope, entityPathOf } from '../../domain/users/userQueries';
import {
  roleAssignmentErrors,
  roleOwnerErrors,
  unknownRoleErrors,
  userTypeFor,
} from '../../domain/users/userRules';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { ValidationFailed } from '../errors';

// The checks of a user's create and edit requests against the database and the caller: e-mail in use,
// entity in scope, roles the caller may give, and what an edit changes.
export type Errors = Record<string, string[]>;

export const emailTakenMessage = (owner: { is_deleted: boolean }) =>
  owner.is_deleted
    ? 'The email belongs to a deleted user and cannot be used again.'
    : 'The email has already been taken.';

// The entity a user is placed in: in the caller's scope and active.
export async function checkEntity(db: Db | Trx, principal: Principal, code: string, errors: Errors) {
  const entity = await entityInScope(db, code, entityScope(principal));
  if (!entity) errors.entity = ['The selected entity is invalid.'];
  else if (entity.status_code !== 'ACTIVE') errors.entity = ['The selected entity is inactive.'];
  return entity;
}

// Role ids that exist within the caller's reach, that the caller may assign, and that a user of the entity at
// `entityPath` may hold (null when the entity is already refused).
export async function checkRoles(
  db: Db | Trx,
  principal: Principal,
  ids: readonly number[],
  entityPath: string | null,
  errors: Errors,
) {
  const found = await roleOptions(db, roleReach(principal), ids);
  const messages = [
    ...unknownRoleErrors(ids, found),
    ...roleAssignmentErrors(principal, found),
    ...(entityPath === null ? [] : roleOwnerErrors(found, entityPath)),
  ];
  if (messages.length) errors.roles = messages;
}

// A user moved to another entity keeps only roles a user there may hold; the caller takes the others off
// first (in the same request, or before).
async function checkKeptRoles(db: Db | Trx, kept: readonly number[], entityPath: string, errors: Errors) {
  const held = await roleOptions(db, { staff: true, entityPath: '' }, kept);
  const foreign = held.filter((role) => !mayHoldRole(role.owner_path, entityPath));
  if (foreign.length) {
    errors.entity = foreign.map(
      (role) =>
        `The user holds the role ${role.role_name}, which belongs to another agency: take it off before moving them here.`,
    );
  }
}

// The events a PATCH stands for: only what differs from the current user, after every check.
export async function userChanges(
  trx: Trx,
  principal: Principal,
  current: User,
  body: z.output<typeof UserUpdateRequest>,
): Promise<UserChanges> {
  const self = principal.userId === current.id;
  const errors: Errors = {};
  const fields: UserChanges['fields'] = {};
  if (body.fname !== undefined && body.fname !== current.first_name) fields.firstName = body.fname;
  if (body.lname !== undefined && body.lname !== current.last_name) fields.lastName = body.lname;
  if (body.phone !== undefined && body.phone !== current.phone) fields.phone = body.phone;
  if (body.ext !== undefined && body.ext !== current.ext) fields.ext = body.ext;
  if (body.email !== undefined && body.email !== current.email) {
    const owner = await emailOwner(trx, body.email, current.id);
    if (owner) errors.email = [emailTakenMessage(owner)];
    fields.email = body.email;
  }

  // Entity and administrator flag together decide the user type.
  let entityType = current.entity.type_code;
  let entityPath: string | null = await entityPathOf(trx, current.entity.id);
  let moved = false;
  if (body.entity !== undefined && body.entity !== current.entity.entity_code) {
    const entity = self ? null : await checkEntity(trx, principal, body.entity, errors);
    if (self) errors.entity = ['You cannot move your own account to another entity.'];
    if (entity) {
      fields.entityId = entity.id;
      entityType = entity.type_code;
      entityPath = entity.path;
      moved = true;
    } else entityPath = null;
  }
  const wantsAdmin = body.is_admin ?? (current.is_admin && userTypeFor(entityType, true) === 'admin');
  const userType = userTypeFor(entityType, wantsAdmin);
  if (wantsAdmin && userType !== 'admin')
    errors.is_admin = ['Only users of the house entity can be administrators.'];
  if (userType !== current.user_type) {
    if (self) errors.is_admin = ['You cannot change your own administrator flag or entity.'];
    fields.userType = userType;
  }

  let roles: UserChanges['roles'];
  let added: number[] = [];
  if (body.roles) {
    const changed = setChanges(
      current.roles.map((role) => role.id),
      body.roles,
    );
    added = changed.added;
    if (added.length || changed.removed.length) {
      if (self) errors.roles = ['You cannot change your own roles.'];
      else await checkRoles(trx, principal, added, entityPath, errors);
      roles = { roleIds: body.roles, added, removed: changed.removed };
    }
  }
  if (moved && entityPath !== null && !errors.entity) {
    const kept = (body.roles ?? current.roles.map((role) => role.id)).filter((id) => !added.includes(id));
    await checkKeptRoles(trx, kept, entityPath, errors);
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return { fields, ...(roles && { roles }) };
}
