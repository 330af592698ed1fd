import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import { HistoryResponse } from '../../../api/schemas/history';
import {
  UserCreateRequest,
  UserCreatedResponse,
  UserResponse,
  UserSearchQuery,
  UserSearchResponse,
  UserUpdateRequest,
} from '../../../api/schemas/users';
import { entityScope } from '../../access/principal';
import { sendPasswordLink } from '../../auth/passwordReset';
import { hashPassword } from '../../auth/passwords';
import { holds } from '../../domain/roles/privilegeGrants';
import { roleReach } from '../../domain/roles/roleOwnership';
import { changeUser, registerUser } from '../../domain/users/userCommands';
import { USER_STREAM } from '../../domain/users/userEvents';
import { USER_SORT_COLUMNS, emailOwner, toUserRow, userSearch } from '../../domain/users/userQueries';
import { userTypeFor } from '../../domain/users/userRules';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { HttpError, ValidationFailed } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { refuseCommonPassword } from '../newPassword';
import { streamHistory } from '../../domain/streamHistory';
import { fetchPage, likePattern } from '../../store/paging';
import { requirePrincipal } from '../routeTable';
import { portalOrigin } from './authRoutes';
import { requireManageable } from '../../domain/users/userRules';
import { UserParams, loadUser } from './userAccess';
import { checkEntity, checkRoles, emailTakenMessage, userChanges, type Errors } from './userChecks';
import { isUniqueViolation, metadataOf } from './userMetadata';

// Users administration (SPEC §6 "Users admin": admin_user (all); admin_user_list, _add, _edit, _delete;
// user_assign_passwd to set passwords by hand). Status and password routes are in userAccountRoutes.ts.
const canList = anyOf('admin_user_list');

// Runs a write; a lost race on the unique e-mail answers like the check that came first would have.
async function writing<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error, 'users_email')) {
      throw new ValidationFailed({ email: [emailTakenMessage({ is_deleted: false })] });
    }
    throw error;
  }
}

export function userRoutes(app: FastifyInstance, options: { db: Db; publicUrl: string | undefined }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/users',
    {
      config: { access: canList },
      schema: { querystring: UserSearchQuery, response: { 200: UserSearchResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { page, limit, sort, order, filter } = request.query;
      let query = userSearch(db, entityScope(principal));
      if (filter.entityCode) query = query.where('e.entity_code', 'ilike', likePattern(filter.entityCode));
      if (filter.userName) {
        query = query.where((eb) =>
          eb(
            eb.fn('concat_ws', [eb.val(' '), 'u.first_name', 'u.last_name']),
            'ilike',
            likePattern(filter.userName!),
          ),
        );
      }
      if (filter.emailAddress) query = query.where('u.email', 'ilike', likePattern(filter.emailAddress));
      if (filter.phoneNumber) {
        // Numbers are stored as digits; whatever else was typed is formatting.
        const digits = filter.phoneNumber.replace(/\D/g, '');
        query = digits
          ? query.where('u.phone', 'like', likePattern(digits))
          : query.where((eb) => eb.lit(false));
      }
      if (filter.roleName) {
        const pattern = likePattern(filter.roleName);
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_roles as ur')
              .innerJoin('roles as fr', 'fr.id', 'ur.role_id')
              .select('ur.role_id')
              .whereRef('ur.user_id', '=', 'u.id')
              .where('fr.is_deleted', '=', false)
              .where('fr.role_name', 'ilike', pattern),
          ),
        );
      }
      if (filter.status) query = query.where('u.is_enabled', '=', filter.status === 'active');
      for (const column of USER_SORT_COLUMNS[sort]) query = query.orderBy(column, order);
      const { rows, meta } = await fetchPage(query.orderBy('u.id', order), page, limit);
      return { data: rows.map(toUserRow), meta };
    },
  );

  r.post(
    '/v2/users',
    {
      config: { access: anyOf('admin_user_add') },
      schema: { body: UserCreateRequest, response: { 201: UserCreatedResponse } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      if (body.password !== undefined && !holds(principal, 'user_assign_passwd')) {
        throw new HttpError(
          403,
          'You may not set passwords. Leave the password empty to send an invitation.',
        );
      }
      await refuseCommonPassword(body.password);
      const errors: Errors = {};
      const entity = await checkEntity(db, principal, body.entity, errors);
      if (entity && body.is_admin && userTypeFor(entity.type_code, true) !== 'admin') {
        errors.is_admin = ['Only users of the house entity can be administrators.'];
      }
      const owner = await emailOwner(db, body.email);
      if (owner) errors.email = [emailTakenMessage(owner)];
      await checkRoles(db, principal, body.roles, entity?.path ?? null, errors);
      if (Object.keys(errors).length || !entity) throw new ValidationFailed(errors);

      const invited = body.password === undefined;
      // An invited user has a password nobody knows until they choose theirs through the mailed link.
      const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64url'));
      const user = await writing(db, async (trx) => {
        const id = await registerUser(
          trx,
          {
            entityId: entity.id,
            firstName: body.fname,
            lastName: body.lname,
            email: body.email,
            phone: body.phone ?? null,
            ext: body.ext ?? null,
            userType: userTypeFor(entity.type_code, body.is_admin),
            passwordHash,
            roleIds: body.roles,
            emailVerified: false,
            invited,
          },
          metadataOf(request, principal),
        );
        const created = await loadUser(trx, id, principal);
        if (invited) {
          const recipient = { id, email: created.email, first_name: created.first_name };
          await sendPasswordLink(
            trx,
            request.log,
            recipient,
            portalOrigin(request, options.publicUrl),
            'user-invite',
          );
        }
        return created;
      });
      return reply.code(201).send({ data: user, invited });
    },
  );

  r.get(
    '/v2/users/:id',
    { config: { access: canList }, schema: { params: UserParams, response: { 200: UserResponse } } },
    async (request) => ({ data: await loadUser(db, request.params.id, requirePrincipal(request)) }),
  );

  r.patch(
    '/v2/users/:id',
    {
      config: {
        access: anyOf('admin_user_edit'),
        conflicts: [
          CONFLICT.staleVersion(),
          'The user is deactivated: reactivate them first.',
          CONFLICT.concurrentWrite,
        ],
      },
      schema: { params: UserParams, body: UserUpdateRequest, response: { 200: UserResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      const user = await writing(db, async (trx) => {
        const current = await loadUser(trx, request.params.id, principal);
        requireManageable(principal, current);
        const changes = await userChanges(trx, principal, current, body);
        await changeUser(
          trx,
          current.id,
          changes,
          metadataOf(request, principal),
          body.version ?? current.version,
        );
        return loadUser(trx, current.id, principal);
      });
      return { data: user };
    },
  );

  r.get(
    '/v2/users/:id/history',
    { config: { access: canList }, schema: { params: UserParams, response: { 200: HistoryResponse } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const user = await loadUser(db, request.params.id, principal);
      return { data: await streamHistory(db, USER_STREAM, String(user.id), roleReach(principal)) };
    },
  );
}
