import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../../api/access';
import {
  ForgotPasswordRequest,
  LoginRequest,
  LogoutRequest,
  MessageResponse,
  RefreshRequest,
  ResetPasswordRequest,
  TokenResponse,
} from '../../../api/schemas/auth';
import { ErrorBody, ValidationErrorBody } from '../../../api/schemas/errors';
import { beginAttempt, forgiveAttempt } from '../../auth/loginThrottle';
import { requestPasswordReset, resetPassword } from '../../auth/passwordReset';
import { verifyAgainstNothing, verifyPassword } from '../../auth/passwords';
import {
  revokeByRefreshToken,
  rotateRefreshToken,
  startSession,
  type TokenSettings,
} from '../../auth/sessions';
import type { Db } from '../../store/db';
import { ValidationFailed, parseBody, unauthenticated } from '../errors';
import { enforceLimits, limits, TooManyRequests } from '../abuseLimits';
import { CONFLICT } from '../openapi/conflicts';
import { refuseCommonPassword } from '../newPassword';
import { logSecurityEvent } from '../securityLog';

export interface AuthRouteOptions {
  db: Db;
  tokens: TokenSettings;
  publicUrl: string | undefined;
}

const BAD_CREDENTIALS = 'These credentials do not match our records.';

// The body decides the operation, so each branch reports its own field errors instead of a union's.
function parseAuthBody(body: unknown) {
  const object = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (object.grantType === 'refresh_token')
    return { kind: 'refresh' as const, ...parseBody(RefreshRequest, body) };
  if (object.grantType === 'revoke') return { kind: 'logout' as const, ...parseBody(LogoutRequest, body) };
  if ('grantType' in object) {
    throw new ValidationFailed({ grantType: ['The grant type must be refresh_token or revoke.'] });
  }
  return { kind: 'login' as const, ...parseBody(LoginRequest, body) };
}

// The reset link always points at this portal (the configured public URL, else the address this connection
// reached): the client's redirectURL is accepted as SPEC §7 sends it, but never trusted, and neither are the
// Host and X-Forwarded-Host headers (any client can send them), so the mail cannot link to a foreign site.
export function portalOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const { localAddress = '127.0.0.1', localPort } = request.socket;
  return `http://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}

export function authRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { db, tokens } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/auth',
    {
      config: { access: publicRoute },
      schema: {
        body: z.unknown(),
        response: {
          200: z.union([TokenResponse, MessageResponse]),
          401: ErrorBody,
          422: ValidationErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const body = parseAuthBody(request.body);
      if (body.kind === 'refresh') {
        const issued = await rotateRefreshToken(db, body.refreshToken, tokens);
        if (!issued) {
          logSecurityEvent(request, { kind: 'refresh-refused' });
          throw unauthenticated();
        }
        return issued;
      }
      if (body.kind === 'logout') {
        await revokeByRefreshToken(db, body.refreshToken, 'logout');
        return { message: 'Logged out.' };
      }
      const attempt = await beginAttempt(db, body.email, request.ip);
      if (!('ids' in attempt)) {
        const { retryAfterSeconds } = attempt;
        logSecurityEvent(request, { kind: 'login-throttled', email: body.email, retryAfterSeconds });
        throw new TooManyRequests('Too many failed login attempts. Try again later.', retryAfterSeconds);
      }
      const user = await db
        .selectFrom('users')
        .innerJoin('entities', 'entities.id', 'users.entity_id')
        .select(['users.id', 'users.password_hash', 'users.is_enabled', 'entities.status_code'])
        .where((eb) => eb(eb.fn('lower', ['users.email']), '=', body.email.toLowerCase()))
        .executeTakeFirst();
      const ok = user
        ? await verifyPassword(user.password_hash, body.password)
        : await verifyAgainstNothing(body.password);
      // The staff of a deactivated agency cannot sign in, as if their own account were deactivated.
      if (!user || !ok || !user.is_enabled || user.status_code !== 'ACTIVE') {
        const reason = !user ? 'unknown-account' : !ok ? 'wrong-password' : 'account-disabled';
        // The attempt began as a failure and stays one.
        logSecurityEvent(request, { kind: 'login-refused', reason, email: body.email });
        throw new ValidationFailed({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
      }
      await forgiveAttempt(db, attempt);
      const session = await startSession(db, user.id, tokens);
      if (!session) {
        logSecurityEvent(request, { kind: 'login-refused', reason: 'account-disabled', email: body.email });
        throw new ValidationFailed({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
      }
      return session;
    },
  );

  r.post(
    '/v1/password-forgot',
    {
      config: { access: publicRoute },
      schema: {
        body: ForgotPasswordRequest,
        response: { 200: MessageResponse, 422: ValidationErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      // Counted whether or not an account has the address, so the answer tells nothing of accounts.
      await enforceLimits(
        db,
        request,
        [limits.resetRequestsPerAddress(request.body.email), limits.resetRequestsPerClient(request.ip)],
        'Too many password reset requests. Try again later.',
      );
      const origin = portalOrigin(request, options.publicUrl);
      await requestPasswordReset(db, request.log, request.body.email, origin);
      return {
        message: 'If an account exists for that e-mail address, we have sent it a password reset link.',
      };
    },
  );

  r.post(
    '/v1/password-reset',
    {
      // The new password is an event on the user's log, which races like any append.
      config: { access: publicRoute, conflicts: [CONFLICT.concurrentWrite] },
      schema: { body: ResetPasswordRequest, response: { 200: MessageResponse, 422: ValidationErrorBody } },
    },
    async (request) => {
      await refuseCommonPassword(request.body.password);
      const done = await resetPassword(db, request.body, request.id);
      if (!done)
        throw new ValidationFailed({ token: ['This password reset link is invalid or has expired.'] });
      return { message: 'Your password has been reset. You can log in with it now.' };
    },
  );
}
