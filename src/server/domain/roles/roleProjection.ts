import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { ROLE_STREAM, RoleCreated, RolePrivilegesSet, RoleUpdated } from './roleEvents';

// Read tables `roles` and `role_privileges`. A privilege's row records the event that granted it (who and
// when), so a later change of the set keeps the rows of the privileges it leaves in place.
async function setPrivileges(trx: Trx, roleId: number, codes: readonly string[], event: StoredEvent) {
  const wanted = codes.length
    ? await trx.selectFrom('privileges').select('id').where('priv_code', 'in', codes).execute()
    : [];
  const wantedIds = wanted.map((p) => p.id);
  let removal = trx.deleteFrom('role_privileges').where('role_id', '=', roleId);
  if (wantedIds.length) removal = removal.where('privilege_id', 'not in', wantedIds);
  await removal.execute();
  if (wantedIds.length === 0) return;
  await trx
    .insertInto('role_privileges')
    .values(
      wantedIds.map((id) => ({
        role_id: roleId,
        privilege_id: id,
        assigned_at: event.recordedAt,
        assigned_by: event.metadata.userId,
      })),
    )
    .onConflict((oc) => oc.columns(['role_id', 'privilege_id']).doNothing())
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
          owner_entity_id: e.ownerEntityId ?? null,
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
      // Holders lose the role with it; the privileges table rows go too, so nothing grants through it.
      await trx.deleteFrom('user_roles').where('role_id', '=', id).execute();
      await trx.deleteFrom('role_privileges').where('role_id', '=', id).execute();
      return;
  }
}

export const roleProjection: ProjectionSpec = { streamType: ROLE_STREAM, each: project };
