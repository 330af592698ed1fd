import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticated, publicRoute } from '../../src/api/access';
import { buildApp } from '../../src/server/app';
import type { RouteEntry } from '../../src/server/http/routeTable';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The 403 side of every route × persona is tests/api/accessMatrix.test.ts, against SPEC §6 written out
// independently in tests/support/spec6Access.ts.

// A concrete path for a route pattern. Ids that exist nowhere keep a permitted request free of side effects.
function concretePath(url: string): string {
  return url
    .replace(/:(\w+)\??/g, (_m, name: string) => (/uuid/i.test(name) ? randomUUID() : '999999999'))
    .replace(/\*/g, 'probe');
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

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
