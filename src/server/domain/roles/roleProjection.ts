import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import { ROLE_STREAM, RoleCreated, RolePrivilegesSet, RoleUpdated } from './roleEvents';

// Read tables `roles` and `role_privileges`.
async function setPrivileges(trx: Trx, roleId: number, codes: readonly string[], event: StoredEvent) {
  await trx.deleteFrom('role_privileges').where('role_id', '=', roleId).execute();
  if (codes.length === 0) return;
  const privileges = await trx
    .selectFrom('privileges')
    .select('id')
    .where('priv_code', 'in', codes)
    .execute();
  await trx
    .insertInto('role_privileges')
    .values(
      privileges.map((p) => ({
        role_id: roleId,
        privilege_id: p.id,
        assigned_at: event.recordedAt,
        assigned_by: event.metadata.userId,
      })),
    )
    .execute();
}

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const id = Number(event.streamId);
  const audit = { updated_at: event.recordedAt, updated_by: event.metadata.userId, version: event.version };
  switch (event.type) {
    case 'role.created': {
      const e = RoleCreated.parse(event.data);
      await trx
        .insertInto('roles')
        .values({
          id,
          role_name: e.roleName,
          role_desc: e.roleDesc,
          is_deleted: false,
          created_at: event.recordedAt,
          created_by: event.metadata.userId,
          ...audit,
        })
        .execute();
      await setPrivileges(trx, id, e.privilegeCodes, event);
      return;
    }
    case 'role.updated': {
      const e = RoleUpdated.parse(event.data);
      await trx
        .updateTable('roles')
        .set({
          ...(e.roleName !== undefined && { role_name: e.roleName }),
          ...(e.roleDesc !== undefined && { role_desc: e.roleDesc }),
          ...audit,
        })
        .where('id', '=', id)
        .execute();
      return;
    }
    case 'role.privilegesSet':
      await setPrivileges(trx, id, RolePrivilegesSet.parse(event.data).privilegeCodes, event);
      await trx.updateTable('roles').set(audit).where('id', '=', id).execute();
      return;
    case 'role.deleted':
      await trx
        .updateTable('roles')
        .set({ is_deleted: true, ...audit })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('user_roles').where('role_id', '=', id).execute();
      return;
  }
}

registerProjection(ROLE_STREAM, project);
