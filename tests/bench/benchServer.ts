import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { LARGE_BOOK_VERSION, seedLargeBook } from '../../src/server/seed/large/seedLarge';
import { createServer, type RunningServer } from '../../src/server/server';
import { DEMO_PASSWORD, type TestDatabase } from '../support/testServer';
import { QueryCapture } from './queryCapture';

const ROOT = resolve(import.meta.dirname, '../..');

export interface BenchServer {
  database: TestDatabase;
  url: string;
  server: RunningServer;
  capture: QueryCapture;
  // Policies of the large book (pet and renters), and how it was made when made in this run.
  policies: number;
  seeded: { seconds: number; events: number; statements: number; statementSeconds: number } | null;
  close(): Promise<void>;
}

// A server on the benchmark's own database, with the demo and a large book of `policies` policies: the
// embedded one under data/bench/, or a schema of its own on TEST_DATABASE_URL. The book is made on the
// first run (`npm run seed:large` does the same) and kept for the next, since a million policies take a
// while; a book of another size lives beside it.
export async function startBenchServer(database: TestDatabase, policies: number): Promise<BenchServer> {
  const dataDir = resolve(ROOT, 'data/bench');
  mkdirSync(dataDir, { recursive: true });
  // Named by the generator's version too: a book an older generator made is left alone and a new one made.
  const schema = `bench_v${LARGE_BOOK_VERSION}_${policies}`;
  if (database === 'postgres') await ensureSchema(schema);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO_POLICIES: 'true',
    // No job runner: the daily work would run on the book under the figures (the billing figures run it
    // themselves, on days they choose).
    JOBS: 'off',
    ...(database === 'postgres'
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
      : {}),
  });
  const capture = new QueryCapture();
  const server = await createServer(config, {
    distDir: resolve(ROOT, 'dist'),
    pgliteDir: resolve(dataDir, `pglite-v${LARGE_BOOK_VERSION}-${policies}`),
    logger: false,
    queryLog: capture.log,
  });
  const db = server.database.db;
  const have = await bookSize(server);
  let seeded: BenchServer['seeded'] = null;
  if (have < policies) {
    const started = performance.now();
    const result = await seedLargeBook(
      db,
      {
        policies: policies - have,
        // Another seed for a book that is topped up, so its records are new ones.
        seed: 1 + have,
        chunk: 2_000,
        petShare: 0.6,
        statementMonths: 24,
        demoPassword: DEMO_PASSWORD,
        secret: config.accessTokenSecret,
      },
      (line) => console.info(`  [${database}] ${line}`),
    );
    seeded = {
      seconds: (performance.now() - started) / 1000,
      events: result.events,
      statements: result.statements,
      statementSeconds: result.statementSeconds,
    };
  }
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    database,
    url: `http://127.0.0.1:${port}`,
    server,
    capture,
    policies: await bookSize(server),
    seeded,
    close: () => server.close(),
  };
}

// Policies sold by the large book's agencies (codes 7xxx-xxxx-LG).
async function bookSize(server: RunningServer): Promise<number> {
  const db = server.database.db;
  const count = async (query: Promise<{ n: string | number } | undefined>) => Number((await query)?.n ?? 0);
  const pet = count(
    db
      .selectFrom('policies as p')
      .innerJoin('entities as e', 'e.id', 'p.entity_id')
      .where('e.entity_code', 'like', '%-LG')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  );
  const renters = count(
    db
      .selectFrom('renters_policies as p')
      .innerJoin('entities as e', 'e.id', 'p.entity_id')
      .where('e.entity_code', 'like', '%-LG')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  );
  return (await pet) + (await renters);
}

async function ensureSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema}"`);
  } finally {
    await client.end();
  }
}
