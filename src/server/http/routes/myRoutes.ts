import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated } from '../../../api/access';
import { MessageResponse } from '../../../api/schemas/auth';
import { PasswordChangeRequest, ProfileUpdateRequest } from '../../../api/schemas/mySettings';
import { ProfileResponse, type Profile } from '../../../api/schemas/session';
import type { Principal } from '../../access/principal';
import { beginAttempt, forgiveAttempt } from '../../auth/loginThrottle';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeOtherSessions } from '../../auth/sessions';
import { changePassword, changeUser, type UserChanges } from '../../domain/users/userCommands';
import type { Db } from '../../store/db';
import { ValidationFailed } from '../errors';
import { TooManyRequests } from '../abuseLimits';
import { CONFLICT } from '../openapi/conflicts';
import { refuseCommonPassword } from '../newPassword';
import { logSecurityEvent } from '../securityLog';
import { requirePrincipal } from '../routeTable';
import { metadataOf } from './userMetadata';
import { serverTimestamp } from '../../../calendar';

// Own settings (SPEC §2 /my/settings): every signed-in user reads and edits their own profile and changes
// their own password. No admin privilege is involved, and nobody else's account is reachable from here.
function profileOf(principal: Principal): Profile {
  return {
    id: principal.userId,
    name: `${principal.firstName} ${principal.lastName}`,
    firstName: principal.firstName,
    lastName: principal.lastName,
    email: principal.email,
    emailVerifiedAt: principal.emailVerifiedAt ? serverTimestamp(principal.emailVerifiedAt) : null,
    phone: principal.phone,
    ext: principal.ext,
    isAdmin: principal.userType === 'admin' || principal.isRoot,
    isInternalAgent: principal.userType === 'internal',
    isExternalAgent: principal.userType === 'external',
    entityId: principal.entityId,
    privilegeCodes: principal.privilegeCodes,
    roles: principal.roles,
  };
}

const WRONG_PASSWORD = 'The current password is incorrect.';

export function myRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/my/profile',
    { config: { access: authenticated }, schema: { response: { 200: ProfileResponse } } },
    async (request) => ({ data: profileOf(requirePrincipal(request)) }),
  );

  r.patch(
    '/v2/my/profile',
    {
      config: { access: authenticated, conflicts: [CONFLICT.concurrentWrite] },
      schema: { body: ProfileUpdateRequest, response: { 200: ProfileResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      const fields: UserChanges['fields'] = {};
      if (body.firstName !== undefined && body.firstName !== principal.firstName)
        fields.firstName = body.firstName;
      if (body.lastName !== undefined && body.lastName !== principal.lastName)
        fields.lastName = body.lastName;
      if (body.phone !== undefined && body.phone !== principal.phone) fields.phone = body.phone;
      if (body.ext !== undefined && body.ext !== principal.ext) fields.ext = body.ext;
      await db
        .transaction()
        .execute((trx) => changeUser(trx, principal.userId, { fields }, metadataOf(request, principal)));
      return { data: profileOf({ ...principal, ...fields }) };
    },
  );

  r.post(
    '/v2/my/password',
    {
      config: { access: authenticated, conflicts: [CONFLICT.concurrentWrite] },
      schema: { body: PasswordChangeRequest, response: { 200: MessageResponse } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      // Someone at an unlocked screen must not find the password by trying: wrong guesses count like logins.
      const attempt = await beginAttempt(db, principal.email, request.ip);
      if (!('ids' in attempt)) {
        logSecurityEvent(request, {
          kind: 'login-throttled',
          email: principal.email,
          retryAfterSeconds: attempt.retryAfterSeconds,
        });
        throw new TooManyRequests('Too many failed attempts. Try again later.', attempt.retryAfterSeconds);
      }
      const user = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
        logSecurityEvent(request, { kind: 'password-check-failed' });
        throw new ValidationFailed({ currentPassword: [WRONG_PASSWORD] });
      }
      await forgiveAttempt(db, attempt);
      if (body.password === body.currentPassword) {
        throw new ValidationFailed({ password: ['The new password must differ from the current one.'] });
      }
      await refuseCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        await changePassword(trx, principal.userId, passwordHash, 'change', metadataOf(request, principal));
        // Whoever else knew the old password is signed out everywhere; this browser stays signed in.
        await revokeOtherSessions(trx, principal.userId, principal.sessionId, 'password changed');
      });
      return { message: 'Your password has been changed. Your other sessions have ended.' };
    },
  );
}
