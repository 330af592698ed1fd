import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { installServerProjections } from '../../src/server/projections';
import { openDatabase } from '../../src/server/store/db';
import { migrateToLatest } from '../../src/server/store/migrate';
import { seedDemo } from '../../src/server/seed/seedDemo';

// Test servers start from a database migrated and seeded once per run rather than each doing it afresh: on
// PGlite a dump loaded into the new instance, on PostgreSQL a database made from a template database. The
// first worker that needs a template builds it under a lock; the others wait for it and load it.
// TEST_TEMPLATES_DIR (set by tests/support/templatesSetup.ts for the run) holds them; without it (a script,
// the benchmark) every server migrates and seeds its own database, as before.

// What the migrations and the seed depend on: a server whose seed differs gets its own template.
export interface SeedRecipe {
  seedDemo: boolean;
  seedDemoPolicies: boolean;
  demoPassword: string;
  businessTimeZone: string;
}

export interface Template {
  // The server's token secret the seed used: the demo's bank fingerprints are keyed by it.
  secret: string;
}

export interface PgliteTemplate extends Template {
  dump: Blob;
}

export interface PostgresTemplate extends Template {
  database: string;
  schema: string;
}

// The schema every database made from a PostgreSQL template works in.
export const TEMPLATE_SCHEMA = 'portal';

export function templatesDir(): string | null {
  return process.env.TEST_TEMPLATES_DIR ?? null;
}

function recipeKey(kind: string, recipe: SeedRecipe): string {
  const text = JSON.stringify([
    kind,
    recipe.seedDemo,
    recipe.seedDemoPolicies,
    recipe.demoPassword,
    recipe.businessTimeZone,
  ]);
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

// The run's templates folder ends in a random suffix (mkdtemp); it tells this run's databases apart.
function runTag(dir: string): string {
  return createHash('sha256').update(dir).digest('hex').slice(0, 8);
}

const pgliteDumps = new Map<string, PgliteTemplate>();

export async function pgliteTemplate(dir: string, recipe: SeedRecipe): Promise<PgliteTemplate> {
  const key = recipeKey('pglite', recipe);
  const known = pgliteDumps.get(key);
  if (known) return known;
  const file = join(dir, `pglite-${key}.tar`);
  const secret = await builtOnce(dir, key, async (secret) => {
    const database = await openDatabase({});
    try {
      await migrateAndSeed(database.db, recipe, secret);
      if (!database.pglite) throw new Error('expected the embedded database');
      const dump = await database.pglite.dumpDataDir('none');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  });
  const template = { secret, dump: new Blob([readFileSync(file)]) };
  pgliteDumps.set(key, template);
  return template;
}

export async function postgresTemplate(
  dir: string,
  baseUrl: string,
  recipe: SeedRecipe,
): Promise<PostgresTemplate> {
  const key = recipeKey('postgres', recipe);
  // Named for the run as well as the recipe: two runs on one PostgreSQL (a developer's and a helper script's)
  // must not drop or rebuild each other's template, nor copy one while the other holds it open.
  const database = `test_template_${key}_${runTag(dir)}`;
  const secret = await builtOnce(dir, key, async (secret) => {
    await dropDatabase(baseUrl, database);
    await adminQuery(baseUrl, `create database "${database}"`);
    const opened = await openDatabase({ url: databaseUrl(baseUrl, database), schema: TEMPLATE_SCHEMA });
    try {
      await migrateAndSeed(opened.db, recipe, secret);
    } finally {
      await opened.close();
    }
    writeFileSync(join(dir, `postgres-${key}.database`), database);
  });
  return { secret, database, schema: TEMPLATE_SCHEMA };
}

// A new database made from the template, for one test server.
export async function databaseFromTemplate(baseUrl: string, template: PostgresTemplate): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database "${name}" template "${template.database}"`);
  return name;
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
}

export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function migrateAndSeed(db: Parameters<typeof migrateToLatest>[0], recipe: SeedRecipe, secret: string) {
  // The seed's events fill the read tables through the projections, as a server's start does.
  installServerProjections();
  await migrateToLatest(db);
  if (recipe.seedDemo) {
    await seedDemo(db, recipe.demoPassword, { policies: recipe.seedDemoPolicies, secret });
  }
}

// Runs `build` in the one worker that takes the lock; every worker then reads the secret it used.
async function builtOnce(
  dir: string,
  key: string,
  build: (secret: string) => Promise<void>,
): Promise<string> {
  const done = join(dir, `${key}.secret`);
  const failed = join(dir, `${key}.failed`);
  let mine = false;
  try {
    mkdirSync(join(dir, `${key}.lock`));
    mine = true;
  } catch {
    // Another worker builds it.
  }
  if (mine) {
    const secret = randomBytes(32).toString('hex');
    try {
      await build(secret);
    } catch (error) {
      writeFileSync(failed, String(error instanceof Error ? error.stack : error));
      throw error;
    }
    writeFileSync(done, secret);
    return secret;
  }
  // The seeded demo year takes minutes on a busy machine.
  for (const deadline = Date.now() + 15 * 60_000; Date.now() < deadline; await sleep(200)) {
    if (existsSync(done)) return readFileSync(done, 'utf8');
    if (existsSync(failed))
      throw new Error(`The test database template failed: ${readFileSync(failed, 'utf8')}`);
  }
  throw new Error(`The test database template ${key} was not built in time`);
}
