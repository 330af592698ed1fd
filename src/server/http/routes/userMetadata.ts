import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../access/principal';
import type { EventMetadata } from '../../store/eventStore';
import { idempotencyKeyOf } from '../idempotency';

// Who did it, for whom, in which request: the metadata of every event a signed-in user's command appends.
export function metadataOf(request: FastifyRequest, principal: Principal): EventMetadata {
  const idempotencyKey = idempotencyKeyOf(request);
  return {
    userId: principal.userId,
    entityId: principal.acting.id,
    requestId: request.id,
    at: request.businessAt,
    ...(idempotencyKey !== null && { idempotencyKey }),
  };
}

// A unique index of a projection refused the write: two requests raced past the same check.
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return e.code === '23505' && (e.constraint === constraint || String(e.message).includes(constraint));
}
