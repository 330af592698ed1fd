import { PGlite } from '@electric-sql/pglite';
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
  // PostgreSQL schema to work in (created when missing); tests use a fresh one per run.
  schema?: string | undefined;
  // Directory of the embedded database; absent means in memory.
  pgliteDir?: string | undefined;
  // Sees every query with its parameters and time (the benchmark explains the searches' SQL with it).
  log?: ((event: LogEvent) => void) | undefined;
}

export interface OpenDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.url) {
    const schema = options.schema;
    if (schema) {
      const setup = new pg.Client({ connectionString: options.url });
      await setup.connect();
      await setup.query(`create schema if not exists "${schema}"`);
      await setup.end();
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(schema ? { options: `-c search_path="${schema}"` } : {}),
    });
    // PostgreSQL may end a connection at any time (a restart, a failover, pg_terminate_backend). pg reports
    // it as an 'error' event on the connection, and on the pool too when the connection was idle; with no
    // listener either event ends the process. The query under way fails (its request answers 500) and the
    // pool replaces the connection (tests/api/crashSafety.test.ts).
    pool.on('connect', (client) =>
      client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`)),
    );
    pool.on('error', () => undefined);
    // bigint columns (positions, counts) arrive as strings; timestamps as Date.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await PGlite.create(options.pgliteDir ?? 'memory://');
  const db = new Kysely<Database>({ dialect: new SerialPGliteDialect(pglite), log: options.log });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
