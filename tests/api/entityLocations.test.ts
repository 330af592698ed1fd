import { beforeAll, describe, expect, it } from 'vitest';
import {
  ContactResponse,
  EntityResponse,
  LocationListResponse,
  LocationResponse,
  type LocationCreate,
} from '../../src/api/schemas/entities';
import { HistoryResponse } from '../../src/api/schemas/history';
import { PROJECTION_TABLES, rebuildProjections } from '../../src/server/projections';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import {
  ADMIN,
  AGENT,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
} from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

const BRANCH: LocationCreate = {
  loc_type: 'BRANCH',
  name: 'Round Rock branch',
  address_1: '201 E Main St',
  address_2: 'Suite 5',
  city: 'Round Rock',
  state_code: 'tx',
  zip: '78664',
};

// Every projected detail table, to compare before and after a rebuild.
async function detailTables(db: Db) {
  return {
    locations: await db.selectFrom('entity_locations').selectAll().orderBy('id').execute(),
    contacts: await db.selectFrom('entity_contacts').selectAll().orderBy('id').execute(),
    questions: await db.selectFrom('entity_underwriting_questions').selectAll().orderBy('id').execute(),
    sources: await db.selectFrom('entity_quote_sources').selectAll().orderBy('id').execute(),
    discounts: await db
      .selectFrom('entity_discount_states')
      .selectAll()
      .orderBy('entity_id')
      .orderBy('state_code')
      .execute(),
    attributes: await db
      .selectFrom('entity_attributes')
      .selectAll()
      .orderBy('entity_id')
      .orderBy('attrib_id')
      .execute(),
    entities: await db.selectFrom('entities').selectAll().orderBy('id').execute(),
  };
}

