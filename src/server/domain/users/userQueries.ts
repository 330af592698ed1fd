import { sql, type SqlBool } from 'kysely';
import { effectivePrivileges } from '../../../api/privilegeCatalogue';
import type { User, UserRow, UserType } from '../../../api/schemas/users';
import type { EntityScope } from '../../access/principal';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { roleReachesEntityAt } from '../roles/roleOwnership';
import { actorOf, actorsFor } from '../actorNames';
import { serverTimestamp } from '../../../calendar';

// Read side of users: search rows, one user in full, and the lookups the commands validate against.
// Deleted users show nowhere; external user admins see the users of their own entity subtree only.
type Reader = Db | Trx;

export const USER_SORT_COLUMNS = {
  userName: ['u.last_name', 'u.first_name'],
  emailAddress: ['u.email'],
  phoneNumber: ['u.phone'],
  entityCode: ['e.entity_code'],
  updatedAt: ['u.updated_at'],
} as const;

const roleNames = sql<string[]>`array(select r.role_name from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = u.id and not r.is_deleted order by r.role_name)`;

export function userSearch(db: Reader, scope: EntityScope) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('entities as e', 'e.id', 'u.entity_id')
    .where('u.is_deleted', '=', false)
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.ext',
      'u.user_type',
      'u.is_enabled',
      'u.updated_at',
      'e.id as entity_id',
      'e.entity_code',
      'e.entity_name',
      'e.type_code',
      roleNames.as('roles'),
    ]);
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  return query;
}

type SearchRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  ext: string | null;
  user_type: UserType;
  is_enabled: boolean;
  updated_at: Date;
  entity_id: number;
  entity_code: string;
  entity_name: string;
  type_code: string;
  roles: string[] | null;
};

export function toUserRow(row: SearchRow): UserRow {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    ext: row.ext,
    entity: {
      id: row.entity_id,
      entity_code: row.entity_code,
      entity_name: row.entity_name,
      type_code: row.type_code,
    },
    roles: row.roles ?? [],
    user_type: row.user_type,
    is_enabled: row.is_enabled,
    updated_at: serverTimestamp(row.updated_at),
  };
}

// One user the scope lets the caller see, in full, or null. Only roles whose owner reaches the user's
// entity count towards their privileges (docs/decisions/012).
export async function findUser(db: Reader, id: number, scope: EntityScope): Promise<User | null> {
  let query = db
    .selectFrom('users as u')
    .innerJoin('entities as e', 'e.id', 'u.entity_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.ext',
      'u.user_type',
      'u.is_enabled',
      'u.email_verified_at',
      'u.version',
      'u.created_at',
      'u.updated_at',
      'u.created_by',
      'u.updated_by',
      'e.id as entity_id',
      'e.entity_code',
      'e.entity_name',
      'e.type_code',
      sql<{ id: number; role_name: string }[]>`coalesce((select json_agg(json_build_object('id', r.id,
        'role_name', r.role_name) order by r.role_name) from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = u.id and not r.is_deleted), '[]'::json)`.as('roles'),
      sql<string[]>`array(select distinct p.priv_code from user_roles ur join roles r on r.id = ur.role_id
        join role_privileges rp on rp.role_id = ur.role_id join privileges p on p.id = rp.privilege_id
        where ur.user_id = u.id and ${roleReachesEntityAt(sql.ref('e.path'))})`.as('privs'),
    ])
    .where('u.id', '=', id)
    .where('u.is_deleted', '=', false);
  if (scope.kind === 'subtree') query = query.where('e.path', 'like', `${scope.path}%`);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  // Who made and last changed the user, as the caller may be told (actorNames.ts).
  const viewer =
    scope.kind === 'all' ? { staff: true, entityPath: '' } : { staff: false, entityPath: scope.path };
  const actors = await actorsFor(db, [row.created_by, row.updated_by], viewer);
  return {
    ...toUserRow({ ...row, roles: [] }),
    roles: row.roles,
    priv_codes: effectivePrivileges(row.privs ?? []),
    is_admin: row.user_type === 'admin',
    email_verified_at: row.email_verified_at ? serverTimestamp(row.email_verified_at) : null,
    version: row.version,
    created_at: serverTimestamp(row.created_at),
    created_by: actorOf(actors, row.created_by),
    updated_by: actorOf(actors, row.updated_by),
  };
}

// Whether an e-mail address is in use (case-insensitive), and by a deleted user: their address stays reserved.
export async function emailOwner(
  db: Reader,
  email: string,
  exceptId?: number,
): Promise<{ id: number; is_deleted: boolean } | null> {
  let query = db
    .selectFrom('users')
    .select(['id', 'is_deleted'])
    .where(sql<SqlBool>`lower(email) = lower(${email})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) ?? null;
}

export interface UserEntityChoice {
  id: number;
  entity_code: string;
  type_code: string;
  status_code: string;
  path: string;
}

// The entity a user is placed in, if the caller's scope reaches it.
export async function entityInScope(
  db: Reader,
  entityCode: string,
  scope: EntityScope,
): Promise<UserEntityChoice | null> {
  let query = db
    .selectFrom('entities')
    .select(['id', 'entity_code', 'type_code', 'status_code', 'path'])
    .where('entity_code', '=', entityCode);
  if (scope.kind === 'subtree') query = query.where('path', 'like', `${scope.path}%`);
  return (await query.executeTakeFirst()) ?? null;
}

// The path of an entity (which roles its users may hold depends on it).
export async function entityPathOf(db: Reader, entityId: number): Promise<string> {
  const row = await db
    .selectFrom('entities')
    .select('path')
    .where('id', '=', entityId)
    .executeTakeFirstOrThrow();
  return row.path;
}
