import { describe, expect, it, vi } from 'vitest';
import { PROJECTION_TABLES } from '../../src/server/domain/aggregates';
import { seedLargeBook } from '../../src/server/seed/large/seedLarge';
import { rebuildProjections } from '../../src/server/store/rebuild';
import { eventCount, expectRebuildReproducesReadTables, readTables } from '../support/eventLogChecks';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 240_000 });

// `npm run seed:large` on a small book: the generated streams go through the log and the bulk forms, so the
// read tables must be what the per-event projections make of the same log, and the same seed must give the
// same book.
describe.each(testDatabases())('the large book on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;

  it('loads 400 policies whose read tables a per-event replay reproduces, with statements', async () => {
    const result = await seedLargeBook(db(), {
      policies: 400,
      seed: 7,
      chunk: 150,
      petShare: 0.6,
      statementMonths: 2,
      demoPassword: DEMO_PASSWORD,
      secret: s.t.config.accessTokenSecret,
    });
    expect(result.policies).toBeGreaterThanOrEqual(400);
    expect(result.agencies).toBe(20);
    const pets = await db()
      .selectFrom('policies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    const renters = await db()
      .selectFrom('renters_policies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(Number(pets?.n) + Number(renters?.n)).toBe(result.policies);
    expect(Number(pets?.n)).toBeGreaterThan(0);
    expect(Number(renters?.n)).toBeGreaterThan(0);

    await expectRebuildReproducesReadTables(db());
    const bulk = await readTables(db());
    expect(await rebuildProjections(db(), { bulk: false })).toBe(await eventCount(db()));
    const eventByEvent = await readTables(db());
    for (const table of PROJECTION_TABLES) expect(eventByEvent[table], table).toEqual(bulk[table]);
  });
});