// /v2/entities/{entityId}/locations and their contacts (SPEC §3 Location and Contact).
describe.each(testDatabases())('entity locations and contacts on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const id = (code: string) => entityIdOf(db(), code);
  let northwindEditor = '';
  beforeAll(async () => {
    northwindEditor = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['admin_ent_list', 'admin_ent_edit'],
    });
  });

  const addBranch = async (entityCode = NORTHWIND_DALLAS, body: Partial<LocationCreate> = {}) => {
    const response = await e.post(`/v2/entities/${await id(entityCode)}/locations`, ADMIN, {
      ...BRANCH,
      ...body,
    });
    expectStatus(response, 201);
    return LocationResponse.parse(response.body).data;
  };

  it('adds, edits and removes a location with its contacts, each step in the entity’s history', async () => {
    const dallas = await id(NORTHWIND_DALLAS);
    const location = await addBranch();
    expect(location).toMatchObject({
      entity_id: dallas,
      state_code: 'TX',
      address_2: 'Suite 5',
      is_enabled: true,
      contacts: [],
    });

    const added = await e.post(`/v2/entities/${dallas}/locations/${location.id}/contacts`, ADMIN, {
      name: 'Jo Reyes',
      phone: '(512) 555-0177',
      extension: '9',
      email: 'jo@northwindpets.example',
      notes: 'Opens the branch on Saturdays',
    });
    expectStatus(added, 201);
    const contact = ContactResponse.parse(added.body).data;
    expect(contact).toMatchObject({ location_id: location.id, phone: '5125550177', extension: '9' });

    const edited = await e.patch(
      `/v2/entities/${dallas}/locations/${location.id}/contacts/${contact.id}`,
      ADMIN,
      {
        email: '',
        notes: null,
      },
    );
    expectStatus(edited, 200);
    expect(ContactResponse.parse(edited.body).data).toMatchObject({
      email: null,
      notes: null,
      phone: '5125550177',
    });

    const moved = await e.patch(`/v2/entities/${dallas}/locations/${location.id}`, ADMIN, {
      name: 'Round Rock office',
      zip: '78664-1234',
    });
    expect(LocationResponse.parse(moved.body).data).toMatchObject({
      name: 'Round Rock office',
      zip: '78664-1234',
      city: 'Round Rock',
    });

    const list = LocationListResponse.parse(
      (await e.get(`/v2/entities/${dallas}/locations`, ADMIN)).body,
    ).data;
    expect(list.find((l) => l.id === location.id)!.contacts.map((c) => c.name)).toEqual(['Jo Reyes']);

    expectStatus(
      await e.del(`/v2/entities/${dallas}/locations/${location.id}/contacts/${contact.id}`, ADMIN),
      204,
    );
    expectStatus(await e.del(`/v2/entities/${dallas}/locations/${location.id}`, ADMIN), 204);
    const after = LocationListResponse.parse(
      (await e.get(`/v2/entities/${dallas}/locations`, ADMIN)).body,
    ).data;
    expect(after.map((l) => l.id)).not.toContain(location.id);

    const history = HistoryResponse.parse((await e.get(`/v2/entities/${dallas}/history`, ADMIN)).body).data;
    expect(history.slice(-6).map((h) => h.type)).toEqual([
      'entity.locationAdded',
      'entity.contactAdded',
      'entity.contactUpdated',
      'entity.locationUpdated',
      'entity.contactRemoved',
      'entity.locationRemoved',
    ]);
    // The entity's version follows its stream, so an edit made with the version just read succeeds.
    const entity = EntityResponse.parse((await e.get(`/v2/entities/${dallas}`, ADMIN)).body).data;
    expect(entity.version).toBe(history.at(-1)!.version);
    expectStatus(
      await e.patch(`/v2/entities/${dallas}`, ADMIN, { dba: 'Deep Ellum', version: entity.version }),
      200,
    );
  });

  it('removes a location’s contacts with it', async () => {
    const location = await addBranch(NORTHWIND_AUSTIN);
    const austin = await id(NORTHWIND_AUSTIN);
    await e.post(`/v2/entities/${austin}/locations/${location.id}/contacts`, ADMIN, {
      name: 'A',
      phone: '5125550111',
    });
    expectStatus(await e.del(`/v2/entities/${austin}/locations/${location.id}`, ADMIN), 204);
    const left = await db()
      .selectFrom('entity_contacts')
      .select('id')
      .where('location_id', '=', location.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps one enabled headquarters per entity, which the entity shows as its headquarters_location', async () => {
    const dallas = await id(NORTHWIND_DALLAS);
    const second = await e.post(`/v2/entities/${dallas}/locations`, ADMIN, { ...BRANCH, loc_type: 'HQ' });
    expect(expectValidationError(second, ['loc_type']).errors.loc_type).toEqual([
      'The entity already has a headquarters location.',
    ]);
    const branch = await addBranch();
    expectValidationError(
      await e.patch(`/v2/entities/${dallas}/locations/${branch.id}`, ADMIN, { loc_type: 'HQ' }),
      ['loc_type'],
    );
    // A disabled headquarters is not the headquarters: another can take its place.
    const hq = EntityResponse.parse((await e.get(`/v2/entities/${dallas}`, ADMIN)).body).data
      .headquarters_location!;
    expectStatus(
      await e.patch(`/v2/entities/${dallas}/locations/${hq.id}`, ADMIN, { is_enabled: false }),
      200,
    );
    expectStatus(
      await e.patch(`/v2/entities/${dallas}/locations/${branch.id}`, ADMIN, { loc_type: 'HQ' }),
      200,
    );
    const entity = EntityResponse.parse((await e.get(`/v2/entities/${dallas}`, ADMIN)).body).data;
    expect(entity.headquarters_location!.id).toBe(branch.id);
  });

  it.each([
    ['an unknown location type', { loc_type: 'CASTLE' }, 'loc_type'],
    ['an unknown state', { state_code: 'XX' }, 'state_code'],
    ['a state that is not a code', { state_code: 'Texas' }, 'state_code'],
    ['a bad ZIP code', { zip: '7866' }, 'zip'],
    ['no street address', { address_1: '' }, 'address_1'],
    ['no city', { city: undefined }, 'city'],
    ['an unknown field', { country: 'US' }, 'country'],
  ])('answers 422 for a location with %s', async (_what, overrides, field) => {
    const response = await e.post(`/v2/entities/${await id(NORTHWIND_DALLAS)}/locations`, ADMIN, {
      ...BRANCH,
      ...overrides,
    });
    expectValidationError(response, [field]);
  });

  it.each([
    ['neither phone nor email', { name: 'Nobody' }, ['phone', 'email']],
    ['a phone number of 7 digits', { name: 'Short', phone: '555-0100' }, ['phone']],
    ['a bad email', { name: 'Bad', email: 'not-an-email' }, ['email']],
    ['an extension without a phone', { name: 'Ext', email: 'a@b.example', extension: '12' }, ['extension']],
    ['an extension with letters', { name: 'Ext', phone: '5125550100', extension: 'x12' }, ['extension']],
    ['no name', { phone: '5125550100' }, ['name']],
  ])('answers 422 for a contact with %s', async (_what, body, fields) => {
    const location = await addBranch();
    const response = await e.post(
      `/v2/entities/${await id(NORTHWIND_DALLAS)}/locations/${location.id}/contacts`,
      ADMIN,
      body,
    );
    expectValidationError(response, fields);
  });

  it('answers 404 for a location or contact of another entity', async () => {
    const dallasLocation = await addBranch();
    const austin = await id(NORTHWIND_AUSTIN);
    expectError(
      await e.patch(`/v2/entities/${austin}/locations/${dallasLocation.id}`, ADMIN, { name: 'x' }),
      404,
    );
    expectError(await e.del(`/v2/entities/${austin}/locations/${dallasLocation.id}`, ADMIN), 404);
    expectError(
      await e.post(`/v2/entities/${austin}/locations/${dallasLocation.id}/contacts`, ADMIN, {
        name: 'x',
        phone: '5125550100',
      }),
      404,
    );
    expectError(
      await e.patch(`/v2/entities/${austin}/locations/987654/contacts/1`, ADMIN, { name: 'x' }),
      404,
    );
  });

  it('lets agency users read their own locations but change none (403), and hides other agencies’ (404)', async () => {
    const austin = await id(NORTHWIND_AUSTIN);
    expectStatus(await e.get(`/v2/entities/${austin}/locations`, MANAGER), 200);
    expectError(await e.get(`/v2/entities/${await id(LAKESIDE)}/locations`, MANAGER), 404);
    expectError(await e.post(`/v2/entities/${austin}/locations`, MANAGER, BRANCH), 403);
    expectError(await e.get(`/v2/entities/${austin}/locations`, AGENT), 403);
  });

  it('lets an external entity administrator change locations in their subtree only', async () => {
    expectStatus(
      await e.post(`/v2/entities/${await id(NORTHWIND_AUSTIN)}/locations`, northwindEditor, BRANCH),
      201,
    );
    expectError(await e.post(`/v2/entities/${await id(LAKESIDE)}/locations`, northwindEditor, BRANCH), 404);
  });

  it('rebuilds every entity detail table from the log, and issues no id twice afterwards', async () => {
    const location = await addBranch();
    await e.del(`/v2/entities/${await id(NORTHWIND_DALLAS)}/locations/${location.id}`, ADMIN);
    const before = await detailTables(db());
    expect(before.locations.length).toBeGreaterThan(5);
    expect(before.questions.length).toBeGreaterThan(0);
    expect(PROJECTION_TABLES).toEqual(expect.arrayContaining(['entity_locations', 'entity_contacts']));
    for (const table of PROJECTION_TABLES) await db().deleteFrom(table).execute();
    await rebuildProjections(db());
    expect(await detailTables(db())).toEqual(before);
    const next = await addBranch();
    expect(next.id).toBeGreaterThan(location.id);
  });
});
