import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { installServerProjections } from '../../projections';
import { openCommandDatabase } from '../../store/openCommandDatabase';
import { seedLargeBook } from './seedLarge';

// `npm run seed:large -- --policies N [--seed S] [--chunk C] [--pet-share P] [--statement-months M]`: adds a
// seeded book of N policies and M months (default 24) of commission statements to the server's database
// (DATABASE_URL, or the embedded one under DATA_DIR), and prints events per second.
const { values } = parseArgs({
  options: {
    policies: { type: 'string' },
    seed: { type: 'string', default: '1' },
    chunk: { type: 'string', default: '2000' },
    'pet-share': { type: 'string', default: '0.6' },
    'statement-months': { type: 'string', default: '24' },
  },
});
const whole = (name: string, value: string | undefined, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number, at least ${min}`);
    process.exit(2);
  }
  return n;
};
const petShare = Number(values['pet-share']);
if (!(petShare >= 0 && petShare <= 1)) {
  console.error('--pet-share must be between 0 and 1');
  process.exit(2);
}
const options = {
  policies: whole('policies', values.policies, 1),
  seed: whole('seed', values.seed, 0),
  chunk: whole('chunk', values.chunk, 1),
  petShare,
  statementMonths: whole('statement-months', values['statement-months'], 0),
};

const config = loadConfig();
installServerProjections();
const database = await openCommandDatabase();
try {
  const result = await seedLargeBook(
    database.db,
    { ...options, demoPassword: config.demoPassword, secret: config.accessTokenSecret },
    (line) => console.info(line),
  );
  console.info(
    `Loaded ${result.policies.toLocaleString('en-US')} policies (${result.events.toLocaleString('en-US')} events) ` +
      `for ${result.agencies} agencies in ${result.loadSeconds.toFixed(1)} s: ` +
      `${Math.round(result.events / result.loadSeconds).toLocaleString('en-US')} events/s; ` +
      `${result.statements.toLocaleString('en-US')} statements in ${result.statementSeconds.toFixed(1)} s`,
  );
} finally {
  await database.close();
}
