import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../../calendar';
import type { Db, PoolStats } from '../store/db';
import { businessFigures } from './businessFigures';

// The server's metrics in Prometheus's text format (docs/operations.md "Metrics"): requests per route,
// the daily work's lag and failures per piece, the day's billing, the outbox backlog and the database pools.
// One registry per server, so test servers in one process never share counts. Requests are counted as they
// end; the rest is read from the database when scraped, so every process answers the same business figures.
export interface MetricSources {
  db: Db;
  clock: Clock;
  poolStats: () => PoolStats[];
}

export interface Metrics {
  registry: Registry;
  // Counts every request as it ends, under its route's pattern (never the raw URL, whose ids would make
  // a series per record).
  observe(app: FastifyInstance): void;
}

// Seconds: a search answers in milliseconds, an export or a clock move in seconds.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of each PostgreSQL pool, by state (none on the embedded database)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const stats of sources.poolStats()) {
        this.set({ pool: stats.pool, state: 'total' }, stats.total);
        this.set({ pool: stats.pool, state: 'idle' }, stats.idle);
        this.set({ pool: stats.pool, state: 'waiting' }, stats.waiting);
      }
    },
  });
  registerBusinessGauges(registry, sources);
  return {
    registry,
    observe(app) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        requests.inc({ method: request.method, route, status: String(reply.statusCode) });
        durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      });
    },
  };
}

// The figures read from the database at scrape time, all from one read of it.
function registerBusinessGauges(registry: Registry, sources: MetricSources): void {
  let pending: ReturnType<typeof businessFigures> | null = null;
  // Each gauge's collect asks for the figures; one scrape reads them once.
  const figures = () => {
    pending ??= businessFigures(sources.db, sources.clock).finally(() => {
      setImmediate(() => (pending = null));
    });
    return pending;
  };
  new Gauge({
    name: 'portal_daily_work_lag_days',
    help: 'Business days since each piece of daily work last ran to the end (0: done for today)',
    labelNames: ['piece'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const piece of (await figures()).pieces) this.set({ piece: piece.name }, piece.lagDays);
    },
  });
  new Gauge({
    name: 'portal_daily_work_failed',
    help: 'Days of each piece of daily work that failed and wait for a retry',
    labelNames: ['piece'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const piece of (await figures()).pieces) this.set({ piece: piece.name }, piece.failed);
    },
  });
  new Gauge({
    name: 'portal_billing_today',
    help: 'Billing of the business day so far, by line and what: collected (count), collected_cents, declined (count)',
    labelNames: ['line', 'what'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const day of (await figures()).billing) {
        this.set({ line: day.line, what: 'collected' }, day.collected);
        this.set({ line: day.line, what: 'collected_cents' }, day.collectedCents);
        this.set({ line: day.line, what: 'declined' }, day.declined);
      }
    },
  });
  new Gauge({
    name: 'portal_outbox_unsent',
    help: 'Mail in the outbox not yet delivered',
    registers: [registry],
    async collect() {
      this.set((await figures()).outboxUnsent);
    },
  });
}
