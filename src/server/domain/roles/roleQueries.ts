import { sql, type SqlBool } from 'kysely';
import type { Role, RoleOption, RoleOwner, RoleRow } from '../../../api/schemas/roles';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { actorOf, actorsFor } from '../actorNames';
import { visibleRoles, type RoleReach } from './roleOwnership';
import { serverTimestamp } from '../../../calendar';

// Read side of roles: search rows, one role with its privilege assignments, the options of user forms.
type Reader = Db | Trx;

export const ROLE_SORT_COLUMNS = {
  name: 'r.role_name',
  description: 'r.role_desc',
  updatedAt: 'r.updated_at',
} as const;

// Live roles the caller may see with their counts; the caller adds filters, order and paging. Holders are
// counted inside the caller's scope only: an agency is not told how many users of others hold a role.
export function roleSearch(db: Reader, reach: RoleReach) {
  return db
    .selectFrom('roles as r')
    .leftJoin('entities as oe', 'oe.id', 'r.owner_entity_id')
    .where('r.is_deleted', '=', false)
    .where(visibleRoles(reach))
    .select((eb) => [
      'r.id',
      'r.role_name',
      'r.role_desc',
      'r.updated_at',
      'oe.id as owner_id',
      'oe.entity_code as owner_code',
      'oe.entity_name as owner_name',
      eb
        .selectFrom('role_privileges as rp')
        .select((s) => s.fn.countAll<string>().as('n'))
        .whereRef('rp.role_id', '=', 'r.id')
        .as('privilege_count'),
      holderCount(reach).as('user_count'),
    ]);
}

// Live users holding the role `r`, inside the caller's scope.
function holderCount(reach: RoleReach) {
  const scope = reach.staff ? sql`true` : sql`he.path like ${reach.entityPath} || '%'`;
  return sql<string>`(select count(*) from user_roles hr join users hu on hu.id = hr.user_id
    join entities he on he.id = hu.entity_id where hr.role_id = r.id and not hu.is_deleted and ${scope})`;
}

type OwnerColumns = { owner_id: number | null; owner_code: string | null; owner_name: string | null };
const ownerOf = (row: OwnerColumns): RoleOwner | null =>
  row.owner_id === null
    ? null
    : { id: row.owner_id, entity_code: row.owner_code ?? '', entity_name: row.owner_name ?? '' };

export function toRoleRow(
  row: OwnerColumns & {
    id: number;
    role_name: string;
    role_desc: string;
    updated_at: Date;
    privilege_count: string | null;
    user_count: string | null;
  },
): RoleRow {
  return {
    id: row.id,
    role_name: row.role_name,
    role_desc: row.role_desc,
    owner: ownerOf(row),
    updated_at: serverTimestamp(row.updated_at),
    privilege_count: Number(row.privilege_count ?? 0),
    user_count: Number(row.user_count ?? 0),
  };
}

