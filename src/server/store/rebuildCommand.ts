import { loadConfig } from '../config';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate';
import { rebuildProjections } from './rebuild';
import { join } from 'node:path';

// `npm run projections:rebuild`: replays the event log into every projection table.
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  schema: config.databaseSchema,
  pgliteDir: join(config.dataDir, 'pglite'),
});
try {
  await migrateToLatest(database.db);
  const started = performance.now();
  const events = await rebuildProjections(database.db);
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `Rebuilt projections from ${events} events in ${seconds.toFixed(2)} s (${Math.round(events / seconds)} events/s)`,
  );
} finally {
  await database.close();
}
