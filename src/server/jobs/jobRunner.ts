import PgBoss from 'pg-boss';
import type { OpenDatabase } from '../store/db';
import { pgliteBossDb } from './bossDb';

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  database: OpenDatabase;
  // The owner's PostgreSQL URL (the runner creates and migrates its own schema); unused on PGlite.
  ownerUrl?: string | undefined;
  // The application's schema on PostgreSQL: the runner's lives beside it as `${schema}_jobs`, so test servers
  // (one schema each) keep separate queues.
  appSchema?: string | undefined;
  log: JobLog;
  // How often an idle worker asks for work, and how often expired jobs are looked for (tests shorten both).
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
}

// The job runner (decision 015): pg-boss on the database the portal already has, PGlite or PostgreSQL. On
// PostgreSQL it signs in as the schema's owner with a small pool of its own, since it creates and migrates its
// schema and queue partitions; the work its jobs do goes through the application's own connections.
export async function startJobRunner(options: JobRunnerOptions): Promise<PgBoss> {
  const { database } = options;
  const schema = options.appSchema ? `${options.appSchema}_jobs` : 'pgboss';
  const common = {
    schema,
    // The daily scheduler decides what is due from the business clock; pg-boss's cron is not used.
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
  };
  let boss: PgBoss;
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('The embedded database is not open');
    boss = new PgBoss({ ...common, db: pgliteBossDb(database.db, database.pglite) });
  } else {
    if (!options.ownerUrl) throw new Error('The job runner needs the database owner URL');
    boss = new PgBoss({
      ...common,
      connectionString: options.ownerUrl,
      max: 3,
      application_name: 'portal-jobs',
    });
  }
  // A lost connection or a failed poll is logged; the runner carries on polling.
  boss.on('error', (error: Error) => options.log.error({ err: error }, 'job runner error'));
  await boss.start();
  return boss;
}
