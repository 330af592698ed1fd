import { beforeAll, describe, expect, it } from 'vitest';
import { EntityAttributesResponse } from '../../src/api/schemas/attributes';
import { EntityResponse } from '../../src/api/schemas/entities';
import { MyEntitiesResponse } from '../../src/api/schemas/session';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError } from '../support/http';
import { ADMIN, AGENT, MANAGER, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// An entity's settings are read through /v2/entities/{id}/attributes, with entity_settings_view (agency
// users: the exposed ones) or entity administration (all). No other answer hands them to a user who lacks
// that: the entity itself, and the session's acting entity, which carries only what the portal's access
// checks read (the dashboard flag).
const DASHBOARD = 28;
const INTERNAL_NOTE = 45;
// Exposed settings an agency user may read with entity_settings_view (and change with _edit).
const EXPOSED = 34;

describe.each(testDatabases())('entity settings reads on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const ids = (attributes: { attrib_id: number }[]) => attributes.map((a) => a.attrib_id);

  // A Northwind user who may find and view its entities but not their settings.
  let searcher = '';
  beforeAll(async () => {
    searcher = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['entity_search'],
    });
    for (const code of [NORTHWIND, NORTHWIND_AUSTIN]) {
      const saved = await e.patch(`/v2/entities/${await entityIdOf(db(), code)}/attributes`, ADMIN, {
        attributes: [
          { attrib_id: INTERNAL_NOTE, attrib_value: 'Watch list: late E&O renewal in 2025.' },
          { attrib_id: EXPOSED, attrib_value: '30' },
          { attrib_id: DASHBOARD, attrib_value: '1' },
        ],
      });
      expectStatus(saved, 200);
    }
  });

  it('gives the entity without its settings to a user who may not view settings', async () => {
    const northwind = await entityIdOf(db(), NORTHWIND);
    expectError(await e.get(`/v2/entities/${northwind}/attributes`, searcher), 403);
    const viewed = await e.get(`/v2/entities/${northwind}`, searcher);
    expectStatus(viewed, 200);
    expect(EntityResponse.parse(viewed.body).data.attributes).toEqual([]);
    expect(viewed.text).not.toContain('Watch list');
  });

  it('gives settings with the entity exactly as /attributes gives them to the same user', async () => {
    const northwind = await entityIdOf(db(), NORTHWIND);
    for (const email of [MANAGER, ADMIN]) {
      const viewed = EntityResponse.parse((await e.get(`/v2/entities/${northwind}`, email)).body).data;
      const settings = EntityAttributesResponse.parse(
        (await e.get(`/v2/entities/${northwind}/attributes`, email)).body,
      ).data;
      expect(ids(viewed.attributes), email).toEqual(ids(settings));
    }
    const manager = EntityResponse.parse((await e.get(`/v2/entities/${northwind}`, MANAGER)).body).data;
    expect(ids(manager.attributes)).toContain(EXPOSED);
    expect(ids(manager.attributes)).not.toContain(INTERNAL_NOTE);
  });

  it('gives the session’s acting entity only the dashboard flag, whatever else is set', async () => {
    for (const email of [AGENT, MANAGER, searcher]) {
      const answer = await e.get('/v2/my/entities', email);
      expectStatus(answer, 200);
      const { acting } = MyEntitiesResponse.parse(answer.body);
      expect(acting.attributes, email).toEqual([{ attributeId: DASHBOARD, value: '1' }]);
      expect(answer.text).not.toContain('Watch list');
    }
    // Acting for a child entity: its flag, not the user's own entity's.
    const answer = await e.get('/v2/my/entities', MANAGER, { actingFor: NORTHWIND_AUSTIN });
    const { acting } = MyEntitiesResponse.parse(answer.body);
    expect(acting.entityCode).toBe(NORTHWIND_AUSTIN);
    expect(acting.attributes).toEqual([{ attributeId: DASHBOARD, value: '1' }]);
  });
});
