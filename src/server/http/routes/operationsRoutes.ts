import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '../../../api/access';
import type { Metrics } from '../../metrics/metrics';
import { HttpError, notFound } from '../errors';
import type { Readiness } from '../readiness';

const ReadinessAnswer = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: z.string(), migrations: z.string(), runner: z.string() }),
});

// The operator's endpoints (docs/operations.md): readiness for a load balancer, metrics for Prometheus.
// Metrics hold business figures (the day's collections), so production answers them only to the bearer of
// METRICS_TOKEN, and without one configured not at all; a sandbox answers anyone.
export function operationsRoutes(
  app: FastifyInstance,
  options: {
    readiness: () => Promise<Readiness>;
    metrics: Metrics;
    metricsToken: string | null;
    sandbox: boolean;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/readyz',
    { config: { access: publicRoute }, schema: { response: { 200: ReadinessAnswer, 503: ReadinessAnswer } } },
    async (_request, reply) => {
      const readiness = await options.readiness();
      const status = readiness.ready ? ('ready' as const) : ('not ready' as const);
      return reply.code(readiness.ready ? 200 : 503).send({ status, checks: readiness.checks });
    },
  );
  // Prometheus's text format, not JSON: described in docs/operations.md "Metrics" rather than the API reference.
  app.get('/metrics', { config: { access: publicRoute }, schema: { hide: true } }, async (request, reply) => {
    if (!options.sandbox) {
      if (options.metricsToken === null) throw notFound('metrics');
      if (!bearerMatches(request.headers.authorization, options.metricsToken))
        throw new HttpError(401, 'The metrics need the bearer of METRICS_TOKEN.');
    }
    const text = await options.metrics.registry.metrics();
    return reply.type(options.metrics.registry.contentType).send(text);
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
