import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { setBusinessTimeZone, systemClock, type Clock } from '../calendar';
import { buildApp, type BuiltApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseOptions, type OpenDatabase } from './store/db';
import { installServerProjections } from './projections';
import { migrateToLatest } from './store/migrate';
import { seedDemo } from './seed/seedDemo';
import { demoLoginsIn } from './house/setUpHouse';
import { checkReadiness } from './http/readiness';
import { createServices, type Services } from './services';
import { resumeCancellationRefunds } from './domain/policyMoney/petCancellationRefund';
import { pruneAttempts } from './auth/loginThrottle';
import { resumeRentersSettlements } from './domain/policyMoney/resumeRentersSettlements';
import { Jobs } from './jobs/jobs';
import type { DailyWork } from './jobs/dailyWork';
import { fixedBusinessClock, sandboxBusinessClock } from './jobs/sandboxClock';

export interface RunningServer extends BuiltApp {
  database: OpenDatabase;
  jobs: Jobs;
  close(): Promise<void>;
}

export interface ServerOptions {
  distDir: string;
  logger?: FastifyServerOptions['logger'];
  // Embedded database directory; `null` keeps it in memory (tests).
  pgliteDir?: string | null;
  // An embedded database to start from (a dump), already migrated and seeded (tests).
  pgliteDump?: Blob;
  queryLog?: DatabaseOptions['log'];
  // The clock the server reads time from; a test or a QA sandbox hands in a movable one.
  clock?: Clock;
  // The daily work the scheduler runs (DAILY_WORK unless a test hands in its own).
  dailyWork?: readonly DailyWork[];
  // Shorter intervals of the job runner, for tests.
  jobTimings?: {
    tickMs?: number;
    pollingIntervalSeconds?: number;
    maintenanceIntervalSeconds?: number;
    dailyWorkExpireInSeconds?: number;
  };
}

// Opens the database, migrates it, seeds the demo business when enabled and builds the HTTP app.
export async function createServer(config: Config, options: ServerOptions): Promise<RunningServer> {
  setBusinessTimeZone(config.businessTimeZone);
  // Before anything appends: the demo's seeding, the jobs and the routes all project what they write.
  installServerProjections();
  // Only a sandbox's clock can be moved (docs/jobs.md, src/server/runMode.ts); a test may hand in its own.
  const sandbox = config.mode === 'sandbox';
  const businessClock = options.clock
    ? fixedBusinessClock(options.clock, sandbox)
    : sandbox
      ? sandboxBusinessClock()
      : fixedBusinessClock(systemClock);
  const clock = businessClock.clock;
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    serveAsAppRole: config.serveAsAppRole,
    schema: config.databaseSchema,
    pgliteDir: options.pgliteDir === null ? undefined : (options.pgliteDir ?? join(config.dataDir, 'pglite')),
    pgliteDump: options.pgliteDump,
    log: options.queryLog,
  });
  await migrateToLatest(database.db);
  if (config.mode === 'production') await refuseDemoLogins(database);
  if (config.seedDemo)
    await seedDemo(database.db, config.demoPassword, {
      policies: config.seedDemoPolicies,
      secret: config.accessTokenSecret,
      clock,
    });
  const services = createServices(database.appDb, config);
  const jobs = new Jobs(
    database,
    businessClock,
    {
      enabled: config.jobs,
      mail: services.mail,
      payments: services.payments,
      ownerUrl: config.databaseMigrationUrl ?? config.databaseUrl,
      appSchema: config.databaseSchema,
      sessionRecordingRetentionDays: config.sessionRecordingRetentionDays,
      ...options.jobTimings,
    },
    options.dailyWork,
  );
  // Migrated and seeded as the owner; requests are served through the application role (docs/security.md).
  const built = await buildApp({
    config,
    db: database.appDb,
    distDir: options.distDir,
    logger: options.logger,
    clock,
    jobs,
    services,
    readiness: () =>
      checkReadiness({
        appDb: database.appDb,
        ownerDb: database.db,
        runner: () => (!config.jobs ? 'off' : jobs.runner ? 'on' : 'stopped'),
      }),
    poolStats: () => database.poolStats(),
  });
  await resumeMoney(database.appDb, services, clock, built.app.log);
  const pruning = pruneLoginAttemptsHourly(database.appDb, built.app.log);
  await jobs.start(built.app.log);
  let closed = false;
  return {
    ...built,
    database,
    jobs,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(pruning);
      await jobs.stop();
      await built.app.close();
      await database.close();
    },
  };
}

// Failed logins count against an account for an hour (loginThrottle.ts); older ones are dropped now and every
// hour, so the table holds at most an hour of attempts.
function pruneLoginAttemptsHourly(db: OpenDatabase['db'], log: FastifyBaseLogger): NodeJS.Timeout {
  const prune = () =>
    pruneAttempts(db).catch((error: unknown) => log.error({ err: error }, 'old login attempts not pruned'));
  void prune();
  const timer = setInterval(prune, 3_600_000);
  timer.unref();
  return timer;
}

// Money that a stopped process committed to move but never asked the payment service for: pet cancellation
// refunds and renters change settlements (docs/reliability.md "Crashes"). A failure here is logged and does
// not keep the portal from starting.
async function resumeMoney(
  db: OpenDatabase['db'],
  { payments }: Services,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const refunds = await resumeCancellationRefunds({ db, payments, log, clock });
    const settlements = await resumeRentersSettlements({ db, payments, log, clock });
    if (refunds + settlements > 0) log.info({ refunds, settlements }, 'money moved after a stop');
  } catch (error) {
    log.error({ err: error }, 'money left by a stop could not be moved');
  }
}

// Production never serves a database that holds the demo's logins (their password is in the README).
async function refuseDemoLogins(database: OpenDatabase): Promise<void> {
  const found = await demoLoginsIn(database.db);
  if (found.length === 0) return;
  await database.close();
  throw new Error(
    `Refusing to start in production: the database holds the demo's logins (${found.join(', ')}), whose password is published. Use a database of its own for production, or disable those users from a sandbox first (docs/operations.md "Production settings").`,
  );
}
