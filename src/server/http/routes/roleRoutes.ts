import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { MessageResponse } from '../../../api/schemas/auth';
import { HistoryResponse } from '../../../api/schemas/history';
import { integerParam } from '../../../api/schemas/params';
import {
  RoleCreateRequest,
  RoleResponse,
  RoleSearchQuery,
  RoleSearchResponse,
  RoleUpdateRequest,
  type Role,
} from '../../../api/schemas/roles';
import { isStaff, type Principal } from '../../access/principal';
import { grantErrors, holdsAll, revokeErrors, setChanges } from '../../domain/roles/privilegeGrants';
import { changeRole, createRole, deleteRole, type RoleChanges } from '../../domain/roles/roleCommands';
import { ROLE_STREAM } from '../../domain/roles/roleEvents';
import {
  ROLE_SORT_COLUMNS,
  findRole,
  roleNameTaken,
  roleSearch,
  toRoleRow,
} from '../../domain/roles/roleQueries';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { HttpError, ValidationFailed, notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { streamHistory } from '../history';
import { fetchPage, likePattern } from '../paging';
import { requirePrincipal } from '../routeTable';
import { isUniqueViolation, metadataOf } from './userMetadata';

// Roles administration (SPEC §6 "Roles admin": admin or admin_role (all); admin_role_list, _add, _edit,
// _delete). Roles are global: no entity scope applies.
const canList = anyOf('admin', 'admin_role_list');
const Params = z.object({ roleId: integerParam('roleId') });
const NAME_TAKEN = 'The role name has already been taken.';

// Nobody changes a role that carries more than they hold: that would let them strip (or, by renaming,
// disguise) the privileges of those above them.
function requireManageable(principal: Principal, role: Role): void {
  if (
    !holdsAll(
      principal,
      role.privileges.map((p) => p.priv_code),
    )
  ) {
    throw new HttpError(403, 'You cannot change a role that holds privileges you do not hold yourself.');
  }
}

// Deleting a role one holds oneself, or one carrying a privilege that can never be granted again
// (root_admin), could lock every administrator out for good.
function requireDeletable(principal: Principal, role: Role): void {
  if (principal.roles.includes(role.role_name)) {
    throw new HttpError(409, 'You hold this role yourself. Ask another administrator to delete it.');
  }
  const lasting = revokeErrors(role.privileges.map((p) => p.priv_code));
  if (lasting.length) {
    throw new HttpError(
      409,
      'This role holds a privilege that cannot be granted again, so it cannot be deleted.',
    );
  }
}

// Roles are global, so an agency's role administrator changes or deletes only roles held inside their own
// subtree: otherwise one agency could strip or rename the privileges of another agency's users.
async function requireHeldWithin(db: Db | Trx, principal: Principal, roleId: number): Promise<void> {
  if (isStaff(principal)) return;
  const outsider = await db
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .innerJoin('entities as e', 'e.id', 'u.entity_id')
    .select('u.id')
    .where('ur.role_id', '=', roleId)
    .where('u.is_deleted', '=', false)
    .where('e.path', 'not like', `${principal.entityPath}%`)
    .executeTakeFirst();
  if (outsider)
    throw new HttpError(403, 'Users of other agencies hold this role: it cannot be changed here.');
}

async function loadRole(db: Db | Trx, id: number): Promise<Role> {
  const role = await findRole(db, id);
  if (!role) throw notFound('role');
  return role;
}

// Runs a write; a lost race on the unique role name answers like the check that came first would have.
async function writing<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error, 'roles_name')) throw new ValidationFailed({ role_name: [NAME_TAKEN] });
    throw error;
  }
}

