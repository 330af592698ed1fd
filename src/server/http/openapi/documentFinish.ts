import type { SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { AccessCheck } from '../../../api/access';
import { conflictResponse } from './conflicts';
import {
  AGENT_ENTITY_PARAMETER,
  ERROR_RESPONSES,
  IDEMPOTENCY_PARAMETER,
  type ErrorResponseName,
} from './documentBase';
import { DOCUMENT_SCHEMAS } from './namedSchemas';
import { API_TAGS } from './tags';
import { describeUnrepresentable } from './unrepresentable';

// The last pass over the generated document: what follows from an operation's access check and shape
// rather than from its schemas: the SPEC §8 error answers it can give (a 409 only where its route says when,
// conflicts.ts), the agentEntityCode and Idempotency-Key headers, and bracket-style query objects (SPEC §7:
// filter[state]=TX).

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type Operation = OpenAPIV3_1.OperationObject & {
  'x-access'?: AccessCheck;
  // The causes of a 409, from the route's config (operationTransform.ts); made into the 409 answer here.
  'x-conflicts'?: string[];
  // The route takes an Idempotency-Key (src/server/http/idempotency.ts); made into its header parameter here.
  'x-idempotent'?: boolean;
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function errorAnswers(path: string, operation: Operation): ErrorResponseName[] {
  const access = operation['x-access'];
  const guarded = !!access && access.kind !== 'public';
  const takesInput = !!operation.requestBody || (operation.parameters ?? []).length > 0;
  const names: ErrorResponseName[] = [];
  // The route table authenticates first: no or a stale token is 401, a missing privilege or an entity the
  // user may not act as is 403 (src/server/http/routeTable.ts).
  if (guarded) names.push('Unauthenticated', 'Forbidden');
  // A record a path names may be missing or outside the caller's scope.
  if (/\{\w+\}/.test(path)) names.push('NotFound');
  if (takesInput) names.push('ValidationFailed');
  return names;
}

// Query objects are sent in brackets (filter[state]=TX), which is OpenAPI's deepObject style.
function bracketStyle(parameter: OpenAPIV3_1.ParameterObject): OpenAPIV3_1.ParameterObject {
  const schema = parameter.schema as OpenAPIV3_1.SchemaObject | undefined;
  if (parameter.in !== 'query' || schema?.type !== 'object') return parameter;
  return { ...parameter, style: 'deepObject', explode: true };
}

// What @fastify/swagger calls "Default Response" where a schema has no description.
const STATUS_TEXT: Record<string, string> = {
  '200': 'Success.',
  '201': 'Created.',
  '202': 'Accepted.',
  '204': 'Done; no body.',
  '429': 'Too many attempts: wait and try again.',
  ...Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ status, response }) => [status, response.description]),
  ),
};

function describeStatuses(responses: OpenAPIV3_1.ResponsesObject): void {
  for (const [status, response] of Object.entries(responses)) {
    if ('description' in response && response.description === 'Default Response') {
      response.description = STATUS_TEXT[status] ?? 'The answer.';
    }
  }
}

function finishOperation(path: string, operation: Operation): void {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  operation.parameters = parameters.map(bracketStyle);
  const access = operation['x-access'];
  if (access && access.kind !== 'public') {
    operation.parameters.push({ $ref: `#/components/parameters/${AGENT_ENTITY_PARAMETER}` } as never);
  }
  if (operation['x-idempotent']) {
    operation.parameters.push({ $ref: `#/components/parameters/${IDEMPOTENCY_PARAMETER}` } as never);
  }
  delete operation['x-idempotent'];
  if (operation.parameters.length === 0) delete operation.parameters;
  const responses = (operation.responses ??= {});
  describeStatuses(responses);
  for (const name of errorAnswers(path, operation)) {
    const { status } = ERROR_RESPONSES[name];
    // A route that declares the status itself keeps its own word for it.
    if (!responses[status]) responses[status] = ref(name);
  }
  const conflicts = operation['x-conflicts'];
  delete operation['x-conflicts'];
  if (conflicts?.length && !responses['409']) responses['409'] = conflictResponse(conflicts);
}

// jsonSchemaTransformObject emits an input and an output form of every named schema; only the forms some
// operation refers to stay.
function pruneComponents(document: OpenAPIV3_1.Document): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const refsIn = (node: unknown) =>
    [...JSON.stringify(node ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const kept = new Set<string>();
  // Named schemas refer to each other and to themselves: follow the references from the operations.
  const queue = refsIn([document.paths, document.components?.responses, document.components?.parameters]);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (kept.has(name) || !schemas[name]) continue;
    kept.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!kept.has(name)) delete schemas[name];
}

// The named schemas (namedSchemas.ts) as components, converted as the operations' schemas are.
const withNamedSchemas = createJsonSchemaTransformObject({
  schemaRegistry: DOCUMENT_SCHEMAS,
  zodToJsonConfig: { unrepresentable: describeUnrepresentable },
});

export const finishDocument: SwaggerTransformObject = (input) => {
  const document = withNamedSchemas(input) as OpenAPIV3_1.Document;
  const used = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      finishOperation(path, operation);
      for (const tag of operation.tags ?? []) used.add(tag);
    }
  }
  // The reference's sections in their order; a tag no section knows still gets one, at the end.
  const known = API_TAGS.filter((tag) => used.has(tag.name));
  const unknown = [...used].filter((name) => !API_TAGS.some((tag) => tag.name === name));
  document.tags = [...known, ...unknown.map((name) => ({ name }))];
  pruneComponents(document);
  return document;
};
