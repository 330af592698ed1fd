import type { FastifyRequest } from 'fastify';

// Security events (OWASP ASVS 16 / 7.x): every refused authentication and every authorization denial is
// logged as one structured line at `warn`, with who (user id and acting entity when known), what (method and
// route pattern, never the query string) and why. Tokens, passwords and reset links are never part of it.
export type SecurityEvent =
  | {
      kind: 'login-refused';
      reason: 'unknown-account' | 'wrong-password' | 'account-disabled';
      email: string;
    }
  | { kind: 'login-throttled'; email: string; retryAfterSeconds: number }
  // A limit on abuse was reached (src/server/http/abuseLimits.ts); the request was refused with 429.
  | { kind: 'rate-limited'; limit: string; retryAfterSeconds: number }
  | { kind: 'refresh-refused' }
  | { kind: 'password-check-failed' }
  | { kind: 'unauthenticated'; tokenPresented: boolean }
  | { kind: 'denied'; status: 403 };

export function logSecurityEvent(request: FastifyRequest, event: SecurityEvent): void {
  const principal = request.principal;
  request.log.warn(
    {
      security: event,
      userId: principal?.userId ?? null,
      actingEntity: principal?.acting.entityCode ?? null,
      method: request.method,
      route: request.routeOptions.url ?? null,
      ip: request.ip,
    },
    `security: ${event.kind}`,
  );
}
