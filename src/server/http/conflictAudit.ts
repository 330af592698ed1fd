import type { FastifyInstance } from 'fastify';
import { conflictsOf } from './openapi/conflicts';

// The API reference lists a 409 only on routes that say when they answer one (`config.conflicts`,
// openapi/conflicts.ts). A route that answers 409 without saying so would leave the reference wrong: each such
// answer is logged, and the route kept here, so the test suites fail on it (tests/support/testServer.ts).
export function auditUndeclaredConflicts(app: FastifyInstance): ReadonlySet<string> {
  const undeclared = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 409) return;
    const route = request.routeOptions;
    if (!route.url || conflictsOf(route.config).length > 0) return;
    const key = `${request.method} ${route.url}`;
    undeclared.add(key);
    request.log.warn({ route: key }, 'answered 409 without saying when in config.conflicts');
  });
  return undeclared;
}
