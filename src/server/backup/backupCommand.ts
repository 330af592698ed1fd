import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../store/db';
import { BackupError, backupEmbedded, backupPostgres } from './backup';
import { embeddedDir, ownerTarget } from './commandTarget';

// `npm run backup -- <file>` (docs/operations.md "Backups and restore"): the server's database into a file.
// On PostgreSQL (DATABASE_URL) a pg_dump while the server runs; the embedded database with the server stopped,
// since PGlite is one process's database and a second process opening its directory could damage it.
const file = process.argv[2];
try {
  if (!file || file.startsWith('-')) throw new BackupError('Usage: npm run backup -- <file>');
  const config = loadConfig();
  const target = resolve(file);
  const started = performance.now();
  if (config.databaseUrl) {
    const postgres = ownerTarget(config);
    await backupPostgres(postgres, target);
    console.info(`Backed up the schema ${postgres.schema} to ${target} in ${seconds(started)} s`);
  } else {
    const dir = embeddedDir(config);
    // Opened as it is, not migrated: the backup is of the version that wrote it.
    const database = await openDatabase({ pgliteDir: dir });
    try {
      const bytes = await backupEmbedded(database, target);
      console.info(`Backed up ${dir} to ${target} (${bytes} bytes) in ${seconds(started)} s`);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

function seconds(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(2);
}
