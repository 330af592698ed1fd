import { describe, expect, it } from 'vitest';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { LAKESIDE, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// SPEC §2: the menu's Entity Settings opens the acting agency's settings to whoever holds
// entity_settings_view. Without entity_search that one entity's record is readable and no other
// (docs/security.md "Entity settings").
describe.each(testDatabases())('entity settings of the acting agency on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  it('reads the acting entity with entity_settings_view alone, and no other entity', async () => {
    const email = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['entity_settings_view'],
    });
    const [own, child, other] = await Promise.all(
      [NORTHWIND, NORTHWIND_AUSTIN, LAKESIDE].map((code) => entityIdOf(db(), code)),
    );
    const read = await e.get(`/v2/entities/${own}`, email);
    expectStatus(read, 200);
    expect((read.body as { data: { entity_code: string } }).data.entity_code).toBe(NORTHWIND);
    expectStatus(await e.get(`/v2/entities/${child}`, email), 404);
    expectStatus(await e.get(`/v2/entities/${other}`, email), 404);
    // Acting for the child agency, its record is the one readable.
    const acting = { headers: { agententitycode: NORTHWIND_AUSTIN } };
    const switched = await e.get(`/v2/entities/${child}`, email, acting);
    expectStatus(switched, 200);
    expectStatus(await e.get(`/v2/entities/${own}`, email, acting), 404);
    // The list of entities stays entity_search's.
    expectStatus(await e.get('/v2/entities', email), 403);
  });
});
