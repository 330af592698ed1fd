import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../../../api/access';
import { MessageResponse } from '../../../api/schemas/auth';
import { integerParam } from '../../../api/schemas/params';
import { columnProblems } from '../../../api/schemas/tableColumns';
import {
  MAX_VIEWS_PER_TABLE,
  TableViewCreateRequest,
  TableViewListQuery,
  TableViewListResponse,
  TableViewResponse,
  TableViewUpdateRequest,
  type TableKey,
  type TableView,
  type TableViewState,
} from '../../../api/schemas/tableViews';
import { isStaff, type Principal } from '../../access/principal';
import {
  countOwnViews,
  deleteTableView,
  findTableView,
  insertTableView,
  listTableViews,
  liveRoleIds,
  lockOwnerViews,
  shareableRoles,
  updateTableView,
  type ViewCaller,
} from '../../domain/tableViews/tableViewStore';
import type { Db } from '../../store/db';
import { HttpError, ValidationFailed, notFound } from '../errors';
import { requirePrincipal } from '../routeTable';
import { isUniqueViolation } from './userMetadata';

// Saved views of the search tables (docs/decisions/011): every signed-in user keeps their own views and
// sees those shared with a role they hold; only the owner changes or deletes a view. Nothing here reaches
// business data, so no privilege beyond being signed in is needed.
const Params = z.object({ id: integerParam('id') });
const NAME_TAKEN = 'You already have a view of this table with this name.';
const UNIQUE_NAME = 'table_views_owner_table_name';

// Staff role administrators may share a view with any house role (a view for a team they manage); everyone
// else only with roles they hold, so nobody can push a view into the lists of a role above them. Agency
// role administrators count as everyone else. Whatever the role, a view reaches only holders inside its
// owner's reach (tableViewStore.ts).
export function sharesWithAnyRole(principal: Principal): boolean {
  if (principal.isRoot) return true;
  return isStaff(principal) && principal.privilegeCodes.some((c) => c === 'admin' || c === 'admin_role');
}

// Roles being added to a view must be live and shareable by the caller. Roles the view already had stay
// even if the owner has since lost them, until the owner takes them off.
async function refuseUnshareable(
  db: Db,
  principal: Principal,
  wanted: readonly number[],
  already: readonly number[] = [],
): Promise<void> {
  const added = wanted.filter((id) => !already.includes(id));
  if (added.length === 0) return;
  const live = await liveRoleIds(db, added);
  if (added.some((id) => !live.has(id))) {
    throw new ValidationFailed({ shared_role_ids: ['A role you chose does not exist.'] });
  }
  const shareable = await shareableRoles(db, principal.userId, sharesWithAnyRole(principal));
  const own = new Set(shareable.map((r) => r.id));
  if (added.some((id) => !own.has(id))) {
    throw new ValidationFailed({
      shared_role_ids: [
        sharesWithAnyRole(principal)
          ? 'You can share a view only with house roles or roles you hold.'
          : 'You can share a view only with roles you hold.',
      ],
    });
  }
}

// A view lists only columns its table has, each once, and every column the table never hides
// (TABLE_COLUMNS, the list the portal's tables are checked against); views stored before a column went are
// read as they are, and the portal skips ids it does not know.
function refuseUnknownColumns(table: TableKey, state: TableViewState | undefined): void {
  const problems = state?.columns ? columnProblems(table, state.columns) : [];
  if (problems.length > 0) throw new ValidationFailed({ 'state.columns': problems });
}

const callerOf = (principal: Principal): ViewCaller => ({
  userId: principal.userId,
  staff: isStaff(principal),
  entityPath: principal.entityPath,
});

// The caller's own view: 404 when they cannot see it at all, 403 when it is only shared with them.
async function ownView(db: Db, principal: Principal, id: number): Promise<TableView> {
  const view = await findTableView(db, callerOf(principal), id);
  if (!view) throw notFound('view');
  if (!view.mine) throw new HttpError(403, 'Only the owner of this view can change or delete it.');
  return view;
}

const rethrowNameTaken = (error: unknown): never => {
  if (isUniqueViolation(error, UNIQUE_NAME)) throw new ValidationFailed({ name: [NAME_TAKEN] });
  throw error;
};

export function tableViewRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/my/table-views',
    {
      config: { access: authenticated },
      schema: { querystring: TableViewListQuery, response: { 200: TableViewListResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return {
        data: await listTableViews(db, callerOf(principal), request.query.table),
        shareable_roles: await shareableRoles(db, principal.userId, sharesWithAnyRole(principal)),
      };
    },
  );

  r.post(
    '/v2/my/table-views',
    {
      config: {
        access: authenticated,
        conflicts: [
          `You already have ${MAX_VIEWS_PER_TABLE} saved views of the table: delete one to save another.`,
        ],
      },
      schema: { body: TableViewCreateRequest, response: { 201: TableViewResponse } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      refuseUnknownColumns(body.table, body.state);
      await refuseUnshareable(db, principal, body.shared_role_ids);
      const id = await db
        .transaction()
        .execute(async (trx) => {
          await lockOwnerViews(trx, principal.userId);
          if ((await countOwnViews(trx, principal.userId, body.table)) >= MAX_VIEWS_PER_TABLE) {
            throw new HttpError(
              409,
              `You have ${MAX_VIEWS_PER_TABLE} saved views of this table. Delete one to save another.`,
            );
          }
          return insertTableView(trx, {
            ownerId: principal.userId,
            table: body.table,
            name: body.name,
            state: body.state,
            sharedRoleIds: body.shared_role_ids,
          });
        })
        .catch(rethrowNameTaken);
      const view = await findTableView(db, callerOf(principal), id);
      if (!view) throw notFound('view');
      return reply.code(201).send({ data: view });
    },
  );

  r.patch(
    '/v2/my/table-views/:id',
    {
      config: { access: authenticated },
      schema: { params: Params, body: TableViewUpdateRequest, response: { 200: TableViewResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const view = await ownView(db, principal, request.params.id);
      const body = request.body;
      refuseUnknownColumns(view.table, body.state);
      if (body.shared_role_ids) {
        const already = view.shared_roles.map((role) => role.id);
        await refuseUnshareable(db, principal, body.shared_role_ids, already);
      }
      await db
        .transaction()
        .execute((trx) =>
          updateTableView(trx, view.id, {
            ...(body.name !== undefined && { name: body.name }),
            ...(body.state !== undefined && { state: body.state }),
            ...(body.shared_role_ids !== undefined && { sharedRoleIds: body.shared_role_ids }),
          }),
        )
        .catch(rethrowNameTaken);
      const updated = await findTableView(db, callerOf(principal), view.id);
      if (!updated) throw notFound('view');
      return { data: updated };
    },
  );

  r.delete(
    '/v2/my/table-views/:id',
    { config: { access: authenticated }, schema: { params: Params, response: { 200: MessageResponse } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const view = await ownView(db, principal, request.params.id);
      await deleteTableView(db, view.id);
      return { message: `The view “${view.name}” was deleted.` };
    },
  );
}
