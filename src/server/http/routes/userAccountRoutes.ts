import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import { MessageResponse } from '../../../api/schemas/auth';
import { UserPasswordRequest, UserResponse } from '../../../api/schemas/users';
import { sendPasswordLink, spendPasswordLinks } from '../../auth/passwordReset';
import { hashPassword } from '../../auth/passwords';
import { revokeAllSessions } from '../../auth/sessions';
import { changePassword, changeUserStatus, type UserStatusEvent } from '../../domain/users/userCommands';
import type { Db } from '../../store/db';
import { HttpError } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { refuseCommonPassword } from '../newPassword';
import { requirePrincipal } from '../routeTable';
import { portalOrigin } from './authRoutes';
import { refuseSelf, requireManageable } from '../../domain/users/userRules';
import { UserParams, loadUser } from './userAccess';
import { metadataOf } from './userMetadata';

// A user's account: deactivate, reactivate, delete (admin_user_delete, which the catalogue names "Deactivate
// users"), a password set by hand (user_assign_passwd) or a mailed reset link (admin_user_edit).
// Every change that takes access away ends the user's sessions at once and spends their reset links.
const STATUS_CHANGES: {
  path: string;
  event: UserStatusEvent;
  selfMessage: string;
  endsAccess: boolean;
  // The user's lifecycle refuses a change to the status they already have (409).
  already: string;
}[] = [
  {
    path: '/v2/users/:id/deactivate',
    event: 'user.deactivated',
    selfMessage: 'You cannot deactivate your own account.',
    endsAccess: true,
    already: 'The user is already deactivated.',
  },
  {
    path: '/v2/users/:id/reactivate',
    event: 'user.reactivated',
    selfMessage: 'You cannot reactivate your own account.',
    endsAccess: false,
    already: 'The user is already active.',
  },
];
const DEACTIVATED = 'The user is deactivated: reactivate them first.';

export function userAccountRoutes(
  app: FastifyInstance,
  options: { db: Db; publicUrl: string | undefined },
): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const change of STATUS_CHANGES) {
    r.post(
      change.path,
      {
        config: {
          access: anyOf('admin_user_delete'),
          conflicts: [change.already, CONFLICT.concurrentWrite],
        },
        schema: { params: UserParams, response: { 200: UserResponse } },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        const user = await db.transaction().execute(async (trx) => {
          const current = await loadUser(trx, request.params.id, principal);
          refuseSelf(principal, current, change.selfMessage);
          requireManageable(principal, current);
          await changeUserStatus(trx, current.id, change.event, metadataOf(request, principal));
          if (change.endsAccess) {
            await revokeAllSessions(trx, current.id, 'deactivated');
            await spendPasswordLinks(trx, current.id);
          }
          return loadUser(trx, current.id, principal);
        });
        return { data: user };
      },
    );
  }

  r.delete(
    '/v2/users/:id',
    {
      config: { access: anyOf('admin_user_delete'), conflicts: [CONFLICT.concurrentWrite] },
      schema: { params: UserParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await db.transaction().execute(async (trx) => {
        const current = await loadUser(trx, request.params.id, principal);
        refuseSelf(principal, current, 'You cannot delete your own account.');
        requireManageable(principal, current);
        await changeUserStatus(trx, current.id, 'user.deleted', metadataOf(request, principal));
        await revokeAllSessions(trx, current.id, 'deleted');
        await spendPasswordLinks(trx, current.id);
      });
      return { message: 'The user was deleted.' };
    },
  );

  r.put(
    '/v2/users/:id/password',
    {
      config: { access: anyOf('user_assign_passwd'), conflicts: [DEACTIVATED, CONFLICT.concurrentWrite] },
      schema: { params: UserParams, body: UserPasswordRequest, response: { 200: MessageResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      // Checked before hashing, so a refused request costs no hash.
      const target = await loadUser(db, request.params.id, principal);
      refuseSelf(principal, target, 'Change your own password in My settings.');
      requireManageable(principal, target);
      await refuseCommonPassword(request.body.password);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction().execute(async (trx) => {
        const current = await loadUser(trx, target.id, principal);
        requireManageable(principal, current);
        await changePassword(trx, current.id, passwordHash, 'admin', metadataOf(request, principal));
        await revokeAllSessions(trx, current.id, 'password set by an administrator');
        await spendPasswordLinks(trx, current.id);
      });
      return { message: 'The password was set. The user’s sessions have ended.' };
    },
  );

  r.post(
    '/v2/users/:id/password-reset',
    {
      config: { access: anyOf('admin_user_edit'), conflicts: [DEACTIVATED] },
      schema: { params: UserParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const user = await loadUser(db, request.params.id, principal);
      requireManageable(principal, user);
      if (!user.is_enabled) throw new HttpError(409, 'The user is deactivated. Reactivate them first.');
      await sendPasswordLink(
        db,
        request.log,
        { id: user.id, email: user.email, first_name: user.first_name },
        portalOrigin(request, options.publicUrl),
        'password-reset',
      );
      return { message: `A password reset link was sent to ${user.email}.` };
    },
  );
}
