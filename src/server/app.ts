import '../api/schemas/messages';
import { parseQueryString } from './http/queryString';
import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from '../calendar';
import type { Config } from './config';
import { answerFrameworkError, installErrorHandling } from './http/errors';
import { installBusinessInstant } from './http/businessInstant';
import { installIdempotency } from './http/idempotency';
import { auditUndeclaredConflicts } from './http/conflictAudit';
import { installApiReference } from './http/openapi/apiReference';
import { installPortal } from './http/portal';
import { installRouteTable, type RouteEntry } from './http/routeTable';
import { authRoutes } from './http/routes/authRoutes';
import { calendarRoutes } from './http/routes/calendarRoutes';
import { commissionRuleRoutes } from './http/routes/commissionRuleRoutes';
import { commissionStatementRoutes } from './http/routes/commissionStatementRoutes';
import { dashboardRoutes } from './http/routes/dashboardRoutes';
import { entityStatementRoutes } from './http/routes/entityStatementRoutes';
import { reportRoutes } from './http/routes/reportRoutes';
import { bankAccountRoutes } from './http/routes/bankAccountRoutes';
import { billingRoutes } from './http/routes/billingRoutes';
import { refundRoutes } from './http/routes/refundRoutes';
import { entityAttributeRoutes } from './http/routes/entityAttributeRoutes';
import { entityLinkRoutes } from './http/routes/entityLinkRoutes';
import { entityListRoutes } from './http/routes/entityListRoutes';
import { entityLocationRoutes } from './http/routes/entityLocationRoutes';
import { entityRoutes } from './http/routes/entityRoutes';
import { healthRoutes } from './http/routes/healthRoutes';
import { jobRoutes } from './http/routes/jobRoutes';
import { listRoutes } from './http/routes/listRoutes';
import { reconciliationRoutes } from './http/routes/reconciliationRoutes';
import { myRoutes } from './http/routes/myRoutes';
import { tableViewRoutes } from './http/routes/tableViewRoutes';
import { quoteActionRoutes } from './http/routes/quoteActionRoutes';
import { paymentSessionRoutes } from './http/routes/paymentSessionRoutes';
import { receiptRoutes } from './http/routes/receiptRoutes';
import { quoteRoutes } from './http/routes/quoteRoutes';
import { quoteTrackingRoutes } from './http/routes/quoteTrackingRoutes';
import { specQuoteRoutes } from './http/routes/specQuoteRoutes';
import { quoteDocumentRoutes } from './http/routes/quoteDocumentRoutes';
import { matterFileRoutes } from './http/routes/matterFileRoutes';
import { policyMatterRoutes } from './http/routes/policyMatterRoutes';
import { quoteSearchRoutes } from './http/routes/quoteSearchRoutes';
import { policySearchRoutes } from './http/routes/policySearchRoutes';
import { rentersPolicyRoutes } from './http/routes/rentersPolicyRoutes';
import { rentersPolicyChangeRoutes } from './http/routes/rentersPolicyChangeRoutes';
import { rentersPolicyRecordRoutes } from './http/routes/rentersPolicyRecordRoutes';
import { rentersPaymentMethodRoutes } from './http/routes/rentersPaymentMethodRoutes';
import { rentersCustomerRoutes } from './http/routes/rentersCustomerRoutes';
import { rentersQuoteRoutes } from './http/routes/rentersQuoteRoutes';
import { rentersRewriteRoutes } from './http/routes/rentersRewriteRoutes';
import { policyRoutes } from './http/routes/policyRoutes';
import { roleRoutes } from './http/routes/roleRoutes';
import { userAccountRoutes } from './http/routes/userAccountRoutes';
import { userRoutes } from './http/routes/userRoutes';
import { sessionRoutes } from './http/routes/sessionRoutes';
import { operationsRoutes } from './http/routes/operationsRoutes';
import { sessionRecordingRoutes } from './http/routes/sessionRecordingRoutes';
import { checkReadiness, type Readiness } from './http/readiness';
import { createMetrics } from './metrics/metrics';
import type { Db, PoolStats } from './store/db';
import type { Jobs } from './jobs/jobs';
import { createServices, type Services } from './services';

export interface AppOptions {
  config: Config;
  db: Db;
  distDir: string;
  logger?: FastifyServerOptions['logger'];
  // Where every route reads the time (DESIGN.md "Time and money"); the system clock unless a test, the demo
  // seed or a QA sandbox moves it.
  clock?: Clock;
  // Background work (src/server/jobs): the jobs screen reads and retries it, the sandbox moves its clock.
  jobs?: Jobs;
  // The payment service and the bank check (src/server/services.ts); the server hands in the ones it made
  // for its jobs too. An app built on its own (a test) makes its own.
  services?: Services;
  // Readiness and the pools' figures of the server's database (server.ts); an app built on its own checks
  // its one connection and has no pools to tell.
  readiness?: () => Promise<Readiness>;
  poolStats?: () => PoolStats[];
}

