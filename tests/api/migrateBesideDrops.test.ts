import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/store/db';
import { migrateToLatest } from '../../src/server/store/migrate';

// Many servers share one PostgreSQL (the API suites run each test server in a schema of its own, dropped when
// it closes). The migrator's introspection asks a privilege of every schema by name, so a schema another
// server drops meanwhile used to fail a migration with `schema "…" does not exist` (3F000) naming that other
// schema. Migrating beside a neighbour that makes and drops schemas as fast as it can must still succeed.
const url = process.env.TEST_DATABASE_URL;
const RUNS = 8;
const NEIGHBOURS = 2;

describe.runIf(url)('migrating on a PostgreSQL where other schemas come and go', () => {
  it('migrates every time', async () => {
    let stop = false;
    const neighbour = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        while (!stop) {
          const schema = `churn_${randomBytes(4).toString('hex')}`;
          await client.query(`create schema "${schema}"; create table "${schema}".t (a int, b text)`);
          await client.query(`drop schema "${schema}" cascade`);
        }
      } finally {
        await client.end();
      }
    };
    const neighbours = Array.from({ length: NEIGHBOURS }, neighbour);
    const failures: string[] = [];
    try {
      for (let run = 0; run < RUNS; run += 1) {
        const schema = `migrate_${randomBytes(6).toString('hex')}`;
        const database = await openDatabase({ url, schema });
        try {
          await migrateToLatest(database.db);
        } catch (error) {
          failures.push(String((error as Error).cause ?? error));
        } finally {
          await database.close();
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`drop schema if exists "${schema}" cascade`);
          await client.end();
        }
      }
    } finally {
      stop = true;
      await Promise.all(neighbours);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
