import { sql } from 'kysely';
import { effectivePrivileges } from '../../api/privilegeCatalogue';
import type { AccessSubject } from '../../api/access';
import type { Db } from '../store/db';
import type { UserType } from '../store/schema';

// The authenticated user of a request, with effective privileges and the entity they act for.
type Attributes = { attributeId: number; value: string | null }[];

export interface ActingEntity {
  id: number;
  entityCode: string;
  path: string;
  attributes: Attributes;
}

export interface Principal {
  userId: number;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  ext: string | null;
  emailVerifiedAt: Date | null;
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
  first_name: string;
  last_name: string;
  phone: string | null;
  ext: string | null;
  email_verified_at: Date | null;
  user_type: UserType;
  entity_id: number;
  entity_code: string;
  entity_path: string;
  entity_attributes: Attributes | null;
  privs: string[] | null;
  roles: string[] | null;
}

// One query per request: the user, their own entity with its attributes, their roles' privilege codes and
// role names, provided the session is still live, the user enabled and their entity active.
export async function loadSessionUser(db: Db, userId: number, sessionId: string): Promise<UserRow | null> {
  const result = await sql<UserRow>`
    select u.id, u.email, u.first_name, u.last_name, u.phone, u.ext, u.email_verified_at, u.user_type, u.entity_id,
      e.entity_code, e.path as entity_path,
      (select json_agg(json_build_object('attributeId', a.attrib_id, 'value', a.attrib_value) order by a.attrib_id)
         from entity_attributes a where a.entity_id = e.id) as entity_attributes,
      array(select distinct p.priv_code from user_roles ur
              join roles r on r.id = ur.role_id
              join role_privileges rp on rp.role_id = ur.role_id
              join privileges p on p.id = rp.privilege_id
             where ur.user_id = u.id
               -- An agency's role grants nothing outside its subtree (docs/decisions/012), even after a move.
               and (r.owner_entity_id is null or exists (select 1 from entities oe
                     where oe.id = r.owner_entity_id and e.path like oe.path || '%'))) as privs,
      array(select r.role_name from user_roles ur join roles r on r.id = ur.role_id
             where ur.user_id = u.id and not r.is_deleted order by r.role_name) as roles
      from users u
      join entities e on e.id = u.entity_id
      join session_families s on s.id = ${sessionId} and s.user_id = u.id
     where u.id = ${userId} and u.is_enabled and e.status_code = 'ACTIVE'
       and s.revoked_at is null and s.expires_at > now()`.execute(db);
  return result.rows[0] ?? null;
}

export function isStaff(principal: Pick<Principal, 'userType' | 'isRoot'>): boolean {
  return principal.isRoot || principal.userType !== 'external';
}

export function isStaffRow(row: UserRow): boolean {
  return row.user_type !== 'external' || (row.privs ?? []).includes('root_admin');
}

export function ownEntity(row: UserRow): ActingEntity {
  return {
    id: row.entity_id,
    entityCode: row.entity_code,
    path: row.entity_path,
    attributes: row.entity_attributes ?? [],
  };
}

// Another active entity the user may act for: staff any, external agents their own subtree only.
export async function findActingEntity(
  db: Db,
  user: { entityPath: string; staff: boolean },
  entityCode: string,
): Promise<ActingEntity | null> {
  let query = db
    .selectFrom('entities as e')
    .select((eb) => [
      'e.id',
      'e.entity_code',
      'e.path',
      eb
        .selectFrom('entity_attributes as a')
        .select(
          sql<Attributes>`json_agg(json_build_object('attributeId', a.attrib_id, 'value', a.attrib_value) order by a.attrib_id)`.as(
            'attributes',
          ),
        )
        .whereRef('a.entity_id', '=', 'e.id')
        .as('attributes'),
    ])
    .where('e.entity_code', '=', entityCode)
    .where('e.status_code', '=', 'ACTIVE');
  if (!user.staff) query = query.where('e.path', 'like', `${user.entityPath}%`);
  const entity = await query.executeTakeFirst();
  if (!entity) return null;
  return {
    id: entity.id,
    entityCode: entity.entity_code,
    path: entity.path,
    attributes: entity.attributes ?? [],
  };
}

export function toPrincipal(row: UserRow, sessionId: string, acting: ActingEntity): Principal {
  const privilegeCodes = effectivePrivileges(row.privs ?? []);
  return {
    userId: row.id,
    sessionId,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    ext: row.ext,
    emailVerifiedAt: row.email_verified_at,
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
