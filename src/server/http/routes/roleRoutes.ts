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
import { grantErrors, revokeErrors, setChanges } from '../../domain/roles/privilegeGrants';
import { requireDeletable, requireManageable } from '../../domain/roles/roleRules';
import { changeRole, createRole, deleteRole, type RoleChanges } from '../../domain/roles/roleCommands';
import { ROLE_STREAM } from '../../domain/roles/roleEvents';
import { mayManageRole, roleReach } from '../../domain/roles/roleOwnership';
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
import { streamHistory } from '../../domain/streamHistory';
import { fetchPage, likePattern } from '../../store/paging';
import { requirePrincipal } from '../routeTable';
import { isUniqueViolation, metadataOf } from './userMetadata';

// Roles administration (SPEC §6 "Roles admin": admin or admin_role (all); admin_role_list, _add, _edit,
// _delete). Every role has an owner (docs/decisions/012): the house, or the agency whose user made it. A
// caller sees the roles of their reach (roleOwnership.ts), others answer 404; house roles are changed by staff
// only, an agency's roles inside its own subtree only (403).
const canList = anyOf('admin', 'admin_role_list');
const Params = z.object({ roleId: integerParam('roleId') });
const NAME_TAKEN = 'The role name has already been taken.';

type OwnedRole = Role & { ownerPath: string | null };

// Whoever could change a role another agency's users hold could change what those users may do.
function requireOwnedWithin(principal: Principal, role: OwnedRole): void {
  if (mayManageRole(roleReach(principal), role.ownerPath)) return;
  throw new HttpError(
    403,
    role.ownerPath === null
      ? 'This role belongs to the house: only house staff can change or delete it.'
      : 'This role belongs to an agency above yours: only that agency or the house can change it.',
  );
}

async function loadRole(db: Db | Trx, id: number, principal: Principal): Promise<OwnedRole> {
  const role = await findRole(db, id, roleReach(principal));
  if (!role) throw notFound('role');
  return role;
}

// The role as the wire carries it, without the owner's path the checks use.
const wire = ({ ownerPath: _path, ...role }: OwnedRole): Role => role;

// Runs a write; a lost race on the unique role name answers like the check that came first would have.
async function writing<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error, 'roles_owner_name')) throw new ValidationFailed({ role_name: [NAME_TAKEN] });
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
      let query = roleSearch(db, roleReach(requirePrincipal(request)));
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
      // Staff make house roles; an agency user's role belongs to their own entity.
      const ownerEntityId = isStaff(principal) ? null : principal.entityId;
      const role = await writing(db, async (trx) => {
        if (await roleNameTaken(trx, body.role_name, { entityId: ownerEntityId })) {
          errors.role_name = [NAME_TAKEN];
        }
        if (Object.keys(errors).length) throw new ValidationFailed(errors);
        const id = await createRole(
          trx,
          {
            roleName: body.role_name,
            roleDesc: body.role_desc,
            privilegeCodes: body.privileges,
            ownerEntityId,
          },
          metadataOf(request, principal),
        );
        return loadRole(trx, id, principal);
      });
      return reply.code(201).send({ data: wire(role) });
    },
  );

  r.get(
    '/v2/roles/:roleId',
    { config: { access: canList }, schema: { params: Params, response: { 200: RoleResponse } } },
    async (request) => ({ data: wire(await loadRole(db, request.params.roleId, requirePrincipal(request))) }),
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
        const current = await loadRole(trx, id, principal);
        requireOwnedWithin(principal, current);
        requireManageable(principal, current);
        const changes: RoleChanges = { fields: {} };
        const errors: Record<string, string[]> = {};
        if (body.role_name !== undefined && body.role_name !== current.role_name) {
          changes.fields.roleName = body.role_name;
          const owner = { entityId: current.owner?.id ?? null };
          if (await roleNameTaken(trx, body.role_name, owner, id)) errors.role_name = [NAME_TAKEN];
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
        return loadRole(trx, id, principal);
      });
      return { data: wire(role) };
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
        const current = await loadRole(trx, id, principal);
        requireOwnedWithin(principal, current);
        requireManageable(principal, current);
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
      const principal = requirePrincipal(request);
      await loadRole(db, id, principal);
      return { data: await streamHistory(db, ROLE_STREAM, String(id), roleReach(principal)) };
    },
  );
}
