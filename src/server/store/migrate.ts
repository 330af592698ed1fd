import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './db';
import * as m001 from './migrations/001_foundation';
import * as m002 from './migrations/002_reference_data';

// Migrations are listed here rather than read from disk, so the same list runs under tsx, vitest and bundles.
const MIGRATIONS: Record<string, Migration> = {
  '001_foundation': m001,
  '002_reference_data': m002,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
