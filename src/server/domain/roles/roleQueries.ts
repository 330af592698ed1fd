import { sql, type SqlBool } from 'kysely';
import type { Role, RoleOption, RoleRow } from '../../../api/schemas/roles';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';

// Read side of roles: search rows, one role with its privilege assignments, the options of user forms.
type Reader = Db | Trx;

export const ROLE_SORT_COLUMNS = {
  name: 'r.role_name',
  description: 'r.role_desc',
  updatedAt: 'r.updated_at',
} as const;

const actorName = (alias: string) =>
  sql<string>`${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}`;

// Live (not deleted) roles with their counts; the caller adds filters, order and paging.
export function roleSearch(db: Reader) {
  return db
    .selectFrom('roles as r')
    .where('r.is_deleted', '=', false)
    .select((eb) => [
      'r.id',
      'r.role_name',
      'r.role_desc',
      'r.updated_at',
      eb
        .selectFrom('role_privileges as rp')
        .select((s) => s.fn.countAll<string>().as('n'))
        .whereRef('rp.role_id', '=', 'r.id')
        .as('privilege_count'),
      eb
        .selectFrom('user_roles as ur')
        .select((s) => s.fn.countAll<string>().as('n'))
        .whereRef('ur.role_id', '=', 'r.id')
        .as('user_count'),
    ]);
}

export function toRoleRow(row: {
  id: number;
  role_name: string;
  role_desc: string;
  updated_at: Date;
  privilege_count: string | null;
  user_count: string | null;
}): RoleRow {
  return {
    id: row.id,
    role_name: row.role_name,
    role_desc: row.role_desc,
    updated_at: row.updated_at.toISOString(),
    privilege_count: Number(row.privilege_count ?? 0),
    user_count: Number(row.user_count ?? 0),
  };
}

// One live role with who granted each privilege and when, or null.
export async function findRole(db: Reader, id: number): Promise<Role | null> {
  const role = await db
    .selectFrom('roles as r')
    .leftJoin('users as c', 'c.id', 'r.created_by')
    .leftJoin('users as u', 'u.id', 'r.updated_by')
    .select((eb) => [
      'r.id',
      'r.role_name',
      'r.role_desc',
      'r.version',
      'r.created_at',
      'r.updated_at',
      'r.created_by',
      'r.updated_by',
      actorName('c').as('created_by_name'),
      actorName('u').as('updated_by_name'),
      eb
        .selectFrom('user_roles as ur')
        .select((s) => s.fn.countAll<string>().as('n'))
        .whereRef('ur.role_id', '=', 'r.id')
        .as('user_count'),
    ])
    .where('r.id', '=', id)
    .where('r.is_deleted', '=', false)
    .executeTakeFirst();
  if (!role) return null;
  const privileges = await db
    .selectFrom('role_privileges as rp')
    .innerJoin('privileges as p', 'p.id', 'rp.privilege_id')
    .leftJoin('users as a', 'a.id', 'rp.assigned_by')
    .select([
      'p.id',
      'p.parent_priv_id',
      'p.priv_code',
      'p.priv_desc',
      'rp.assigned_at',
      'rp.assigned_by',
      actorName('a').as('assigned_by_name'),
    ])
    .where('rp.role_id', '=', id)
    .orderBy('p.id')
    .execute();
  const actor = (id: number | null, name: string | null) => (id !== null && name ? { id, name } : null);
  return {
    id: role.id,
    role_name: role.role_name,
    role_desc: role.role_desc,
    version: role.version,
    user_count: Number(role.user_count ?? 0),
    created_at: role.created_at.toISOString(),
    created_by: actor(role.created_by, role.created_by_name),
    updated_at: role.updated_at.toISOString(),
    updated_by: actor(role.updated_by, role.updated_by_name),
    privileges: privileges.map((p) => ({
      id: p.id,
      parent_priv_id: p.parent_priv_id,
      priv_code: p.priv_code,
      priv_desc: p.priv_desc,
      assigned_at: p.assigned_at.toISOString(),
      assigned_by: actor(p.assigned_by, p.assigned_by_name),
    })),
  };
}

// Another live role already uses this name (names are unique regardless of case).
export async function roleNameTaken(db: Reader, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where(sql<SqlBool>`lower(role_name) = lower(${name})`)
    .where('is_deleted', '=', false);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

// Live roles with their privilege codes, by name; `ids` narrows them to the given ones.
export async function roleOptions(db: Reader, ids?: readonly number[]): Promise<RoleOption[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('roles as r')
    .select((eb) => [
      'r.id',
      'r.role_name',
      'r.role_desc',
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
    .orderBy('r.role_name');
  if (ids) query = query.where('r.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, priv_codes: r.priv_codes ?? [] }));
}
