import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  Kysely,
  type LogEvent,
  PGliteDialect,
  PGliteDriver,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import pg from 'pg';
import { APP_ROLE } from './migrations/023_app_role';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// PGlite is one connection: kysely's driver hands the same connection to every caller, so a query of one
// request could land inside another request's open transaction. This driver queues callers instead.
class SerialPGliteDriver extends PGliteDriver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }
}

class SerialPGliteDialect extends PGliteDialect {
  readonly #pglite: PGlite;
  constructor(pglite: PGlite) {
    super({ pglite });
    this.#pglite = pglite;
  }
  override createDriver(): Driver {
    return new SerialPGliteDriver({ pglite: this.#pglite });
  }
}

export interface DatabaseOptions {
  // postgres:// URL; when absent the embedded PGlite is used.
  url?: string | undefined;
  // postgres:// URL of the schema's owner, for migrations, the demo seed and command-line tasks, when `url`
  // signs in as the application role itself (the deployment docs/security.md advises). Defaults to `url`.
  migrationUrl?: string | undefined;
  // Serve requests as APP_ROLE (migration 023): every connection of `appDb` switches to it as it opens.
  // PostgreSQL only; PGlite is one connection, which the owner keeps.
  serveAsAppRole?: boolean | undefined;
  // PostgreSQL schema to work in (created when missing); tests use a fresh one per run.
  schema?: string | undefined;
  // Directory of the embedded database; absent means in memory.
  pgliteDir?: string | undefined;
  // A dump of an embedded database (PGlite's dumpDataDir) to start from instead of an empty one: tests start
  // each server from one database migrated and seeded once.
  pgliteDump?: Blob | undefined;
  // Sees every query with its parameters and time (the benchmark explains the searches' SQL with it).
  log?: ((event: LogEvent) => void) | undefined;
}

export interface OpenDatabase {
  // The owner's connections: migrations, the demo seed, command-line tasks (and tests that look underneath).
  db: Db;
  // The connections the server answers requests through: as APP_ROLE on PostgreSQL unless turned off, else
  // the same as `db`. Opened lazily, so the role need not exist before the migrations have run.
  appDb: Db;
  kind: 'pglite' | 'postgres';
  // The embedded database itself, for what needs more than kysely gives (the job runner's SQL scripts); every
  // use must hold `db`'s one connection (src/server/jobs/bossDb.ts).
  pglite?: PGlite;
  // What each connection pool holds now, for the metrics (docs/operations.md "Metrics"); none on PGlite, whose
  // one connection queues its callers.
  poolStats(): PoolStats[];
  close(): Promise<void>;
}

export interface PoolStats {
  // 'owner' (migrations, commands, the job runner's reads) or 'app' (requests).
  pool: 'owner' | 'app';
  total: number;
  idle: number;
  waiting: number;
}

function postgresPool(url: string, settings: string[]): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  // PostgreSQL may end a connection at any time (a restart, a failover, pg_terminate_backend). pg reports
  // it as an 'error' event on the connection, and on the pool too when the connection was idle; with no
  // listener either event ends the process. The query under way fails (its request answers 500) and the
  // pool replaces the connection (tests/api/crashSafety.test.ts).
  pool.on('connect', (client) =>
    client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`)),
  );
  pool.on('error', () => undefined);
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.url) {
    const schema = options.schema;
    const ownerUrl = options.migrationUrl ?? options.url;
    if (schema) {
      const setup = new pg.Client({ connectionString: ownerUrl });
      await setup.connect();
      await setup.query(`create schema if not exists "${schema}"`);
      await setup.end();
    }
    const inSchema = schema ? [`-c search_path="${schema}"`] : [];
    const pools = new Map<Kysely<Database>, pg.Pool>();
    // bigint columns (positions, counts) arrive as strings; timestamps as Date.
    const connect = (url: string, settings: string[]) => {
      const pool = postgresPool(url, settings);
      const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
      pools.set(kysely, pool);
      return kysely;
    };
    const db = connect(ownerUrl, inSchema);
    // A role set when the connection starts (as SET ROLE would) holds for every statement on it.
    const appDb =
      options.serveAsAppRole || ownerUrl !== options.url
        ? connect(options.url, [...inSchema, ...(options.serveAsAppRole ? [`-c role=${APP_ROLE}`] : [])])
        : db;
    return {
      db,
      appDb,
      kind: 'postgres',
      poolStats: () =>
        [...pools].map(([kysely, pool]) => ({
          pool: kysely === db ? ('owner' as const) : ('app' as const),
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
        })),
      close: async () => {
        if (appDb !== db) await appDb.destroy();
        await db.destroy();
      },
    };
  }
  // pg_trgm serves the quote search's contains-matches by index (migration 022), as it does on PostgreSQL.
  const pglite = await PGlite.create(options.pgliteDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = new Kysely<Database>({ dialect: new SerialPGliteDialect(pglite), log: options.log });
  return { db, appDb: db, kind: 'pglite', pglite, poolStats: () => [], close: () => db.destroy() };
}
