import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { USER_STREAM, UserPasswordChanged, UserRegistered, UserRolesSet, UserUpdated } from './userEvents';

// Read tables `users` and `user_roles`.
async function setRoles(trx: Trx, userId: number, roleIds: readonly number[]) {
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length > 0) {
    await trx
      .insertInto('user_roles')
      .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
  }
}

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const id = Number(event.streamId);
  const audit = { updated_at: event.recordedAt, updated_by: event.metadata.userId, version: event.version };
  switch (event.type) {
    case 'user.registered': {
      const e = UserRegistered.parse(event.data);
      await trx
        .insertInto('users')
        .values({
          id,
          entity_id: e.entityId,
          first_name: e.firstName,
          last_name: e.lastName,
          email: e.email,
          phone: e.phone,
          ext: e.ext,
          password_hash: e.passwordHash,
          user_type: e.userType,
          is_enabled: true,
          is_deleted: false,
          email_verified_at: e.emailVerified ? event.recordedAt : null,
          created_at: event.recordedAt,
          created_by: event.metadata.userId,
          ...audit,
        })
        .execute();
      await setRoles(trx, id, e.roleIds);
      return;
    }
    case 'user.updated': {
      const e = UserUpdated.parse(event.data);
      await trx
        .updateTable('users')
        .set({
          ...(e.entityId !== undefined && { entity_id: e.entityId }),
          ...(e.firstName !== undefined && { first_name: e.firstName }),
          ...(e.lastName !== undefined && { last_name: e.lastName }),
          ...(e.email !== undefined && { email: e.email }),
          ...(e.phone !== undefined && { phone: e.phone }),
          ...(e.ext !== undefined && { ext: e.ext }),
          ...(e.userType !== undefined && { user_type: e.userType }),
          ...audit,
        })
        .where('id', '=', id)
        .execute();
      return;
    }
    case 'user.passwordChanged': {
      const e = UserPasswordChanged.parse(event.data);
      await trx
        .updateTable('users')
        .set((eb) => ({
          password_hash: e.passwordHash,
          // A password chosen through a mailed link (reset or invitation) proves the address is theirs.
          ...(e.reason === 'reset' && {
            email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(event.recordedAt)),
          }),
          ...audit,
        }))
        .where('id', '=', id)
        .execute();
      return;
    }
    case 'user.rolesSet':
      await setRoles(trx, id, UserRolesSet.parse(event.data).roleIds);
      await trx.updateTable('users').set(audit).where('id', '=', id).execute();
      return;
    case 'user.deactivated':
    case 'user.reactivated':
      await trx
        .updateTable('users')
        .set({ is_enabled: event.type === 'user.reactivated', ...audit })
        .where('id', '=', id)
        .execute();
      return;
    case 'user.deleted':
      // The row stays (history names, reserved e-mail); the user holds no role and cannot sign in.
      await trx
        .updateTable('users')
        .set({ is_enabled: false, is_deleted: true, ...audit })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
      return;
  }
}

export const userProjection: ProjectionSpec = { streamType: USER_STREAM, each: project };
