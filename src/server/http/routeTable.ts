import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { isAllowed, type AccessCheck } from '../../api/access';
import { AGENT_ENTITY_CODE } from '../../api/schemas/params';
import { AGENT_ENTITY_HEADER } from '../../api/version';
import { verifyAccessToken } from '../auth/accessTokens';
import {
  accessSubject,
  findActingEntity,
  isStaffRow,
  loadSessionUser,
  ownEntity,
  toPrincipal,
  type Principal,
} from '../access/principal';
import type { Db } from '../store/db';
import { forbidden, unauthenticated } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    access?: AccessCheck;
  }
}

// The route → check table of the API (SPEC §6). Every route is registered with its check; a route without
// one stops the server at start-up, so nothing is reachable by omission.
export interface RouteEntry {
  method: string;
  url: string;
  access: AccessCheck;
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const match = /^bearer ([A-Za-z0-9_\-.]{10,2048})$/i.exec(header);
  return match?.[1] ?? null;
}

function agentEntityCode(request: FastifyRequest): string | null {
  const raw = request.headers[AGENT_ENTITY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  // A code in the wrong format is dropped, as the portal does (SPEC §5).
  return value && AGENT_ENTITY_CODE.test(value) ? value.toUpperCase() : null;
}

export async function authenticate(db: Db, secret: string, request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  const claims = token ? verifyAccessToken(token, secret) : null;
  if (!claims) throw unauthenticated();
  const row = await loadSessionUser(db, Number(claims.sub), claims.sid);
  if (!row) throw unauthenticated();
  const code = agentEntityCode(request);
  const acting =
    code && code !== row.entity_code
      ? await findActingEntity(db, { entityPath: row.entity_path, staff: isStaffRow(row) }, code)
      : ownEntity(row);
  if (!acting) throw forbidden();
  return toPrincipal(row, claims.sid, acting);
}

export function installRouteTable(app: FastifyInstance, db: Db, secret: string): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) {
      // HEAD twins that fastify adds for GET routes inherit the GET route's config.
      if (methods.every((m) => m === 'HEAD')) return;
      throw new Error(`Route ${methods.join(',')} ${route.url} has no access check`);
    }
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });
  // Authentication runs before the body is parsed, so an anonymous caller learns nothing of a route's schema.
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const principal = await authenticate(db, secret, request);
    request.principal = principal;
    if (!isAllowed(access, accessSubject(principal))) throw forbidden();
  });
  return table;
}
