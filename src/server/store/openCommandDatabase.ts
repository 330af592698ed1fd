import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type OpenDatabase } from './db';
import { migrateToLatest } from './migrate';

// The database a command-line task works on: the server's own (DATABASE_URL, or the embedded one under
// DATA_DIR), migrated to the latest schema; its `db` is the owner's (DATABASE_MIGRATION_URL when set). The
// caller closes it.
export async function openCommandDatabase(): Promise<OpenDatabase> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    schema: config.databaseSchema,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  await migrateToLatest(database.db);
  return database;
}