export interface BuiltApp {
  app: FastifyInstance;
  clock: Clock;
  routes: RouteEntry[];
  // "METHOD /path" of every route that takes an Idempotency-Key (src/server/http/idempotency.ts).
  idempotentRoutes: string[];
  // "METHOD /path" of every route that answered 409 without declaring when (src/server/http/conflictAudit.ts).
  undeclaredConflicts: ReadonlySet<string>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

// What a request line says of its request: the path without the query string, which can carry what must not
// be logged (the mailed reset link's token and e-mail, search terms with customers' names). The request id is
// on every line already (reqId), and headers are not logged at all.
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: pathOf(request.url),
    remoteAddress: request.ip,
  };
}

// The path of a request target ("/reset-password?token=…" → "/reset-password").
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

// The production logger: JSON lines at the configured level, with credentials redacted wherever they could
// appear. Request and response bodies and query strings are never logged, and tokens travel in headers and
// bodies only, except the reset link's, which lives in a query string (tests/api/authHardening.test.ts).
// At a terminal the lines are printed readable (pino-pretty, in a worker so the server never waits on it);
// anywhere else (a host's log collector, a file) they stay JSON, one object per line.
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
  terminal: boolean = process.stdout.isTTY === true,
) {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'],
    serializers: { req: requestForLog },
    ...(stream ? { stream } : {}),
    ...(!stream && terminal
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const { payments, rtp } = options.services ?? createServices(db, config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Client addresses (login throttling, logs) come from X-Forwarded-For only behind a configured proxy.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Bracket-style query strings of SPEC §7: filter[state]=TX, ids[]=1; blank parameters dropped.
    routerOptions: { querystringParser: parseQueryString },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every call sends JSON (SPEC §7): a text/plain body is refused with 415 like any other type, not read as
  // a string (file uploads have their own multipart parser).
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app);
  const metrics = createMetrics({ db, clock, poolStats: options.poolStats ?? (() => []) });
  metrics.observe(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No inline style either: the build ships its CSS as a file, and React's style props (and Headless
        // UI's positioning) set styles through the CSSOM, which CSP does not govern (docs/security.md).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/v')) reply.header('cache-control', 'no-store');
  });

  installBusinessInstant(app, clock);
  const routes = installRouteTable(app, db, config.accessTokenSecret);
  const idempotentRoutes = installIdempotency(app, db);
  const undeclaredConflicts = auditUndeclaredConflicts(app);
  await installApiReference(app);
  const tokens = {
    secret: config.accessTokenSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlDays: config.refreshTokenTtlDays,
  };
  healthRoutes(app);
  operationsRoutes(app, {
    readiness:
      options.readiness ??
      (() => checkReadiness({ appDb: db, ownerDb: db, runner: () => (options.jobs?.runner ? 'on' : 'off') })),
    metrics,
    metricsToken: config.metricsToken ?? null,
    sandbox: config.mode === 'sandbox',
  });
  authRoutes(app, { db, tokens, publicUrl: config.publicUrl });
  sessionRoutes(app, {
    db,
    environmentCode: config.environmentCode,
    sandbox: config.mode === 'sandbox',
    sessionRecording: config.sessionRecording,
    clock,
  });
  listRoutes(app, { db });
  myRoutes(app, { db });
  calendarRoutes(app, { clock });
  tableViewRoutes(app, { db });
  jobRoutes(app, { db, jobs: options.jobs });
  reconciliationRoutes(app, { db });
  roleRoutes(app, { db });
  userRoutes(app, { db, publicUrl: config.publicUrl });
  userAccountRoutes(app, { db, publicUrl: config.publicUrl });
  entityRoutes(app, { db });
  entityLocationRoutes(app, { db });
  entityAttributeRoutes(app, { db, clock });
  entityLinkRoutes(app, { db });
  entityListRoutes(app, { db });
  commissionRuleRoutes(app, { db, clock });
  commissionStatementRoutes(app, { db, clock });
  dashboardRoutes(app, { db, clock });
  entityStatementRoutes(app, { db, clock });
  reportRoutes(app, { db, clock });
  quoteActionRoutes(app, { db, secret: config.accessTokenSecret, clock, payments });
  paymentSessionRoutes(app, { db, payments });
  receiptRoutes(app, { db });
  quoteRoutes(app, { db });
  quoteTrackingRoutes(app, { db });
  specQuoteRoutes(app, { db, clock, payments });
  quoteSearchRoutes(app, { db });
  policySearchRoutes(app, { db });
  rentersPolicyRoutes(app, { db, clock });
  rentersPolicyChangeRoutes(app, {
    db,
    secret: config.accessTokenSecret,
    payments,
    clock,
  });
  rentersPolicyRecordRoutes(app, { db, clock });
  rentersPaymentMethodRoutes(app, { db, payments });
  rentersCustomerRoutes(app, { db, payments, clock });
  rentersRewriteRoutes(app, { db, clock });
  rentersQuoteRoutes(app, { db, clock, payments });
  policyRoutes(app, { db, secret: config.accessTokenSecret, clock, payments });
  quoteDocumentRoutes(app, { db });
  policyMatterRoutes(app, { db });
  billingRoutes(app, { db, clock, payments });
  refundRoutes(app, { db, clock, payments });
  matterFileRoutes(app, { db });
  bankAccountRoutes(app, { db, secret: config.accessTokenSecret, rtp });
  sessionRecordingRoutes(app, { db, enabled: config.sessionRecording });
  await installPortal(app, options.distDir);
  return { app, clock, routes, idempotentRoutes, undeclaredConflicts };
}
