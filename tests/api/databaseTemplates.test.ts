import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// Test servers start from a database migrated and seeded once per run (tests/support/databaseTemplates.ts):
// what they start with must be what a server that migrates and seeds its own database makes.
describe.each(testDatabases())('a test server started from the template on %s', (database) => {
  let templated: TestServer;
  let fresh: TestServer;
  beforeAll(async () => {
    templated = await startTestServer(database);
    fresh = await startTestServer(database, {}, { fresh: true });
  });
  afterAll(async () => {
    await templated?.close();
    await fresh?.close();
  });

  it('holds the same rows in every table as one migrated and seeded on its own', async () => {
    const [fromTemplate, ownSeed] = await Promise.all([rowCounts(templated), rowCounts(fresh)]);
    expect(Object.keys(fromTemplate).length).toBeGreaterThan(20);
    expect(fromTemplate).toEqual(ownSeed);
  });

  it('keeps the log and the read tables in step', async () => {
    const db = templated.server.database.db;
    const { rows } = await sql<{ entities: number; created: number }>`
      select (select count(*)::int from entities) as entities,
             (select count(*)::int from events where type = 'entity.created') as created`.execute(db);
    expect(rows[0]!.entities).toBe(rows[0]!.created);
  });
});

// Rows per table of the server's schema (the job runner's queue tables aside, which its start fills).
async function rowCounts(t: TestServer): Promise<Record<string, number>> {
  const db = t.server.database.db;
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    counts[name] = rows[0]!.n;
  }
  return counts;
}
