// A job runner process that dies in the middle of its job, as a server does on a crash or kill -9: it takes
// one job of the queue it is given, says so on stdout, and exits without finishing it.
// Usage: node --import tsx tests/support/crashingJobWorker.ts <postgres url> <app schema> <queue>
import PgBoss from 'pg-boss';

const [url, appSchema, queue] = process.argv.slice(2);
const boss = new PgBoss({
  connectionString: url,
  schema: `${appSchema}_jobs`,
  schedule: false,
  supervise: false,
  pollingIntervalSeconds: 0.5,
});
boss.on('error', () => undefined);
await boss.start();
await boss.work(queue!, { batchSize: 1 }, async ([job]) => {
  process.stdout.write(`started ${job!.id}\n`);
  process.exit(1);
});
