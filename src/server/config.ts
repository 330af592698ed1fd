import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '../calendar';
import { productionProblems } from './productionSettings';
import { SANDBOX_DEMO_PASSWORD, environmentCodeOf, runModeOf, type RunMode } from './runMode';

// Server configuration, parsed from the environment at start-up (a bad value stops the server with its name).
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // This machine only unless told otherwise: the demo logins and their password are published in the README.
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  // The schema owner's URL for migrations, the demo seed and command-line tasks, when DATABASE_URL signs in
  // as the application role (docs/security.md "The event log is append-only").
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_MIGRATION_URL must be a postgres:// URL' })
    .optional(),
  // On PostgreSQL, serve requests as the restricted role portal_app (migration 023), not as the owner.
  DATABASE_SERVE_AS_APP_ROLE: z.enum(['true', 'false']).default('true'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  DATA_DIR: z.string().default('./data'),
  // The sandbox's published password of the demo logins (README); production has no demo logins.
  DEMO_PASSWORD: z.string().min(8).max(128).optional(),
  ACCESS_TOKEN_SECRET: z.string().min(32).optional(),
  // The environment code the footer shows (SPEC §9: PR is production). PR, prod or production make the
  // server production; no code ever makes a sandbox (src/server/runMode.ts).
  APP_ENV: z.string().min(1).max(16).optional(),
  // production or sandbox, when the mode is to be said by name (docs/operations.md "Production or sandbox").
  PORTAL_MODE: z.enum(['production', 'sandbox']).optional(),
  // Hosts set it for every Node app; production here makes the server production.
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  // The demo business: on by default in a sandbox, never in production.
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  // The demo policies are bought through the quote journey: the slow part of the seed, which tests skip.
  SEED_DEMO_POLICIES: z.enum(['true', 'false']).default('true'),
  // Proxies whose X-Forwarded-For is believed (fastify's trustProxy: addresses or CIDRs, comma-separated).
  TRUST_PROXY: z.string().max(1000).optional(),
  // The business's time zone: its business day, when dated work runs, how times are shown (src/calendar).
  BUSINESS_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: 'Not an IANA time zone' })
    .default(DEFAULT_BUSINESS_TIME_ZONE),
  // The job runner and the background work on it (docs/jobs.md). Off under the test runner unless a test
  // turns it on, so tests see no work they did not ask for.
  JOBS: z.enum(['on', 'off']).optional(),
  // Where mail is delivered (smtp://host:port, smtps://user:password@host); unset, mail stays in the outbox.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Insurance Agent Portal <no-reply@portal.invalid>'),
  // The bearer token Prometheus scrapes /metrics with in production (docs/operations.md "Metrics").
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  // Support recording of signed-in portal sessions (docs/session-recording.md): on in production and in
  // sandboxes (SPEC §9), off under the test runner unless a test turns it on.
  SESSION_RECORDING: z.enum(['on', 'off']).optional(),
  // Days a session recording is kept; the daily work deletes older ones by the business clock.
  SESSION_RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseMigrationUrl: string | undefined;
  serveAsAppRole: boolean;
  databaseSchema: string | undefined;
  dataDir: string;
  demoPassword: string;
  accessTokenSecret: string;
  mode: RunMode;
  // The footer's environment code (SPEC §9).
  environmentCode: string;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  seedDemo: boolean;
  seedDemoPolicies: boolean;
  trustProxy: string[];
  businessTimeZone: string;
  jobs: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  metricsToken: string | undefined;
  // Whether the portal records signed-in sessions for support, and for how many days they are kept.
  sessionRecording: boolean;
  sessionRecordingRetentionDays: number;
}

// When no secret is configured one is generated once and kept in the data dir, so restarts keep sessions
// valid and no secret ever lives in the code.
function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = z
      .object({ accessTokenSecret: z.string().min(32) })
      .parse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.accessTokenSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const accessTokenSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ accessTokenSecret }, null, 2), { mode: 0o600 });
  return accessTokenSecret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const e = parsed.data;
  const resolved = runModeOf(e);
  if ('contradiction' in resolved) throw new Error(`Invalid configuration: ${resolved.contradiction}`);
  const { mode } = resolved;
  if (mode === 'production') {
    const problems = productionProblems(e);
    if (problems.length > 0)
      throw new Error(
        `Refusing to start in production (docs/operations.md "Production settings"):\n- ${problems.join('\n- ')}`,
      );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    serveAsAppRole: e.DATABASE_SERVE_AS_APP_ROLE === 'true',
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir,
    demoPassword: e.DEMO_PASSWORD ?? SANDBOX_DEMO_PASSWORD,
    // Production names its secret (productionProblems); a sandbox keeps one of its own in the data dir.
    accessTokenSecret: e.ACCESS_TOKEN_SECRET ?? secretFromDataDir(dataDir),
    mode,
    environmentCode: environmentCodeOf(mode, e.APP_ENV),
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    seedDemo: (e.SEED_DEMO ?? (mode === 'sandbox' ? 'true' : 'false')) === 'true',
    seedDemoPolicies: e.SEED_DEMO_POLICIES === 'true',
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    jobs: (e.JOBS ?? (process.env.VITEST ? 'off' : 'on')) === 'on',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    metricsToken: e.METRICS_TOKEN,
    // SPEC §9: production and lower environments alike record; tests see no recording they did not ask for.
    sessionRecording: (e.SESSION_RECORDING ?? (process.env.VITEST ? 'off' : 'on')) === 'on',
    sessionRecordingRetentionDays: e.SESSION_RECORDING_RETENTION_DAYS,
  };
}
