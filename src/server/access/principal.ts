import { sql } from 'kysely';
import { effectivePrivileges } from '../../api/privilegeCatalogue';
import type { AccessSubject } from '../../api/access';
import type { Db } from '../store/db';
import type { UserType } from '../store/schema';

// The authenticated user of a request, with effective privileges and the entity they act for.
export interface ActingEntity {
  id: number;
  entityCode: string;
  path: string;
  attributes: { attributeId: number; value: string | null }[];
}

export interface Principal {
  userId: number;
  sessionId: string;
  email: string;
  userType: UserType;
  entityId: number;
  entityPath: string;
  privilegeCodes: string[];
  roles: string[];
  isRoot: boolean;
  acting: ActingEntity;
}

export interface UserRow {
  id: number;
  email: string;
  user_type: UserType;
  entity_id: number;
  entity_path: string;
  privs: string[] | null;
  roles: string[] | null;
}

// One query: the user, their roles' privilege codes and role names, provided the session is still live.
export async function loadSessionUser(db: Db, userId: number, sessionId: string): Promise<UserRow | null> {
  const result = await sql<UserRow>`
    select u.id, u.email, u.user_type, u.entity_id, e.path as entity_path,
      array(select distinct p.priv_code from user_roles ur
              join role_privileges rp on rp.role_id = ur.role_id
              join privileges p on p.id = rp.privilege_id
             where ur.user_id = u.id) as privs,
      array(select r.role_name from user_roles ur join roles r on r.id = ur.role_id
             where ur.user_id = u.id and not r.is_deleted order by r.role_name) as roles
      from users u
      join entities e on e.id = u.entity_id
      join session_families s on s.id = ${sessionId} and s.user_id = u.id
     where u.id = ${userId} and u.is_enabled
       and s.revoked_at is null and s.expires_at > now()`.execute(db);
  return result.rows[0] ?? null;
}

export function isStaff(principal: Pick<Principal, 'userType' | 'isRoot'>): boolean {
  return principal.isRoot || principal.userType !== 'external';
}

export function isStaffRow(row: UserRow): boolean {
  return row.user_type !== 'external' || (row.privs ?? []).includes('root_admin');
}

// Staff act for any entity; external agents for their own entity and its descendants only.
export async function findActingEntity(
  db: Db,
  user: { entityId: number; entityPath: string; staff: boolean },
  entityCode: string | null,
): Promise<ActingEntity | null> {
  let query = db.selectFrom('entities').select(['id', 'entity_code', 'path']);
  query = entityCode ? query.where('entity_code', '=', entityCode) : query.where('id', '=', user.entityId);
  if (entityCode && !user.staff) query = query.where('path', 'like', `${user.entityPath}%`);
  if (entityCode) query = query.where('status_code', '=', 'ACTIVE');
  const entity = await query.executeTakeFirst();
  if (!entity) return null;
  const attributes = await db
    .selectFrom('entity_attributes')
    .select(['attrib_id', 'attrib_value'])
    .where('entity_id', '=', entity.id)
    .orderBy('attrib_id')
    .execute();
  return {
    id: entity.id,
    entityCode: entity.entity_code,
    path: entity.path,
    attributes: attributes.map((a) => ({ attributeId: a.attrib_id, value: a.attrib_value })),
  };
}

export function toPrincipal(row: UserRow, sessionId: string, acting: ActingEntity): Principal {
  const privilegeCodes = effectivePrivileges(row.privs ?? []);
  return {
    userId: row.id,
    sessionId,
    email: row.email,
    userType: row.user_type,
    entityId: row.entity_id,
    entityPath: row.entity_path,
    privilegeCodes,
    roles: row.roles ?? [],
    isRoot: privilegeCodes.includes('root_admin'),
    acting,
  };
}

export function accessSubject(principal: Principal): AccessSubject {
  return {
    privilegeCodes: principal.privilegeCodes,
    isAdmin: principal.userType === 'admin' || principal.isRoot,
    isInternalAgent: principal.userType === 'internal',
    actingEntityAttributes: principal.acting.attributes,
  };
}

// Entity scope for queries of later areas: staff see all, external agents their own subtree.
export type EntityScope = { kind: 'all' } | { kind: 'subtree'; path: string };

export function entityScope(principal: Principal): EntityScope {
  return isStaff(principal) ? { kind: 'all' } : { kind: 'subtree', path: principal.entityPath };
}
