import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../../config';
import { utcToday } from '../../domain/rentersPolicies/rentersPolicyNumbers';
import { openCommandDatabase } from '../../store/openCommandDatabase';
import { seedDemo } from '../seedDemo';
import { ensureAgencies } from './agencies';
import { bookChunk } from './book';
import { readCatalogue } from './catalogue';
import { loadStreams } from './loadStreams';

// `npm run seed:large -- --policies N [--seed S] [--chunk C]`: adds a book of N policies (pet and renters,
// with their quotes, customers, notes, cancellations and payments) sold over two years by a hierarchy of
// agencies (about one per 500 policies, at most 2,000), to the server's database (DATABASE_URL, or the
// embedded one). Events go through the log and the projections' bulk forms; the same seed gives the same
// book. Prints events per second.
const { values } = parseArgs({
  options: {
    policies: { type: 'string' },
    seed: { type: 'string', default: '1' },
    chunk: { type: 'string', default: '2000' },
    'pet-share': { type: 'string', default: '0.6' },
  },
});
const policies = Number(values.policies);
const seed = Number(values.seed);
const chunk = Number(values.chunk);
const petShare = Number(values['pet-share']);
if (!Number.isInteger(policies) || policies < 1) throw new Error('--policies must be a whole number above 0');
if (!Number.isInteger(chunk) || chunk < 1) throw new Error('--chunk must be a whole number above 0');

const config = loadConfig();
const database = await openCommandDatabase();
const { db } = database;
try {
  const started = performance.now();
  await seedDemo(db, config.demoPassword, { policies: false, secret: config.accessTokenSecret });
  const agencyCount = Math.min(2_000, Math.max(20, Math.round(policies / 500)));
  const sellers = await ensureAgencies(db, agencyCount, seed);
  const catalogue = await readCatalogue(db);
  const options = { seed, petShare, days: 730, today: utcToday() };
  console.info(`${sellers.length} agencies ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const loading = performance.now();
  let made = 0;
  let events = 0;
  let sale = 0;
  while (made < policies) {
    // A pet sale may cover two pets: ask for a little fewer sales than the policies still wanted.
    const sales = Math.max(1, Math.min(chunk, Math.floor((policies - made) / 1.1)));
    const loaded = await db.transaction().execute(async (trx) => {
      const book = await bookChunk(trx, catalogue, sellers, sale, sales, options);
      return { policies: book.policies, events: await loadStreams(trx, book.streams) };
    });
    sale += sales;
    made += loaded.policies;
    events += loaded.events;
    const seconds = (performance.now() - loading) / 1000;
    console.info(
      `${made.toLocaleString('en-US')} policies, ${events.toLocaleString('en-US')} events, ${Math.round(events / seconds).toLocaleString('en-US')} events/s`,
    );
  }
  await sql`analyze`.execute(db);
  const seconds = (performance.now() - loading) / 1000;
  console.info(
    `Loaded ${made.toLocaleString('en-US')} policies (${events.toLocaleString('en-US')} events) in ${seconds.toFixed(1)} s: ${Math.round(events / seconds).toLocaleString('en-US')} events/s`,
  );
} finally {
  await database.close();
}
