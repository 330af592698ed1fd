import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AccessCheck } from '../../../api/access';
import { accessRequirement } from './accessText';
import { conflictsOf } from './conflicts';
import { DOCUMENTED_BODIES } from './documentedBodies';
import { withIntegerParameters } from './integerParameters';
import { DOCUMENT_SCHEMAS } from './namedSchemas';
import { operationIdOf, summaryOf } from './operationNames';
import { tagOf } from './tags';
import { UNDECLARED_RESPONSES } from './undeclaredResponses';
import { describeUnrepresentable, UNDESCRIBED_MARK } from './unrepresentable';

// What the reference adds to every operation beside its schemas: its section (tag), summary, operation id,
// the access check it enforces in words and as `x-access`, the bearer token it needs, the causes of a 409 it
// can answer (`x-conflicts`, made into its 409 answer by documentFinish.ts), whether it takes an
// Idempotency-Key (`x-idempotent`) and its integer path ids.
export const BEARER_SCHEME = 'bearerAuth';

const zodToJson = createJsonSchemaTransform({
  // Every route is converted; a route leaves the reference only with `schema.hide`.
  skipList: [],
  schemaRegistry: DOCUMENT_SCHEMAS,
  zodToJsonConfig: { unrepresentable: describeUnrepresentable },
});

function methodOf(route: RouteOptions): string {
  return Array.isArray(route.method) ? route.method.join(',') : String(route.method);
}

// Converts the route's zod schemas. A schema the converter throws on (a self-containing one without a name,
// say) leaves its route documented without schemas and marked, rather than failing the whole document;
// tests/api/openapi.test.ts names every mark.
// Keys starting with x- are copied onto the operation by @fastify/swagger.
type DocumentedSchema = FastifySchema & Record<`x-${string}`, unknown>;

function converted(input: Parameters<SwaggerTransform>[0], key: string): DocumentedSchema {
  try {
    return zodToJson(input).schema as DocumentedSchema;
  } catch (error) {
    const { body: _b, querystring: _q, params: _p, headers: _h, response: _r, ...rest } = input.schema ?? {};
    return { ...rest, [UNDESCRIBED_MARK]: `${key}: ${(error as Error).message}` };
  }
}

export const operationTransform: SwaggerTransform = (input) => {
  const { route, url } = input;
  const schema: FastifySchema = input.schema ?? {};
  if (schema.hide) return { schema: { hide: true }, url };
  const method = methodOf(route);
  const key = `${method} ${url}`;
  const body = DOCUMENTED_BODIES[key] ?? schema.body;
  const documented = converted({ ...input, schema: { ...schema, ...(body ? { body } : {}) } }, key);
  const access = route.config?.access as AccessCheck | undefined;
  const requirement = access ? accessRequirement(access) : 'Access check unknown.';
  const response = { ...UNDECLARED_RESPONSES[key], ...(documented.response as object | undefined) };
  const conflicts = conflictsOf(route.config);
  return {
    url,
    schema: {
      ...documented,
      ...(documented.params ? { params: withIntegerParameters(schema.params, documented.params) } : {}),
      ...(Object.keys(response).length > 0 ? { response } : {}),
      operationId: schema.operationId ?? operationIdOf(method, url),
      summary: schema.summary ?? summaryOf(method, url),
      tags: schema.tags ?? [tagOf(url)],
      description: [requirement, schema.description].filter(Boolean).join('\n\n'),
      security: !access || access.kind === 'public' ? [] : [{ [BEARER_SCHEME]: [] }],
      'x-access': access,
      ...(conflicts.length > 0 ? { 'x-conflicts': conflicts } : {}),
      ...(route.config?.idempotent ? { 'x-idempotent': true } : {}),
    },
  };
};
