import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Clock } from '../../src/calendar';
import { loggerOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { createServer, type RunningServer, type ServerOptions } from '../../src/server/server';
import {
  databaseFromTemplate,
  databaseUrl,
  dropDatabase,
  pgliteTemplate,
  postgresTemplate,
  templatesDir,
  type SeedRecipe,
} from './databaseTemplates';

export type TestDatabase = 'pglite' | 'postgres';

// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
export function testDatabases(): TestDatabase[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-portal-2026';

export interface TestServer {
  url: string;
  server: RunningServer;
  config: Config;
  // The PostgreSQL database (its URL as the owner) and schema the server works in (null on PGlite).
  databaseUrl: string | null;
  schema: string | null;
  lastMailTo(
    email: string,
  ): Promise<{ subject: string; body: string; html: string | null; link: string } | null>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  // Another PostgreSQL test server whose schema and token secret this one shares, as a second process of the
  // same deployment does. The other server owns the schema and drops it on close, so close this one first.
  shareWith?: TestServer;
  // Receives the server's log lines, written by the production logger at level info.
  logTo?: { write(line: string): void };
  // The server's clock: a MovableClock lets a test move the business forward (src/calendar).
  clock?: Clock;
  // The daily work the scheduler runs and shorter job runner intervals (src/server/jobs; the runner starts
  // only with JOBS=on in `env`).
  dailyWork?: ServerOptions['dailyWork'];
  jobTimings?: ServerOptions['jobTimings'];
  // Migrate and seed a database of its own rather than start from the run's template.
  fresh?: boolean;
}

export async function startTestServer(
  database: TestDatabase = 'pglite',
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const shared = options.shareWith;
  if (shared && (database !== 'postgres' || !shared.schema)) {
    throw new Error('Only PostgreSQL test servers share a schema');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (database === 'postgres' && !baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const settings = (more: Record<string, string>) =>
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_PASSWORD,
      PORT: '0',
      HOST: '127.0.0.1',
      // Tests make the policies they need; the demo's are bought only where a test asks for them.
      SEED_DEMO_POLICIES: 'false',
      ...more,
      ...env,
    });
  const recipe = seedRecipe(settings({ ACCESS_TOKEN_SECRET: 'x'.repeat(64) }));
  // A template (tests/support/databaseTemplates.ts) unless the test names its own database or clock, or the
  // demo's bank fingerprints must follow a secret of its own.
  const dir = templatesDir();
  const templated =
    dir !== null &&
    !options.fresh &&
    !shared &&
    !env.DATABASE_URL &&
    !env.DATABASE_SCHEMA &&
    !env.DATABASE_MIGRATION_URL &&
    !(recipe.seedDemoPolicies && (options.clock || env.ACCESS_TOKEN_SECRET));
  const pglite = templated && database === 'pglite' ? await pgliteTemplate(dir, recipe) : null;
  const postgres =
    templated && database === 'postgres' ? await postgresTemplate(dir, baseUrl!, recipe) : null;
  const ownDatabase = postgres ? await databaseFromTemplate(baseUrl!, postgres) : null;
  const schema = shared?.schema ?? postgres?.schema ?? `test_${randomBytes(6).toString('hex')}`;
  const url = shared?.databaseUrl ?? (ownDatabase ? databaseUrl(baseUrl!, ownDatabase) : baseUrl);
  // The seed of a template with the demo's policies keyed the bank fingerprints by the template's secret.
  const secret = recipe.seedDemoPolicies ? (pglite ?? postgres)?.secret : undefined;
  const config = settings({
    ACCESS_TOKEN_SECRET: shared?.config.accessTokenSecret ?? secret ?? randomBytes(32).toString('hex'),
    ...(database === 'postgres' ? { DATABASE_URL: url!, DATABASE_SCHEMA: schema } : {}),
  });
  const server = await createServer(config, {
    // E2E_DIST_DIR serves a build made elsewhere (vite build --outDir), so parallel work need not share dist/.
    distDir: process.env.E2E_DIST_DIR ?? resolve(import.meta.dirname, '../../dist'),
    pgliteDir: null,
    pgliteDump: pglite?.dump,
    logger: options.logTo ? loggerOptions({ ...config, logLevel: 'info' }, options.logTo) : false,
    clock: options.clock,
    dailyWork: options.dailyWork,
    jobTimings: options.jobTimings,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const db = server.database.db;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    config,
    databaseUrl: database === 'postgres' ? url! : null,
    schema: database === 'postgres' ? schema : null,
    async lastMailTo(email) {
      const mail = await db
        .selectFrom('outbox')
        .select(['subject', 'body', 'html', 'payload'])
        .where('recipient', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!mail) return null;
      return { subject: mail.subject, body: mail.body, html: mail.html, link: String(mail.payload.link) };
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (ownDatabase) {
        await dropDatabase(baseUrl!, ownDatabase);
      } else if (database === 'postgres' && !shared) {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        // The job runner's schema beside it (src/server/jobs/jobRunner.ts).
        await client.query(`drop schema if exists "${schema}_jobs" cascade`);
        await client.end();
      }
      // Every 409 a route answered is one the API reference lists (src/server/http/conflictAudit.ts).
      const undeclared = [...server.undeclaredConflicts];
      if (undeclared.length > 0) {
        throw new Error(
          `These routes answered 409 without declaring when in config.conflicts: ${undeclared.join(', ')}`,
        );
      }
    },
  };
}

function seedRecipe(config: Config): SeedRecipe {
  return {
    seedDemo: config.seedDemo,
    seedDemoPolicies: config.seedDemoPolicies,
    demoPassword: config.demoPassword,
    businessTimeZone: config.businessTimeZone,
  };
}
