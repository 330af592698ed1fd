import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authenticated, publicRoute } from '../../src/api/access';
import { CoverageItem } from '../../src/api/schemas/quoteActions';
import { integerParam } from '../../src/api/schemas/params';
import { accessRequirement } from '../../src/server/http/openapi/accessText';
import { installApiReference } from '../../src/server/http/openapi/apiReference';
import { DOCUMENTED_BODIES } from '../../src/server/http/openapi/documentedBodies';
import { integerOf } from '../../src/server/http/openapi/integerParameters';
import { HTTP_METHODS, type Operation } from '../../src/server/http/openapi/documentFinish';
import { SUMMARIES } from '../../src/server/http/openapi/operationNames';
import { UNDECLARED_RESPONSES } from '../../src/server/http/openapi/undeclaredResponses';
import { UNDESCRIBED_MARK } from '../../src/server/http/openapi/unrepresentable';
import type { RouteEntry } from '../../src/server/http/routeTable';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The API reference (docs/api-reference.md): an OpenAPI 3.1 document made from the routes' zod schemas
// and access checks, and the page that shows it. Every route the server answers is in it, or is named below
// with the reason it is not.
const EXCLUDED: Record<string, string> = {
  // The reference page's own stylesheet: a file the page loads, not an operation of the API.
  'GET /api/docs/docs.css': 'stylesheet of the reference page',
  'GET /metrics': 'Prometheus text format, described in docs/operations.md "Metrics"',
};
// Not routes at all, so neither in the route table nor the document: the portal's built files and its
// client-side routes, answered by the not-found handler (src/server/http/portal.ts).

type Document = OpenAPIV3_1.Document;
type Schema = OpenAPIV3_1.SchemaObject;

const openApiPath = (url: string) => url.replace(/:(\w+)\??/g, '{$1}');
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function operations(document: Document): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item?.[method]).map((method) => ({
      path,
      method,
      operation: item![method] as Operation,
    })),
  );
}

// Every value under `key` anywhere in the document, with where it was found.
function collect(node: unknown, key: string, at = '#', found: { at: string; value: unknown }[] = []) {
  if (Array.isArray(node)) node.forEach((item, i) => collect(item, key, `${at}/${i}`, found));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) found.push({ at, value: v });
      collect(v, key, `${at}/${k}`, found);
    }
  }
  return found;
}

function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
}

