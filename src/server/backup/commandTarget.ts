import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { BackupError, type PostgresTarget } from './backup';

// Where the backup commands work: the database the server with the same settings uses.

// The owner's connection (DATABASE_MIGRATION_URL when set) and the portal's schema.
export function ownerTarget(config: Config): PostgresTarget {
  const url = config.databaseMigrationUrl ?? config.databaseUrl;
  if (!url) throw new BackupError('DATABASE_URL is not set');
  return { url, schema: config.databaseSchema ?? 'public' };
}

// The embedded database's directory; a backup needs one that holds a database.
export function embeddedDir(config: Config, mustExist = true): string {
  const dir = join(config.dataDir, 'pglite');
  if (mustExist && (!existsSync(dir) || readdirSync(dir).length === 0)) {
    throw new BackupError(`${dir} holds no database: is DATA_DIR the server's?`);
  }
  return dir;
}
