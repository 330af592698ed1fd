import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupEmbedded,
  backupPostgres,
  postgresToolsAvailable,
  restoreEmbedded,
  restorePostgres,
  BackupError,
} from '../../src/server/backup/backup';
import { loadConfig } from '../../src/server/config';
import { createServer, type RunningServer } from '../../src/server/server';
import { databaseUrl, dropDatabase } from '../support/databaseTemplates';
import { entityApi, expectStatus } from '../support/entityApi';
import { eventCount, expectRebuildReproducesReadTables } from '../support/eventLogChecks';
import { apiFor } from '../support/http';
import { AGENT } from '../support/personas';
import { purchasePolicies, type PolicyPurchase } from '../support/policyFixtures';
import { quoteApi } from '../support/quoteApi';
import { DEMO_PASSWORD, startTestServer, testDatabases, type TestServer } from '../support/testServer';
import pg from 'pg';

// The restore drill (docs/operations.md "Backups and restore"): what the portal acknowledged before a backup
// is all there after restoring it into a fresh place, nothing written after the backup is, and the projection
// tables are exactly what the log replays into. On PostgreSQL it needs pg_dump and pg_restore.
const tools = await postgresToolsAvailable();
const drills = testDatabases().filter((database) => database === 'pglite' || tools);
if (testDatabases().includes('postgres') && !tools) {
  console.warn('The PostgreSQL restore drill is skipped: pg_dump or pg_restore is not on the PATH');
}

describe.each(drills)('restore drill on %s', (database) => {
  const work = mkdtempSync(join(tmpdir(), 'portal-drill-'));
  const file = join(work, database === 'pglite' ? 'portal.tar.gz' : 'portal.dump');
  let source: TestServer;
  let restored: RunningServer | null = null;
  let restoredDatabase: string | null = null;

  beforeAll(async () => {
    source = await startTestServer(database);
    // The run's first server builds the seeded template, which takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await restored?.close();
    await source?.close();
    if (restoredDatabase) await dropDatabase(process.env.TEST_DATABASE_URL!, restoredDatabase);
    rmSync(work, { recursive: true, force: true });
  });

  const backup = () =>
    database === 'pglite'
      ? backupEmbedded(source.server.database, file)
      : backupPostgres({ url: source.databaseUrl!, schema: source.schema! }, file);

  it('brings back every acknowledged write before the backup, none after, with projections equal to the log', async () => {
    // Acknowledged writes: two purchases (quotes, customers, policies, billing) and a quote left open.
    const bought: PolicyPurchase[] = [
      await purchasePolicies(source, { petNames: ['Rex', 'Tom'] }),
      await purchasePolicies(source, { paymentPeriod: 'ANNUAL' }),
    ];
    const e = entityApi(() => apiFor(source.url));
    const open = await quoteApi(e).create();
    const eventsAtBackup = await eventCount(source.server.database.db);

    await backup();

    // Written after the backup while the server keeps serving: none of it may come back.
    const later = await purchasePolicies(source, { petNames: ['Late'] });
    const laterQuote = await quoteApi(e).create();
    expect(await eventCount(source.server.database.db)).toBeGreaterThan(eventsAtBackup);

    // Restore into a fresh place and start a server on it, as an operator would.
    const dataDir = join(work, 'restored');
    let env: Record<string, string> = {};
    if (database === 'pglite') {
      await restoreEmbedded(file, join(dataDir, 'pglite'));
    } else {
      const baseUrl = process.env.TEST_DATABASE_URL!;
      restoredDatabase = `test_restore_${randomBytes(6).toString('hex')}`;
      await adminQuery(baseUrl, `create database "${restoredDatabase}"`);
      const url = databaseUrl(baseUrl, restoredDatabase);
      await restorePostgres(file, { url, schema: source.schema! });
      env = { DATABASE_URL: url, DATABASE_SCHEMA: source.schema! };
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_PASSWORD,
      SEED_DEMO: 'false',
      ACCESS_TOKEN_SECRET: source.config.accessTokenSecret,
      ...env,
    });
    restored = await createServer(config, { distDir: resolve(import.meta.dirname, '../../dist') });
    await restored.app.listen({ port: 0, host: '127.0.0.1' });
    const address = restored.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const r = entityApi(() => apiFor(url));
    const rq = quoteApi(r);

    expect(await eventCount(restored.database.db)).toBe(eventsAtBackup);
    // Every policy bought before the backup, read back through the API with its number.
    for (const purchase of bought) {
      for (const policy of purchase.policies) {
        const response = await r.get(`/v2/policies/${policy.matterId}`, AGENT);
        expectStatus(response, 200);
        expect(JSON.stringify(response.body)).toContain(policy.policyNumber);
      }
      const quote = await rq.view(purchase.quote.uuid);
      expect(quote.uuid).toBe(purchase.quote.uuid);
    }
    expect((await rq.view(open.uuid)).uuid).toBe(open.uuid);
    // Nothing written after it.
    for (const policy of later.policies) {
      expectStatus(await r.get(`/v2/policies/${policy.matterId}`, AGENT), 404);
    }
    for (const uuid of [later.quote.uuid, laterQuote.uuid]) {
      const response = await rq.act('GET', 'quoteView', { uuid }, { email: AGENT });
      expect(response.status).toBe(404);
    }
    // The read tables are exactly what the restored log replays into.
    await expectRebuildReproducesReadTables(restored.database.db);
  });

  it('refuses to restore over a database unless forced', async () => {
    if (database === 'pglite') {
      const dir = join(work, 'taken', 'pglite');
      await restoreEmbedded(file, dir);
      await expect(restoreEmbedded(file, dir)).rejects.toThrow(BackupError);
      await expect(restoreEmbedded(file, dir, { force: true })).resolves.toMatchObject({ migrated: 0 });
    } else {
      const target = { url: source.databaseUrl!, schema: source.schema! };
      await expect(restorePostgres(file, target)).rejects.toThrow(/already holds tables/);
    }
  });
});

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