export function roleRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/roles',
    {
      config: { access: canList },
      schema: { querystring: RoleSearchQuery, response: { 200: RoleSearchResponse } },
    },
    async (request) => {
      const { page, limit, sort, order, filter } = request.query;
      let query = roleSearch(db);
      if (filter.name) query = query.where('r.role_name', 'ilike', likePattern(filter.name));
      if (filter.description) query = query.where('r.role_desc', 'ilike', likePattern(filter.description));
      query = query.orderBy(ROLE_SORT_COLUMNS[sort], order).orderBy('r.id', order);
      const { rows, meta } = await fetchPage(query, page, limit);
      return { data: rows.map(toRoleRow), meta };
    },
  );

  r.post(
    '/v2/roles',
    {
      config: { access: anyOf('admin', 'admin_role_add') },
      schema: { body: RoleCreateRequest, response: { 201: RoleResponse } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      const errors: Record<string, string[]> = {};
      const privilegeErrors = grantErrors(principal, body.privileges);
      if (privilegeErrors.length) errors.privileges = privilegeErrors;
      if (await roleNameTaken(db, body.role_name)) errors.role_name = [NAME_TAKEN];
      if (Object.keys(errors).length) throw new ValidationFailed(errors);
      const role = await writing(db, async (trx) => {
        const id = await createRole(
          trx,
          { roleName: body.role_name, roleDesc: body.role_desc, privilegeCodes: body.privileges },
          metadataOf(request, principal),
        );
        return loadRole(trx, id);
      });
      return reply.code(201).send({ data: role });
    },
  );

  r.get(
    '/v2/roles/:roleId',
    { config: { access: canList }, schema: { params: Params, response: { 200: RoleResponse } } },
    async (request) => ({ data: await loadRole(db, request.params.roleId) }),
  );

  r.patch(
    '/v2/roles/:roleId',
    {
      config: {
        access: anyOf('admin', 'admin_role_edit'),
        conflicts: [CONFLICT.staleVersion(), CONFLICT.concurrentWrite],
      },
      schema: { params: Params, body: RoleUpdateRequest, response: { 200: RoleResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const id = request.params.roleId;
      const body = request.body;
      const role = await writing(db, async (trx) => {
        const current = await loadRole(trx, id);
        requireManageable(principal, current);
        await requireHeldWithin(trx, principal, id);
        const changes: RoleChanges = { fields: {} };
        const errors: Record<string, string[]> = {};
        if (body.role_name !== undefined && body.role_name !== current.role_name) {
          changes.fields.roleName = body.role_name;
          if (await roleNameTaken(trx, body.role_name, id)) errors.role_name = [NAME_TAKEN];
        }
        if (body.role_desc !== undefined && body.role_desc !== current.role_desc) {
          changes.fields.roleDesc = body.role_desc;
        }
        if (body.privileges) {
          const { added, removed } = setChanges(
            current.privileges.map((p) => p.priv_code),
            body.privileges,
          );
          // Only what is newly granted is checked: privileges the role already had may stay.
          const privilegeErrors = [...grantErrors(principal, added), ...revokeErrors(removed)];
          if (privilegeErrors.length) errors.privileges = privilegeErrors;
          if (added.length || removed.length) {
            changes.privileges = { privilegeCodes: body.privileges, added, removed };
          }
        }
        if (Object.keys(errors).length) throw new ValidationFailed(errors);
        // The version read above (or the one the client edited) guards against a concurrent change.
        await changeRole(trx, id, changes, metadataOf(request, principal), body.version ?? current.version);
        return loadRole(trx, id);
      });
      return { data: role };
    },
  );

  r.delete(
    '/v2/roles/:roleId',
    {
      config: {
        access: anyOf('admin', 'admin_role_delete'),
        conflicts: [
          'You hold the role yourself, or it holds a privilege that can never be granted again.',
          CONFLICT.concurrentWrite,
        ],
      },
      schema: { params: Params, response: { 200: MessageResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const id = request.params.roleId;
      await db.transaction().execute(async (trx) => {
        const current = await loadRole(trx, id);
        requireManageable(principal, current);
        await requireHeldWithin(trx, principal, id);
        requireDeletable(principal, current);
        await deleteRole(trx, id, metadataOf(request, principal), current.version);
      });
      return { message: 'The role was deleted.' };
    },
  );

  r.get(
    '/v2/roles/:roleId/history',
    { config: { access: canList }, schema: { params: Params, response: { 200: HistoryResponse } } },
    async (request) => {
      const id = request.params.roleId;
      await loadRole(db, id);
      return { data: await streamHistory(db, ROLE_STREAM, String(id)) };
    },
  );
}
