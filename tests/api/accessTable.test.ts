import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticated, isAllowed, publicRoute, type AccessSubject } from '../../src/api/access';
import { MyEntitiesResponse, ProfileResponse } from '../../src/api/schemas/session';
import { buildApp } from '../../src/server/app';
import type { RouteEntry } from '../../src/server/http/routeTable';
import type { Api } from '../support/http';
import {
  ADMIN,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  PERSONA_EMAILS,
} from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

interface Persona {
  label: string;
  email: string;
  actingFor?: string;
}

// Every demo user as themselves, plus users acting for another entity (the acting entity's attributes take
// part in the dashboard check).
const PERSONAS: Persona[] = [
  ...PERSONA_EMAILS.map((email) => ({ label: email, email })),
  { label: `${MANAGER} acting for ${NORTHWIND_AUSTIN}`, email: MANAGER, actingFor: NORTHWIND_AUSTIN },
  { label: `${ADMIN} acting for ${LAKESIDE}`, email: ADMIN, actingFor: LAKESIDE },
  { label: `${INTERNAL} acting for ${NORTHWIND}`, email: INTERNAL, actingFor: NORTHWIND },
];

// A concrete path for a route pattern. Ids that exist nowhere keep a permitted request free of side effects.
function concretePath(url: string): string {
  return url
    .replace(/:(\w+)\??/g, (_m, name: string) => (/uuid/i.test(name) ? randomUUID() : '999999999'))
    .replace(/\*/g, 'probe');
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

// The access subject of a persona, computed from what the API tells the portal (profile + acting entity).
async function subjectOf(api: Api, persona: Persona): Promise<{ token: string; subject: AccessSubject }> {
  const { access_token: token } = await api.login(persona.email);
  const profile = ProfileResponse.parse(
    (await api.get('/v2/my/profile', { token, actingFor: persona.actingFor })).body,
  );
  const entities = MyEntitiesResponse.parse(
    (await api.get('/v2/my/entities', { token, actingFor: persona.actingFor })).body,
  );
  expect(entities.acting.entityCode).toBe(persona.actingFor ?? entities.acting.entityCode);
  return {
    token,
    subject: {
      privilegeCodes: profile.data.privilegeCodes,
      isAdmin: profile.data.isAdmin,
      isInternalAgent: profile.data.isInternalAgent,
      actingEntityAttributes: entities.acting.attributes,
    },
  };
}

describe.each(testDatabases())('the route access table on %s', (database) => {
  const s = useTestServer(database);
  const routes = (): RouteEntry[] => s.t.server.routes;
  const guarded = () => routes().filter((r) => r.access.kind !== 'public');

  it('lists every route once, each registered with fastify, none of them HEAD', () => {
    const keys = routes().map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routes()) {
      expect(route.method).not.toBe('HEAD');
      expect(
        s.t.server.app.hasRoute({ method: route.method as 'GET', url: route.url }),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });

  it('holds the session, auth and list routes with their SPEC §6 checks', () => {
    const find = (method: string, url: string) =>
      routes().find((r) => r.method === method && r.url === url)?.access;
    expect(find('POST', '/v2/auth')).toEqual(publicRoute);
    expect(find('POST', '/v1/password-forgot')).toEqual(publicRoute);
    expect(find('POST', '/v1/password-reset')).toEqual(publicRoute);
    expect(find('GET', '/v1/public/entity-brands')).toEqual(publicRoute);
    expect(find('GET', '/v2/my/profile')).toEqual(authenticated);
    expect(find('GET', '/v2/my/entities')).toEqual(authenticated);
    expect(find('GET', '/v2/lists/access/privileges')).toMatchObject({ kind: 'anyOf' });
    // Everything under /v2 but login and refresh needs a session.
    for (const route of routes().filter((r) => r.url.startsWith('/v2/') && r.url !== '/v2/auth')) {
      expect(route.access.kind, `${route.method} ${route.url}`).not.toBe('public');
    }
  });

  it('answers 401 on every guarded route without a token, whatever the body', async () => {
    expect(guarded().length).toBeGreaterThan(0);
    for (const route of guarded()) {
      const path = concretePath(route.url);
      const bodies = hasBody(route.method)
        ? [undefined, '{"broken": ', '{"unexpected": [1, 2, 3]}', 'x'.repeat(2048)]
        : [undefined];
      for (const rawBody of bodies) {
        const response = await s.api.request(route.method, path, { rawBody });
        expect(response.status, `${route.method} ${path} body ${String(rawBody).slice(0, 20)}`).toBe(401);
        expect(response.body).toEqual({ message: 'Unauthenticated.' });
      }
      const badToken = await s.api.request(route.method, path, { token: 'not-a-real-token' });
      expect(badToken.status, `${route.method} ${path} with a bad token`).toBe(401);
      if (route.method === 'GET') {
        expect((await s.api.request('HEAD', path)).status, `HEAD ${path}`).toBe(401);
      }
    }
  });

  it('answers 403 for exactly the personas that isAllowed refuses', async () => {
    const outcomes = { allowed: 0, refused: 0 };
    for (const persona of PERSONAS) {
      const { token, subject } = await subjectOf(s.api, persona);
      for (const route of routes()) {
        const path = concretePath(route.url);
        const response = await s.api.request(route.method, path, {
          token,
          actingFor: persona.actingFor,
          ...(hasBody(route.method) ? { body: {} } : {}),
        });
        const allowed = isAllowed(route.access, subject);
        const what = `${persona.label}: ${route.method} ${path} answered ${response.status} ${response.text.slice(0, 80)}`;
        if (allowed) expect(response.status, what).not.toBe(403);
        else expect(response.status, what).toBe(403);
        expect(response.status, what).not.toBe(401);
        outcomes[allowed ? 'allowed' : 'refused']++;
      }
    }
    // The table exercises both answers.
    expect(outcomes.allowed).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('refuses at start-up to register a route without an access check', async () => {
    const { app, routes: table } = await buildApp({
      config: s.t.config,
      db: s.t.server.database.db,
      distDir: '/nonexistent-dist',
      logger: false,
    });
    try {
      expect(() => app.get('/v2/unguarded', async () => ({ ok: true }))).toThrow(/has no access check/);
      expect(() =>
        app.route({ method: ['GET', 'POST'], url: '/v2/unguarded-too', handler: async () => ({}) }),
      ).toThrow(/has no access check/);
      const before = table.length;
      app.get('/v2/guarded', { config: { access: authenticated } }, async () => ({ ok: true }));
      expect(table.slice(before)).toEqual([{ method: 'GET', url: '/v2/guarded', access: authenticated }]);
    } finally {
      await app.close();
    }
  });
});
