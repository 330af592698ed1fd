import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteEntry } from '../../src/server/http/routeTable';
import { shapedLike, type JsonSchema } from '../support/fuzzArbitraries';
import {
  expectApiHeaders,
  expectSafeAnswer,
  fullFingerprint,
  pathOf,
  schemasOf,
  type DbFingerprint,
} from '../support/fuzzRoutes';
import { expectError, expectValidationError, type ApiResponse } from '../support/http';
import { ADMIN } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

vi.mock('fastify-type-provider-zod', async (original) => {
  const { capturingSchemas } = await import('../support/fuzzRoutes');
  return capturingSchemas(await original());
});

// How bodies travel, for every route that takes one, as the root admin (past every access check, so the
// body is read): malformed JSON, JSON that is not an object, other content types, bodies past the 1 MiB
// limit (src/server/app.ts), prototype keys, malformed URLs. Each is a 4xx of SPEC §5/§8 JSON, and none
// changes anything. Ids in the paths exist nowhere, so a handler that does run has nothing to act on.

const MIB = 1024 * 1024;
const MALFORMED_JSON = [
  '{"broken": ',
  '{',
  '[1, 2',
  '"unterminated',
  "{'single': 1}",
  '{"a": 1,}',
  'nul',
  '{"a": 01}',
  '\u0000{}',
  'NaN',
  '{"a": Infinity}',
  '{"a": "\\x41"}',
  '{"a": "\\ud800"',
];
const NOT_OBJECTS = ['[]', '[{}]', '"text"', '42', '-0', '1e309', 'null', 'true'];
const OTHER_TYPES = [
  'text/plain',
  'text/html',
  'text/xml',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/javascript',
  'application/json-patch+json',
  'application/jsonx',
  'image/png',
  'multipart/form-data; boundary=fuzz',
];

const takesBody = (route: RouteEntry) => route.method !== 'GET';

// A few of `items` for the i-th route, turning through the list, so that every item is tried on many routes
// and every route gets several items, without sending each item to each route.
function someOf<T>(items: readonly T[], i: number, count = 3): T[] {
  return Array.from(
    { length: Math.min(count, items.length) },
    (_, k) => items[(i * count + k) % items.length]!,
  );
}
const takesUploads = (route: RouteEntry) => route.url.endsWith('/files') && route.method === 'POST';

