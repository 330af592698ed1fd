import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { installServerProjections, rebuildProjections } from '../projections';
import { openDatabase, type OpenDatabase } from '../store/db';
import { migrateToLatest } from '../store/migrate';

// Backups and restore of the portal's database (docs/operations.md "Backups and restore"). The embedded
// database is saved as PGlite's data dir dump (a gzipped tar); PostgreSQL as pg_dump's custom format of the
// portal's schema and of its job runner's schema beside it. A restore goes into an empty place only, then
// migrates to the latest schema, so a backup an older version made comes back as this version's database.

// A refusal or failure the command prints as it is, without a stack.
export class BackupError extends Error {}

export interface RestoreOptions {
  // Replace what the target holds rather than refuse.
  force?: boolean;
  // Replay the log into the projection tables after migrating. A backup is one consistent moment (pg_dump's
  // snapshot, or the embedded database's files while nobody writes), and every append writes its projection
  // rows in the event's own transaction, so the tables already equal the log; this is for a database whose
  // tables are in doubt.
  rebuildProjections?: boolean;
}

export interface RestoreResult {
  // Migrations the restore applied to bring the backup up to this version.
  migrated: number;
  // Events replayed, when the projections were rebuilt.
  replayed: number | null;
}

// PostgreSQL: the owner's URL (it creates the schema and its tables) and the schema the portal works in.
export interface PostgresTarget {
  url: string;
  schema: string;
}

// The job runner's schema beside the portal's (src/server/jobs/jobRunner.ts).
export function jobsSchemaOf(schema: string | undefined): string {
  return schema && schema !== 'public' ? `${schema}_jobs` : 'pgboss';
}

// Saves an open embedded database to `file`. It holds the database's one connection while the files are
// copied, so no transaction is half done in them: acknowledged writes are in, and nothing after.
export async function backupEmbedded(database: OpenDatabase, file: string): Promise<number> {
  const pglite = database.pglite;
  if (!pglite) throw new BackupError('The database is not the embedded one');
  const dump = await database.db.connection().execute(() => pglite.dumpDataDir('gzip'));
  const bytes = Buffer.from(await dump.arrayBuffer());
  writeFileSync(file, bytes);
  return bytes.length;
}

// Loads a backup of the embedded database into the directory `dir` (the server's DATA_DIR/pglite), which must
// be missing or empty unless `force` (which deletes what it holds first).
export async function restoreEmbedded(
  file: string,
  dir: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const dump = readBackup(file);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!options.force) {
      throw new BackupError(
        `${dir} already holds a database: restore into an empty data dir, or add --force to replace it`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ pgliteDir: dir, pgliteDump: new Blob([dump]) });
  try {
    return await finishRestore(database, options);
  } finally {
    await database.close();
  }
}

// pg_dump of the portal's schema and the job runner's beside it (when there) into `file`, custom format: one
// snapshot, taken while the server keeps running.
export async function backupPostgres(target: PostgresTarget, file: string): Promise<void> {
  const present = await withClient(target.url, (client) =>
    existingSchemas(client, [target.schema, jobsSchemaOf(target.schema)]),
  );
  if (!present.includes(target.schema)) {
    throw new BackupError(`The schema ${target.schema} does not exist: nothing to back up`);
  }
  await run('pg_dump', [
    '--format=custom',
    '--file',
    file,
    ...present.flatMap((schema) => ['--schema', schema]),
    '--dbname',
    target.url,
  ]);
}

// pg_restore of a backup into the target's schema, which must be missing or hold no tables (nor its job
// schema) unless `force` (which drops both first), then migrates. The schema comes back under the name it was
// saved from, so `target.schema` must be that name.
export async function restorePostgres(
  file: string,
  target: PostgresTarget,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  readBackup(file);
  const schemas = [target.schema, jobsSchemaOf(target.schema)];
  const contents = await run('pg_restore', ['--list', file]);
  if (!new RegExp(`^\\d+; \\d+ \\d+ TABLE ${target.schema} events `, 'm').test(contents)) {
    throw new BackupError(`${file} holds no events table in the schema ${target.schema}`);
  }
  const existing = await withClient(target.url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
      [schemas],
    );
    if (Number(rows[0]!.n) > 0) {
      if (!options.force) {
        throw new BackupError(
          `The schema ${target.schema} already holds tables: restore into an empty schema or database, or add --force to replace it`,
        );
      }
      if (target.schema === 'public') {
        // Dropping public would take the pg_trgm extension, and every other schema's trigram indexes, with it.
        throw new BackupError(
          'The schema public already holds tables and --force does not drop public: drop and create the database, then restore into it',
        );
      }
      for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
    }
    // The trigram indexes need pg_trgm, which lives in public (migration 022) and is not in a schema's dump.
    await client.query(`select pg_advisory_lock(hashtext('pg_trgm extension'))`);
    try {
      await client.query('create extension if not exists pg_trgm schema public');
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('pg_trgm extension'))`);
    }
    return existingSchemas(client, schemas);
  });
  // A schema that is there already (public always is) keeps its own definition: the dump's is left out.
  const kept = contents
    .split('\n')
    .filter((line) => !existing.some((schema) => new RegExp(`\\bSCHEMA (- )?${schema}\\b`).test(line)))
    .join('\n');
  const work = mkdtempSync(join(tmpdir(), 'portal-restore-'));
  try {
    const list = join(work, 'contents.list');
    writeFileSync(list, kept);
    await run('pg_restore', [
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--use-list',
      list,
      '--dbname',
      target.url,
      file,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const database = await openDatabase({ url: target.url, schema: target.schema });
  try {
    return await finishRestore(database, options);
  } finally {
    await database.close();
  }
}

async function finishRestore(database: OpenDatabase, options: RestoreOptions): Promise<RestoreResult> {
  // A migration may append events; they project as a server's would.
  installServerProjections();
  const before = await appliedMigrations(database);
  await migrateToLatest(database.db);
  const migrated = (await appliedMigrations(database)) - before;
  const replayed = options.rebuildProjections ? await rebuildProjections(database.db) : null;
  return { migrated, replayed };
}

async function appliedMigrations(database: OpenDatabase): Promise<number> {
  const { rows } = await sql<{ there: boolean }>`
    select to_regclass('kysely_migration') is not null as there`.execute(database.db);
  if (!rows[0]?.there) return 0;
  const counted = await sql<{ n: string | number }>`select count(*) as n from kysely_migration`.execute(
    database.db,
  );
  return Number(counted.rows[0]!.n);
}

function readBackup(file: string): Uint8Array<ArrayBuffer> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  return new Uint8Array(readFileSync(file));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function existingSchemas(client: pg.Client, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ nspname: string }>(
    'select nspname from pg_namespace where nspname = any($1)',
    [names],
  );
  return names.filter((name) => rows.some((row) => row.nspname === name));
}

// Runs one of PostgreSQL's client tools; answers its output, or fails with what it printed.
function run(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found on the PATH: install PostgreSQL's client tools of the server's major version or newer (on Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${tool} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

// Whether pg_dump and pg_restore can be run here.
export async function postgresToolsAvailable(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    await run('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
}
