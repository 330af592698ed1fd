import { openCommandDatabase } from './store/openCommandDatabase';
import { rebuildProjections } from './projections';

// `npm run projections:rebuild`: replays the event log into every projection table.
const database = await openCommandDatabase();
try {
  const started = performance.now();
  const events = await rebuildProjections(database.db);
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `Rebuilt projections from ${events} events in ${seconds.toFixed(2)} s (${Math.round(events / seconds)} events/s)`,
  );
} finally {
  await database.close();
}
