import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_STREAM } from '../../src/server/domain/billing/policyRef';
import { CORRECTION_STREAM } from '../../src/server/domain/corrections/correctionEvents';
import { PROJECTION_TABLES, REPLAY_ORDER, rebuildProjections } from '../../src/server/projections';
import { seedDemoCommissionHistory } from '../../src/server/seed/demoCommissionHistory';
import { bulkProjectionsOf, projectedStreamTypes } from '../../src/server/store/eventStore';
import { eventCount, expectRebuildReproducesReadTables, readTables } from '../support/eventLogChecks';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { businessToday } from '../support/businessToday';

// A rebuild replays the big stream types in bulk, whole streams at a time (store/bulkReplay.ts). Over the
// demo's book (pet policies with claims and notes, a year of renters business with its changes, twelve months
// of commission statements) the bulk replay must leave every read table exactly as the per-event
// projections leave it, and as the appends left it.
// The demo book with its policies and a year of history takes a while to make on a busy machine.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 240_000 });

describe.each(testDatabases())('bulk replay on %s', (database) => {
  const s = useTestServer(database, { SEED_DEMO_POLICIES: 'true' });
  const db = () => s.t.server.database.db;
  const indexDefinitions = async () =>
    (
      await sql<{ definition: string }>`
        select pg_get_indexdef(c.oid) as definition
          from pg_index x join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
         where t.relnamespace = current_schema()::regnamespace and t.relname = any(${[...PROJECTION_TABLES]})
         order by 1`.execute(db())
    ).rows.map((r) => r.definition);

  it('gives the tables the per-event replay gives, for every stream type', async () => {
    await seedDemoCommissionHistory(db(), businessToday(), s.t.config.accessTokenSecret);
    await expectRebuildReproducesReadTables(db());
    const events = await eventCount(db());
    expect(await rebuildProjections(db(), { bulk: false })).toBe(events);
    const eventByEvent = await readTables(db());
    const indexes = await indexDefinitions();
    expect(indexes.length).toBeGreaterThan(PROJECTION_TABLES.length);
    expect(await rebuildProjections(db())).toBe(events);
    const bulk = await readTables(db());
    // The bulk rebuild drops the secondary indexes while it loads: every one is back, as it was.
    expect(await indexDefinitions()).toEqual(indexes);
    for (const table of PROJECTION_TABLES) {
      expect(bulk[table], `${table} replayed in bulk`).toEqual(eventByEvent[table]);
    }
  });

  it('has a replay order for every projected stream type, and a bulk form for every type replayed alone', () => {
    for (const type of projectedStreamTypes()) {
      expect(
        REPLAY_ORDER.filter((group) => group.includes(type)),
        type,
      ).toHaveLength(1);
    }
    const alone = REPLAY_ORDER.filter((group) => group.length === 1).map((group) => group[0]!);
    // Billing streams are still replayed event by event, with the corrections of what older versions billed
    // in the log's order (they restate billing's rows): their bulk form is yet to be written.
    expect(alone.filter((type) => !bulkProjectionsOf(type))).toEqual([]);
    expect(REPLAY_ORDER).toContainEqual([BILLING_STREAM, CORRECTION_STREAM]);
  });
});
