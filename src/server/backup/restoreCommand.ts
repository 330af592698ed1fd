import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { BackupError, restoreEmbedded, restorePostgres, type RestoreResult } from './backup';
import { embeddedDir, ownerTarget } from './commandTarget';

// `npm run restore -- <file> [--force] [--rebuild-projections]` (docs/operations.md "Backups and restore"):
// a backup into the server's database, which must be empty (an empty DATA_DIR, or an empty schema) unless
// --force; then migrated to this version. Run it with the server stopped.
const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith('--'));
const unknown = args.filter(
  (arg) => arg.startsWith('--') && !['--force', '--rebuild-projections'].includes(arg),
);
const options = {
  force: args.includes('--force'),
  rebuildProjections: args.includes('--rebuild-projections'),
};
try {
  if (files.length !== 1 || unknown.length > 0) {
    throw new BackupError('Usage: npm run restore -- <file> [--force] [--rebuild-projections]');
  }
  const file = resolve(files[0]!);
  const config = loadConfig();
  const started = performance.now();
  let where: string;
  let result: RestoreResult;
  if (config.databaseUrl) {
    const target = ownerTarget(config);
    where = `the schema ${target.schema}`;
    result = await restorePostgres(file, target, options);
  } else {
    where = embeddedDir(config, false);
    result = await restoreEmbedded(file, where, options);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const rebuilt = result.replayed === null ? '' : `, rebuilt the projections from ${result.replayed} events`;
  console.info(
    `Restored ${file} into ${where} in ${seconds} s: ${result.migrated} migrations applied${rebuilt}`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