describe.each(testDatabases())('the API reference on %s', (database) => {
  const s = useTestServer(database);
  const routes = (): RouteEntry[] => s.t.server.routes;
  let cached: Document | null = null;
  const document = async (): Promise<Document> => {
    if (cached) return cached;
    const response = await s.api.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (cached = response.body as Document);
  };

  it('is served without a token as OpenAPI 3.1.0 with the product and its version', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Harbor Mutual agent API', version: '2.0.11' });
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Made once: the second answer is the same text.
    const again = await s.api.get('/api/openapi.json');
    expect(again.text).toBe(JSON.stringify(doc));
  });

  it('holds every route of the route table with its method, but the named exclusions, and nothing else', async () => {
    const doc = await document();
    const documented = new Set(operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const missing = routes()
      .filter((route) => !EXCLUDED[keyOf(route)])
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    const served = new Set(routes().map((route) => `${route.method} ${openApiPath(route.url)}`));
    expect([...documented].filter((key) => !served.has(key))).toEqual([]);
    for (const excluded of Object.keys(EXCLUDED)) {
      expect(routes().map(keyOf), `${excluded} is still a route`).toContain(excluded);
      const [method, url] = excluded.split(' ');
      expect(documented.has(`${method} ${openApiPath(url!)}`), excluded).toBe(false);
    }
    expect(operations(doc).length).toBe(routes().length - Object.keys(EXCLUDED).length);
  });

  it('is structurally valid: references resolve, path parameters are declared, operation ids are unique', async () => {
    const doc = await document();
    const refs = collect(doc, '$ref');
    expect(refs.length).toBeGreaterThan(0);
    for (const { at, value } of refs) {
      expect(typeof value, at).toBe('string');
      expect(resolvePointer(doc, value as string), `${at} → ${String(value)}`).toBeDefined();
    }
    const ids = operations(doc).map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (operation.parameters ?? [])
        .map((p) => ('$ref' in p ? resolvePointer(doc, p.$ref) : p) as OpenAPIV3_1.ParameterObject)
        .filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), where).toEqual(inTemplate);
      expect(
        declared.every((p) => p.required === true),
        where,
      ).toBe(true);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const resolved = ('$ref' in response ? resolvePointer(doc, response.$ref) : response) as
          OpenAPIV3_1.ResponseObject | undefined;
        expect(resolved?.description, `${where} ${status}`).toBeTruthy();
      }
    }
  });

  it('describes every operation: summary, section, access check, a success answer, and every schema', async () => {
    const doc = await document();
    const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
    const table = new Map(
      routes().map((route) => [`${route.method} ${openApiPath(route.url)}`, route.access]),
    );
    for (const { path, method, operation } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.summary, where).not.toMatch(/^(GET|POST|PUT|PATCH|DELETE) /);
      expect(operation.tags?.length, where).toBe(1);
      expect(tags.has(operation.tags![0]!), `${where}: tag ${operation.tags![0]} is not declared`).toBe(true);
      expect(
        (doc.tags ?? []).find((tag) => tag.name === operation.tags![0])?.description,
        where,
      ).toBeTruthy();
      // The access check is the one the route table enforces, and the description says it.
      const access = table.get(where)!;
      expect(operation['x-access'], where).toEqual(access);
      expect(operation.description, where).toContain(accessRequirement(access));
      if (access.kind === 'public') {
        expect(operation.security, where).toEqual([]);
      } else {
        expect(operation.security, where).toEqual([{ bearerAuth: [] }]);
        expect(operation.responses?.['401'], where).toBeDefined();
        expect(operation.responses?.['403'], where).toBeDefined();
        expect(JSON.stringify(operation.parameters), where).toContain(
          '#/components/parameters/AgentEntityCode',
        );
      }
      if (path.includes('{')) expect(operation.responses?.['404'], where).toBeDefined();
      const successes = Object.keys(operation.responses ?? {}).filter((status) => status.startsWith('2'));
      expect(successes.length, `${where} declares no success answer`).toBeGreaterThan(0);
      for (const status of successes) {
        const response = operation.responses![status] as OpenAPIV3_1.ResponseObject;
        if (status !== '204') expect(response.content, `${where} ${status} has no body`).toBeDefined();
      }
    }
    // Nothing zod could not convert was left undescribed (src/server/http/openapi/unrepresentable.ts).
    expect(collect(doc, UNDESCRIBED_MARK).map(({ at }) => at)).toEqual([]);
  });

  it('documents the SPEC §8 error bodies where they apply', async () => {
    const doc = await document();
    const op = (path: string, method: string) => doc.paths?.[path]?.[method as 'get'] as Operation;
    const patch = op('/v2/entities/{entityId}', 'patch');
    for (const status of ['401', '403', '404', '409', '422']) expect(patch.responses?.[status]).toBeDefined();
    expect(patch.responses?.['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    const validation = resolvePointer(
      doc,
      '#/components/schemas/ValidationErrorBody',
    ) as OpenAPIV3_1.SchemaObject;
    expect(validation.required).toEqual(expect.arrayContaining(['message', 'errors']));
    // A public operation answers no 401 of the route table; a plain read answers no 409
    // (tests/api/openapiConflicts.test.ts holds the 409s to the server's answers).
    expect(op('/v1/password-forgot', 'post').responses?.['403']).toBeUndefined();
    expect(op('/v2/entities', 'get').responses?.['409']).toBeUndefined();
    expect(op('/healthz', 'get').responses?.['422']).toBeUndefined();
  });

  it('holds the request bodies of real routes with their required fields', async () => {
    const doc = await document();
    const bodyOf = (path: string) => {
      const body = (doc.paths?.[path]?.post as Operation).requestBody as OpenAPIV3_1.RequestBodyObject;
      return body.content['application/json']!.schema as OpenAPIV3_1.SchemaObject;
    };
    const entity = bodyOf('/v2/entities');
    expect(entity.type).toBe('object');
    expect(entity.required).toEqual(
      expect.arrayContaining(['entity_code', 'entity_name', 'master_entity_id', 'type_code']),
    );
    expect(entity.properties?.entity_code).toMatchObject({ type: 'string' });
    // The body the server refuses without those fields, as the document says.
    const { accessToken: token } = await s.api.login('admin@demo.test');
    const refused = await s.api.post('/v2/entities', {}, { token });
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(
      expect.arrayContaining(['entity_code', 'entity_name', 'type_code']),
    );
    // POST /v2/auth reads its body as unknown; the document shows the three shapes it accepts.
    const auth = bodyOf('/v2/auth');
    expect(auth.anyOf).toHaveLength(3);
    expect((auth.anyOf![0] as OpenAPIV3_1.SchemaObject).required).toEqual(['email', 'password']);
  });

  it('describes path ids as the integers the server parses, with the bounds it enforces', async () => {
    const doc = await document();
    const pathParameters = operations(doc).flatMap(({ path, method, operation }) =>
      ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
        .filter((p) => p.in === 'path')
        .map((p) => ({ where: `${method.toUpperCase()} ${path} ${p.name}`, schema: p.schema as Schema })),
    );
    // No id is left as text that only digits match.
    const digitText = pathParameters.filter(
      ({ schema }) => schema.type === 'string' && /^\^?(\\d|\[)/.test(schema.pattern ?? ''),
    );
    expect(digitText.map(({ where }) => where)).toEqual([]);
    const schemaOf = (path: string, method: string, name: string) =>
      pathParameters.find(({ where }) => where === `${method} ${path} ${name}`)?.schema;
    const id = { type: 'integer', minimum: 0, maximum: 999_999_999 };
    expect(schemaOf('/v2/entities/{entityId}', 'PATCH', 'entityId')).toEqual(id);
    expect(
      schemaOf('/v2/entities/{entityId}/commission-statements/{statementId}', 'GET', 'statementId'),
    ).toEqual(id);
    // A policy's matterId is an id like every other (SPEC §5, src/api/schemas/policies.ts).
    expect(schemaOf('/v2/policies/{matterId}', 'GET', 'matterId')).toEqual(id);
    // UUIDs stay text.
    expect(schemaOf('/v2/quote/{uuid}', 'GET', 'uuid')).toMatchObject({ type: 'string', format: 'uuid' });

    // The server holds to the bounds the document gives: below a minimum or past a maximum is a 422, an id
    // within them that names nothing is a 404.
    const { accessToken: token } = await s.api.login('admin@demo.test');
    expect((await s.api.get('/v2/policies/0', { token })).status).toBe(404);
    expect((await s.api.get('/v2/entities/0', { token })).status).toBe(404);
    expect((await s.api.get('/v2/entities/999999999', { token })).status).toBe(404);
    expect((await s.api.get('/v2/entities/1000000000', { token })).status).toBe(422);
  });

  it('keeps its component names to itself: CoverageItem is named in the document, not in zod’s global registry', async () => {
    const doc = await document();
    expect(doc.components?.schemas?.CoverageItem).toBeDefined();
    expect(JSON.stringify(doc.paths)).toContain('"#/components/schemas/CoverageItem"');
    expect(z.globalRegistry.has(CoverageItem)).toBe(false);
    // Converted elsewhere, the schema carries no name of the document's.
    expect(JSON.stringify(z.toJSONSchema(CoverageItem))).not.toContain('CoverageItem');
    // What `.describe()` says (zod keeps it in its global registry) still reaches the document.
    const own = doc.paths?.['/api/openapi.json']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(own.description).toBe('The OpenAPI 3.1 document of this API.');
  });

  it('names only existing routes in its tables of summaries, bodies and non-JSON answers', () => {
    const keys = new Set(routes().map(keyOf));
    for (const table of [SUMMARIES, DOCUMENTED_BODIES, UNDECLARED_RESPONSES]) {
      expect(Object.keys(table).filter((key) => !keys.has(key))).toEqual([]);
    }
  });

  it('shows every operation on /api/docs under a Content-Security-Policy without unsafe-inline', async () => {
    const doc = await document();
    const page = await s.api.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    for (const { operation } of operations(doc)) {
      expect(page.text, operation.operationId).toContain(
        `<article class="op" id="${operation.operationId}">`,
      );
    }
    // No inline script or style for the policy to refuse, and the stylesheet it links loads.
    expect(page.text).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    expect(page.text).toContain('href="/api/docs/docs.css"');
    expect(page.text).toContain('href="/api/openapi.json"');
    const css = await s.api.get('/api/docs/docs.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.text).toContain('.op-head');
    expect(css.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    // Sent compressed to a client that takes gzip (fetch does, and unpacks it).
    expect(page.headers.get('content-encoding')).toBe('gzip');
  });

  it('is not swallowed by the portal: unknown /api paths answer JSON 404', async () => {
    const response = await s.api.get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found.' });
  });
});

describe('the API reference’s integer path ids', () => {
  it('finds the integer and its bounds by asking the parameter’s parser', () => {
    expect(integerOf(integerParam('id'))).toEqual({ type: 'integer', minimum: 0, maximum: 999_999_999 });
    const positive = z
      .string()
      .regex(/^[1-9]\d{0,3}$/)
      .transform(Number);
    expect(integerOf(positive)).toEqual({ type: 'integer', minimum: 1, maximum: 9_999 });
    // No digit limit: no maximum.
    expect(integerOf(z.string().regex(/^\d+$/).transform(Number))).toEqual({ type: 'integer', minimum: 0 });
    // Text that stays text, and parsers that take more than an integer's digits, are left alone.
    expect(integerOf(z.string().regex(/^\d+$/))).toBeNull();
    expect(integerOf(z.uuid())).toBeNull();
    expect(integerOf(z.coerce.number())).toBeNull();
    expect(integerOf(z.string().transform(Number))).toBeNull();
  });
});

describe('the API reference of schemas JSON Schema cannot say', () => {
  it('documents dates as date-time text and marks what it cannot describe or convert, without failing', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await installApiReference(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/v2/probe/:id',
      {
        config: { access: authenticated },
        schema: {
          params: z.object({ id: z.string().regex(/^\d+$/).transform(Number) }),
          body: z.object({ when: z.date(), what: z.custom<string>((v) => typeof v === 'string') }),
          response: { 200: z.object({ at: z.date() }) },
        },
      },
      async () => ({ at: new Date() }),
    );
    r.get('/v2/probe', { config: { access: publicRoute }, schema: { hide: true } }, async () => ({}));
    // A schema the converter throws on: a JSON Schema where zod is expected.
    app.put(
      '/v2/probe/:id',
      { config: { access: authenticated }, schema: { querystring: { type: 'object' } } },
      async () => ({}),
    );
    await app.ready();
    const doc = app.swagger() as Document;
    const post = doc.paths?.['/v2/probe/{id}']?.post as Operation;
    const body = (post.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']!
      .schema as OpenAPIV3_1.SchemaObject;
    expect(body.properties?.when).toEqual({ type: 'string', format: 'date-time' });
    expect(body.properties?.what).toMatchObject({ [UNDESCRIBED_MARK]: 'custom' });
    const answer = (post.responses?.['200'] as OpenAPIV3_1.ResponseObject).content!['application/json']!
      .schema as OpenAPIV3_1.SchemaObject;
    expect(answer.properties?.at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(post.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );
    expect(doc.paths?.['/v2/probe']).toBeUndefined();
    // The rest of the document is still made; the failed route is marked with the reason, named.
    const put = doc.paths?.['/v2/probe/{id}']?.put as Operation & Record<string, unknown>;
    expect(put[UNDESCRIBED_MARK]).toMatch(/^PUT \/v2\/probe\/:id: /);
    expect(put.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    await app.close();
  });
});
