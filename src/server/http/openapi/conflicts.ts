import type { FastifyContextConfig } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

// When an operation answers 409 (SPEC §8), as the reference says it. The route that can refuse a request
// with 409 says when, in `config.conflicts`, next to the code that refuses; a route that never answers 409
// leaves it out, and the reference lists no 409 for it. Routes that take an Idempotency-Key
// (`config.idempotent`) can always answer 409 while a request under the same key runs, so that cause is
// added here rather than declared by each of them. docs/api-reference.md "Conflicts (409)".
declare module 'fastify' {
  interface FastifyContextConfig {
    // The situations in which the route answers 409, each one sentence for the reference.
    conflicts?: readonly string[];
  }
}

// The causes many routes share, in the same words everywhere.
export const CONFLICT = {
  // Optimistic concurrency: the client sends the version it read (docs/conventions.md).
  staleVersion: (field = 'version') =>
    `The \`${field}\` sent is no longer the record’s: it was changed since you read it. Reload it and retry.`,
  // Two writers append to one record's log at the same version; the later one is refused rather than
  // overwriting the first (docs/reliability.md "Every write is one transaction over the log").
  concurrentWrite:
    'Another change to the same record was saved at the same moment: the later of the two is refused rather than overwrite the first. Retry.',
  // src/server/http/idempotency.ts
  inFlight:
    'A request with the same `Idempotency-Key` is still being processed: wait for its answer, then retry.',
} as const;

// Every cause of a 409 the route can answer, its own and those that follow from its config.
export function conflictsOf(config: FastifyContextConfig | undefined): string[] {
  const causes = [...(config?.conflicts ?? [])];
  if (config?.idempotent) causes.push(CONFLICT.inFlight);
  return [...new Set(causes)];
}

// Refusals answer the SPEC §8 error body with the reason in `message`.
export function conflictResponse(causes: readonly string[]): OpenAPIV3_1.ResponseObject {
  return {
    description: [
      'Refused, and nothing was changed; `message` says why. This operation answers 409 when:',
      causes.map((cause) => `- ${cause}`).join('\n'),
    ].join('\n\n'),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
}
