import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { DEFAULT_VALIDATION_MESSAGE } from '../../api/schemas/errors';
import { CommandRejectedError } from '../store/aggregate';
import { VersionConflictError } from '../store/eventStore';

// Errors a handler throws on purpose; the handler below turns each into SPEC §5/§8's JSON, never a stack.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class ValidationFailed extends HttpError {
  constructor(
    readonly fields: Record<string, string[]>,
    message = DEFAULT_VALIDATION_MESSAGE,
  ) {
    super(422, message);
    this.name = 'ValidationFailed';
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = () => new HttpError(403, 'This action is unauthorized.');
export const notFound = (what = 'record') => new HttpError(404, `The ${what} was not found.`);

type Issue = { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] };

// Field key of an issue: the dotted path, or the offending key of an unknown property.
export function fieldErrors(issues: readonly Issue[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => (out[field] ??= []).push(message);
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, `The ${key} field is not allowed.`);
    } else {
      add(path || '_', issue.message);
    }
  }
  return out;
}

export function zodFailure(error: ZodError, prefix = ''): ValidationFailed {
  return new ValidationFailed(fieldErrors(error.issues as unknown as Issue[], prefix));
}

function send(reply: FastifyReply, status: number, body: object) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return send(reply, 422, { message: DEFAULT_VALIDATION_MESSAGE, errors: fieldErrors(issues) });
    }
    if (error instanceof ValidationFailed) {
      return send(reply, 422, { message: error.message, errors: error.fields });
    }
    if (error instanceof HttpError) return send(reply, error.statusCode, { message: error.message });
    if (error instanceof VersionConflictError) {
      return send(reply, 409, {
        message: 'The record was changed by someone else. Reload it and try again.',
      });
    }
    if (error instanceof CommandRejectedError) {
      return send(reply, 409, { message: 'This action is not allowed in the record’s current state.' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(reply, 500, { message: 'Server error.' });
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their 4xx status.
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return send(reply, 422, {
          message: DEFAULT_VALIDATION_MESSAGE,
          errors: { body: ['The body must be valid JSON.'] },
        });
      }
      return send(reply, status, { message: clientMessage(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { message: 'Server error.' });
  });
}

function clientMessage(status: number): string {
  switch (status) {
    case 413:
      return 'The request body is too large.';
    case 415:
      return 'The request body must be JSON.';
    case 429:
      return 'Too many requests. Try again later.';
    default:
      return 'The request could not be processed.';
  }
}