// A path whose parameters pass their schemas but name no record.
function harmlessPath(route: RouteEntry): string {
  const properties = schemasOf(route).params?.properties ?? {};
  const params: Record<string, string> = {};
  for (const name of [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
    const schema: JsonSchema = properties[name] ?? { type: 'string' };
    if (schema.format === 'uuid') params[name] = randomUUID();
    else if (schema.pattern?.startsWith('^\\d')) params[name] = '999999999';
    else params[name] = String(fc.sample(shapedLike(schema), { numRuns: 1, seed: 1 })[0]);
  }
  return pathOf(route.url, params);
}

const expectsObject = (route: RouteEntry) => schemasOf(route).body?.type === 'object';

describe.each(testDatabases())('request bodies and transport on %s', (database) => {
  const s = useTestServer(database);
  let token = '';
  let before: DbFingerprint;
  beforeAll(async () => {
    token = (await s.api.login(ADMIN)).accessToken;
  });

  const bodyRoutes = () => s.t.server.routes.filter(takesBody);
  const send = (
    route: RouteEntry,
    rawBody: string | undefined,
    contentType?: string,
    path = harmlessPath(route),
  ) =>
    s.api.request(route.method, path, {
      token,
      rawBody,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
    });

  // Every test here sends only what must be refused: the database is the same afterwards.
  beforeAll(async () => {
    before = await fullFingerprint(s.t.server.database.db);
  });
  const expectNothingChanged = async () =>
    expect(await fullFingerprint(s.t.server.database.db)).toEqual(before);

  it('has routes with bodies to try, most of them with an object schema', () => {
    expect(bodyRoutes().length).toBeGreaterThan(60);
    expect(bodyRoutes().filter(expectsObject).length).toBeGreaterThan(50);
  });

  it('answers malformed JSON with 422 naming the body, on every route that takes one', async () => {
    for (const [i, route] of bodyRoutes().entries()) {
      for (const text of someOf([...MALFORMED_JSON, '', '   '], i)) {
        const what = `${route.method} ${route.url} ${JSON.stringify(text)}`;
        const response = await send(route, text, 'application/json');
        expectSafeAnswer(response, route.url, what);
        expect(expectValidationError(response, ['body']).errors.body, what).toEqual([
          'The body must be valid JSON.',
        ]);
      }
    }
    await expectNothingChanged();
  });

  it('answers JSON that is not an object with 422 on the root, where the schema wants an object', async () => {
    let checked = 0;
    for (const [i, route] of bodyRoutes().entries()) {
      for (const text of someOf(NOT_OBJECTS, i)) {
        const what = `${route.method} ${route.url} ${text}`;
        const response = await send(route, text, 'application/json');
        expectSafeAnswer(response, route.url, what);
        // Routes without a body schema ignore the body: they get as far as their ids, which exist nowhere.
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        if (expectsObject(route)) {
          expectValidationError(response, ['_']);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    await expectNothingChanged();
  });

  it('answers every content type but JSON with 415, and a body without one too', async () => {
    for (const [i, route] of bodyRoutes().entries()) {
      const types = takesUploads(route)
        ? OTHER_TYPES.filter((t) => !t.startsWith('multipart/'))
        : OTHER_TYPES;
      for (const type of someOf(types, i)) {
        const response = await send(route, 'a=1&b=<x/>', type);
        expectSafeAnswer(response, route.url, `${route.method} ${route.url} as ${type}`);
        expect(expectError(response, 415).message).toBe('The request body must be JSON.');
      }
      // fetch sends a string body as text/plain unless told otherwise; without any type it is refused too.
      const untyped = await s.api.request(route.method, harmlessPath(route), {
        token,
        rawBody: '{}',
        headers: { 'content-type': '' },
      });
      expect(untyped.status, `${route.method} ${route.url} without a content type`).toBe(415);
    }
    await expectNothingChanged();
  });

  it('answers a body over 1 MiB with 413 on every route, and reads one just under the limit', async () => {
    const over = JSON.stringify({ padding: 'x'.repeat(MIB) });
    const under = JSON.stringify({ padding: 'x'.repeat(MIB - 100) });
    for (const route of bodyRoutes()) {
      const what = `${route.method} ${route.url}`;
      const response = await send(route, over, 'application/json');
      expectSafeAnswer(response, route.url, what);
      expect(expectError(response, 413).message, what).toBe('The request body is too large.');
    }
    // Under the limit the body is read and checked against the schema (an unknown key).
    const roles = bodyRoutes().find((r) => r.method === 'POST' && r.url === '/v2/roles')!;
    expectValidationError(await send(roles, under, 'application/json'), ['padding']);
    await expectNothingChanged();
  });

  it('answers a chunked body that grows past 1 MiB with 413, without reading it all', async () => {
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit: the server must stop at 1 MiB, not wait for all of it.
        if (sent >= 64 * MIB) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${s.t.url}/v2/roles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large.' });
    expect(sent).toBeLessThan(64 * MIB);
    await expectNothingChanged();
  });

  it('refuses prototype keys in a body as invalid JSON and pollutes nothing', async () => {
    const bodies = [
      '{"__proto__": {"polluted": true}}',
      '{"data": {"__proto__": {"polluted": true}}}',
      '{"constructor": {"prototype": {"polluted": true}}}',
      '[{"__proto__": {"isAdmin": true}}]',
    ];
    for (const [i, route] of bodyRoutes().entries()) {
      for (const text of someOf(bodies, i, 1)) {
        const response = await send(route, text, 'application/json');
        expectSafeAnswer(response, route.url, `${route.method} ${route.url} ${text}`);
        expectValidationError(response, ['body']);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    await expectNothingChanged();
  });

  it('answers malformed and over-long URLs with JSON 400 or 414 and the security headers', async () => {
    const routes = s.t.server.routes.filter((r) => r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(50);
    const segments = [
      ['%', 400],
      ['%E0%A4%A', 400],
      ['%zz', 400],
      ['x'.repeat(500), 414],
    ] as const;
    for (const [i, route] of routes.entries()) {
      for (const [segment, status] of someOf(segments, i, 2)) {
        const path = route.url.replace(/:(\w+)/g, segment);
        const response: ApiResponse = await s.api.request(route.method, path, { token });
        const what = `${route.method} ${path.slice(0, 80)}`;
        expect(expectError(response, status).message, what).toBe('The request could not be processed.');
        expectApiHeaders(response, what);
      }
    }
    await expectNothingChanged();
  });

  it('answers a URL or header past what Node reads with a 4xx, never a server error', async () => {
    const longQuery = await s.api.get(`/v2/roles?filter[name]=${'x'.repeat(20_000)}`, { token });
    expect(longQuery.status).toBe(431);
    const longHeader = await s.api.get('/v2/roles', { token, headers: { 'x-padding': 'y'.repeat(20_000) } });
    expect(longHeader.status).toBe(431);
    // The server still answers.
    expect((await s.api.get('/v2/roles', { token })).status).toBe(200);
    await expectNothingChanged();
  });
});