// One live role the caller may see, with who granted each privilege and when, or null. Actors are named as
// the caller may see them (actorNames.ts); `ownerPath` is the owning entity's path (null for the house).
export async function findRole(
  db: Reader,
  id: number,
  reach: RoleReach,
): Promise<(Role & { ownerPath: string | null }) | null> {
  const role = await db
    .selectFrom('roles as r')
    .leftJoin('entities as oe', 'oe.id', 'r.owner_entity_id')
    .select([
      'r.id',
      'r.role_name',
      'r.role_desc',
      'r.version',
      'r.created_at',
      'r.updated_at',
      'r.created_by',
      'r.updated_by',
      'oe.id as owner_id',
      'oe.entity_code as owner_code',
      'oe.entity_name as owner_name',
      'oe.path as owner_path',
      holderCount(reach).as('user_count'),
    ])
    .where('r.id', '=', id)
    .where('r.is_deleted', '=', false)
    .where(visibleRoles(reach))
    .executeTakeFirst();
  if (!role) return null;
  const privileges = await db
    .selectFrom('role_privileges as rp')
    .innerJoin('privileges as p', 'p.id', 'rp.privilege_id')
    .select([
      'rp.id',
      'rp.role_id',
      'p.id as privilege_id',
      'p.parent_priv_id',
      'p.priv_code',
      'p.priv_desc',
      'rp.assigned_at',
      'rp.assigned_by',
    ])
    .where('rp.role_id', '=', id)
    .orderBy('p.id')
    .execute();
  const actors = await actorsFor(
    db,
    [role.created_by, role.updated_by, ...privileges.map((p) => p.assigned_by)],
    reach,
  );
  return {
    id: role.id,
    role_name: role.role_name,
    role_desc: role.role_desc,
    owner: ownerOf(role),
    ownerPath: role.owner_id === null ? null : role.owner_path,
    version: role.version,
    user_count: Number(role.user_count ?? 0),
    created_at: serverTimestamp(role.created_at),
    created_by: actorOf(actors, role.created_by),
    updated_at: serverTimestamp(role.updated_at),
    updated_by: actorOf(actors, role.updated_by),
    privileges: privileges.map((p) => ({
      id: Number(p.id),
      role_id: p.role_id,
      privilege_id: p.privilege_id,
      parent_priv_id: p.parent_priv_id,
      priv_code: p.priv_code,
      priv_desc: p.priv_desc,
      assigned_at: serverTimestamp(p.assigned_at),
      assigned_by: actorOf(actors, p.assigned_by),
    })),
  };
}

// Names are unique, regardless of case, along every line of ownership (docs/decisions/012): a house role's
// name against every role, an agency's role's against the house's roles and the roles of the entities above
// and below its owner. Whoever may name a role of that owner sees every one of those roles, so "taken" never
// tells of a role outside the caller's reach; two agencies side by side may each have their own "Senior
// Agent", and no user can hold both (a user holds only house roles and roles of their entity's line).
// Takes the lock of the name for the rest of the transaction first, so two writes of one name take turns.
export async function roleNameTaken(
  trx: Trx,
  name: string,
  owner: { entityId: number | null },
  exceptId?: number,
): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(${ROLE_NAME_LOCK}, hashtext(lower(${name})))`.execute(trx);
  let query = trx
    .selectFrom('roles as r')
    .select('r.id')
    .where(sql<SqlBool>`lower(r.role_name) = lower(${name})`)
    .where('r.is_deleted', '=', false);
  if (owner.entityId !== null) {
    query = query.where(sql<SqlBool>`(r.owner_entity_id is null or exists (
      select 1 from entities oe, entities me
       where oe.id = r.owner_entity_id and me.id = ${owner.entityId}
         and (me.path like oe.path || '%' or oe.path like me.path || '%')))`);
  }
  if (exceptId !== undefined) query = query.where('r.id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

// The advisory lock class of role names (the two-key form, beside the login throttle's classes).
const ROLE_NAME_LOCK = 1_010;

// Live roles the caller may see with their privilege codes, by name; `ids` narrows them to the given ones.
export async function roleOptions(
  db: Reader,
  reach: RoleReach,
  ids?: readonly number[],
): Promise<(RoleOption & { owner_path: string | null })[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('roles as r')
    .leftJoin('entities as oe', 'oe.id', 'r.owner_entity_id')
    .select((eb) => [
      'r.id',
      'r.role_name',
      'r.role_desc',
      'oe.path as owner_path',
      eb.fn
        .coalesce(
          eb
            .selectFrom('role_privileges as rp')
            .innerJoin('privileges as p', 'p.id', 'rp.privilege_id')
            .select(sql<string[]>`array_agg(p.priv_code order by p.id)`.as('codes'))
            .whereRef('rp.role_id', '=', 'r.id'),
          sql<string[]>`'{}'::text[]`,
        )
        .as('priv_codes'),
    ])
    .where('r.is_deleted', '=', false)
    .where(visibleRoles(reach))
    .orderBy('r.role_name');
  if (ids) query = query.where('r.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, priv_codes: r.priv_codes ?? [] }));
}
