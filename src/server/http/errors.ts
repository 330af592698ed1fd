import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DEFAULT_VALIDATION_MESSAGE } from '../../api/schemas/errors';
import type { z } from 'zod';
import {
  DomainError,
  fieldErrors,
  Invalid,
  zodFailure,
  type DomainErrorKind,
  type Issue,
} from '../domain/domainErrors';
import { CommandRejectedError } from '../store/aggregate';
import { VersionConflictError } from '../store/eventStore';
import { logSecurityEvent } from './securityLog';
import { hasSqlState } from '../store/sqlState';

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

// The domain's conversion of zod issues to field errors; a route's own parse failure answers the same way.
export { fieldErrors, zodFailure } from '../domain/domainErrors';

// A body a route reads as unknown and parses in its handler (its shape picks the schema): the value, or a 422
// with the fields as that schema names them.
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw zodFailure(result.error);
  return result.data;
}

// PostgreSQL data exceptions that only a value from the request can cause where a schema leaves it
// unbounded: a number past its column's range (an id of 2^31), a date the column cannot hold, a NUL or
// unencodable character, text past a column's length, text where a number belongs. The statement fails, so
// the transaction rolls back and nothing is stored.
const REFUSED_VALUE_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);
const REFUSED_VALUE_MESSAGE = 'A value is out of range or holds characters that cannot be stored.';

function send(reply: FastifyReply, status: number, body: object) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

// PostgreSQL aborted the transaction for another one writing the same rows at the same moment
// (deadlock_detected, serialization_failure): nothing of it was kept, and a retry succeeds like any lost race.
const CONCURRENCY_ABORTS = new Set(['40P01', '40001']);

// The status of each kind of error the domain raises (src/server/domain/domainErrors.ts): the one place the
// domain's answers become HTTP.
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  refused: 409,
  conflict: 409,
  notFound: 404,
  forbidden: 403,
  invalid: 422,
};

export function installErrorHandling(app: FastifyInstance): void {
  const answer = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
        errors: (v.params as { errors?: Issue[][] }).errors,
      }));
      return send(reply, 422, { message: DEFAULT_VALIDATION_MESSAGE, errors: fieldErrors(issues) });
    }
    if (error instanceof ValidationFailed || error instanceof Invalid) {
      return send(reply, 422, { message: error.message, errors: error.fields });
    }
    if (error instanceof HttpError || error instanceof DomainError) {
      const status = error instanceof HttpError ? error.statusCode : DOMAIN_STATUS[error.kind];
      if (status === 401) {
        logSecurityEvent(request, {
          kind: 'unauthenticated',
          tokenPresented: !!request.headers.authorization,
        });
      } else if (status === 403) {
        logSecurityEvent(request, { kind: 'denied', status: 403 });
      }
      // A limit on abuse says when the request would be counted again (src/server/http/abuseLimits.ts).
      if (status === 429 && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
        reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, status, { message: error.message });
    }
    if (error instanceof VersionConflictError || hasSqlState(error, CONCURRENCY_ABORTS)) {
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
    if (hasSqlState(error, REFUSED_VALUE_CODES)) {
      request.log.warn({ err: error }, 'the database refused a request value');
      return send(reply, 422, {
        message: DEFAULT_VALIDATION_MESSAGE,
        errors: { _: [REFUSED_VALUE_MESSAGE] },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { message: 'Server error.' });
  };
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    try {
      return answer(error, request, reply);
    } catch (failure) {
      // Fastify's fallback for a failing error handler would show the failure's message.
      request.log.error({ err: failure, cause: error }, 'error handler failed');
      return send(reply, 500, { message: 'Server error.' });
    }
  });
}

// Malformed URLs (a stray "%", a path parameter past the router's length limit) are refused by the router
// before any hook or the error handler runs; they get the JSON of every other client error, not fastify's.
// Helmet's hook does not run either, so the answer sets its own headers: it holds nothing to load or frame.
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.headers({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-request-id': request.id,
  });
  return send(reply, status, { message: clientMessage(status) });
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
