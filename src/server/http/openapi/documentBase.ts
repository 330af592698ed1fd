import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from '../../../api/schemas/errors';
import { AGENT_ENTITY_CODE } from '../../../api/schemas/params';
import { AGENT_ENTITY_HEADER, CLIENT_VERSION } from '../../../api/version';
import { KEY_FORMAT, KEY_LIFETIME_HOURS } from '../idempotency';
import { BEARER_SCHEME } from './operationTransform';

// The parts of the OpenAPI document no route declares: what the API is, how a caller signs in, the
// agentEntityCode header, and the error bodies of SPEC §5/§8 that every route shares.

export const PRODUCT_NAME = 'Harbor Mutual agent API';
export const AGENT_ENTITY_PARAMETER = 'AgentEntityCode';
export const IDEMPOTENCY_PARAMETER = 'IdempotencyKey';

const DESCRIPTION = [
  'The agent and back-office API behind the Harbor Mutual agent portal: pet and renters quoting and',
  'policies, entity, user and role administration, commission and reports.',
  '',
  'Sign in with `POST /v2/auth` and send the access token as `Authorization: Bearer <token>`. Every',
  'operation says which privilege codes it needs; the code `root_admin` passes every check except the',
  'ones for agents only. Staff acting as an agent send the agent’s entity code in the `agentEntityCode`',
  'header. Calls send and receive JSON unless the operation says it answers a file.',
].join('\n');

// The error bodies, converted once from the same zod schemas the error handler's answers follow.
const errorSchema = z.toJSONSchema(ErrorBody, { target: 'draft-2020-12' });
const validationSchema = z.toJSONSchema(ValidationErrorBody, { target: 'draft-2020-12' });

function withoutDialect(schema: Record<string, unknown>): OpenAPIV3_1.SchemaObject {
  const { $schema: _dialect, ...rest } = schema;
  return rest as OpenAPIV3_1.SchemaObject;
}

const errorResponse = (description: string, schema = 'ErrorBody'): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

// SPEC §8's statuses, by the name operations refer to them with. 409 is not among them: its causes differ
// from one operation to the next, so each operation that can answer it says when (conflicts.ts).
export const ERROR_RESPONSES = {
  Unauthenticated: { status: '401', response: errorResponse('No valid access token: sign in again.') },
  Forbidden: {
    status: '403',
    response: errorResponse(
      'The user lacks the privilege the operation needs, or may not act as the agentEntityCode sent.',
    ),
  },
  NotFound: {
    status: '404',
    response: errorResponse(
      'No such record in the caller’s scope (another agency’s records answer 404 too).',
    ),
  },
  ValidationFailed: {
    status: '422',
    response: errorResponse(
      'Invalid input: `message` (default "Validation error.") and `errors`, a list of messages per field.',
      'ValidationErrorBody',
    ),
  },
} as const;

export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

export const documentBase: Partial<OpenAPIV3_1.Document> = {
  openapi: '3.1.0',
  info: { title: PRODUCT_NAME, version: CLIENT_VERSION, description: DESCRIPTION },
  components: {
    securitySchemes: {
      [BEARER_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The access token `POST /v2/auth` answers; refresh it there with the refresh token.',
      },
    },
    parameters: {
      [AGENT_ENTITY_PARAMETER]: {
        name: 'agentEntityCode',
        in: 'header',
        required: false,
        description:
          'Act as this agent entity (staff only, and only for entities in their scope). ' +
          `Header names are case-insensitive; the server reads \`${AGENT_ENTITY_HEADER}\`. ` +
          'A code in another format is ignored.',
        schema: { type: 'string', pattern: AGENT_ENTITY_CODE.source },
        example: '1234-5678-TX',
      },
      [IDEMPOTENCY_PARAMETER]: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          `A key of your choosing for this one command. The first answer to it is kept for ${KEY_LIFETIME_HOURS} hours ` +
          'and replayed (with the `Idempotent-Replayed: true` header) when the same request is sent again under it, ' +
          'so a client that lost an answer may retry without the command running twice. The same key with a ' +
          'different request is refused (422). Without the header the command runs as usual.',
        schema: { type: 'string', pattern: KEY_FORMAT.source, minLength: 1, maxLength: 255 },
        example: 'payout-2026-11-8f14e45f',
      },
    },
    schemas: {
      ErrorBody: withoutDialect(errorSchema),
      ValidationErrorBody: withoutDialect(validationSchema),
    },
    responses: Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([name, { response }]) => [name, response]),
    ),
  },
};
