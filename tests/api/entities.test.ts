import { beforeAll, describe, expect, it } from 'vitest';
import { EntityResponse, EntitySearchResponse, type EntityCreate } from '../../src/api/schemas/entities';
import { HistoryResponse } from '../../src/api/schemas/history';
import { entityApi, expectStatus, uniqueEntityCode, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import {
  ADMIN,
  AGENT,
  ALL_ENTITY_CODES,
  HOUSE,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
  PAWS_REFERRALS,
} from '../support/personas';
import { entityIdOf, userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';

// /v2/entities: search, view, add, edit, deactivate and history (SPEC §3, §5, §6, §7), with the entity
// scope of external users.
describe.each(testDatabases())('entities API on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const id = (code: string) => entityIdOf(db(), code);
  const codes = (body: unknown) => EntitySearchResponse.parse(body).data.map((r) => r.entity_code);

  const newEntity = async (overrides: Partial<EntityCreate> = {}): Promise<EntityCreate> => ({
    entity_code: uniqueEntityCode(),
    entity_name: 'Prairie Pet Agency',
    master_entity_id: await id(NORTHWIND),
    type_code: 'AGENCY',
    ...overrides,
  });
  const create = async (overrides: Partial<EntityCreate> = {}) => {
    const response = await e.post('/v2/entities', ADMIN, await newEntity(overrides));
    expectStatus(response, 201);
    return EntityResponse.parse(response.body).data;
  };

  // External users holding entity administration privileges, scoped to Northwind's subtree.
  let northwindEditor = '';
  let viewer = '';
  let adder = '';
  beforeAll(async () => {
    northwindEditor = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['admin_ent_list', 'admin_ent_add', 'admin_ent_edit', 'admin_ent_delete'],
    });
    viewer = await userWith(db(), {
      entityCode: HOUSE,
      userType: 'internal',
      privilegeCodes: ['admin_ent_list'],
    });
    adder = await userWith(db(), {
      entityCode: HOUSE,
      userType: 'internal',
      privilegeCodes: ['admin_ent_list', 'admin_ent_add'],
    });
  });

  describe('GET /v2/entities', () => {
    it('pages through every entity with SPEC §3 paging meta', async () => {
      const first = EntitySearchResponse.parse((await e.get('/v2/entities?limit=5', ADMIN)).body);
      expect(first.data).toHaveLength(5);
      expect(first.meta).toEqual({
        page: { number: 1, limit: 5, from: 1, to: 5 },
        total: ALL_ENTITY_CODES.length,
      });
      const last = EntitySearchResponse.parse((await e.get('/v2/entities?limit=5&page=3', ADMIN)).body);
      expect(last.meta.page).toMatchObject({ number: 3, from: 11, to: ALL_ENTITY_CODES.length });
      const beyond = EntitySearchResponse.parse((await e.get('/v2/entities?limit=5&page=9', ADMIN)).body);
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.total).toBe(ALL_ENTITY_CODES.length);
    });

    it('sorts by entity code by default and by the parent entity code on request', async () => {
      const all = codes((await e.get('/v2/entities?limit=100', ADMIN)).body);
      expect(all).toEqual([...all].sort());
      const byParent = EntitySearchResponse.parse(
        (await e.get('/v2/entities?limit=100&sort=parentEntityCode&order=desc', ADMIN)).body,
      ).data;
      const parents = byParent.map((r) => r.parent_entity_code);
      // Descending, and the root (no parent) last.
      expect(parents.at(-1)).toBeNull();
      const named = parents.filter((p): p is string => p !== null);
      expect(named).toEqual([...named].sort().reverse());
    });

    it.each([
      ['entityName=northwind', [NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS]],
      ['entityName=golden%20gate%20pets', ['6789-0123-LM']],
      ['entityCode=1234-5678', [NORTHWIND, NORTHWIND_AUSTIN]],
      ['typeCode=REFERRAL', [PAWS_REFERRALS]],
      ['stateCode=il', [LAKESIDE]],
      ['stateCode=TX', [HOUSE, NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS, '5678-9012-JK']],
      ['statusCode=INACTIVE', []],
    ])('filters with %s', async (filter, expected) => {
      const [key, value] = filter.split('=');
      const response = await e.get(`/v2/entities?limit=100&filter[${key}]=${value}`, ADMIN);
      expectStatus(response, 200);
      expect(codes(response.body)).toEqual([...expected].sort());
    });

    it('lists the children of one entity with filter[parentEntityId]', async () => {
      const response = await e.get(`/v2/entities?filter[parentEntityId]=${await id(NORTHWIND)}`, ADMIN);
      expect(codes(response.body)).toEqual([NORTHWIND_AUSTIN, NORTHWIND_DALLAS]);
      const row = EntitySearchResponse.parse(response.body).data[0]!;
      expect(row).toMatchObject({
        parent_entity_code: NORTHWIND,
        city: 'Austin',
        state_code: 'TX',
        child_count: 0,
      });
    });

    it('answers 422 for an unknown sort field, filter or too large a page', async () => {
      expectValidationError(await e.get('/v2/entities?sort=password', ADMIN), ['sort']);
      expectValidationError(await e.get('/v2/entities?filter[secret]=1', ADMIN), ['filter.secret']);
      expectValidationError(await e.get('/v2/entities?limit=1000', ADMIN), ['limit']);
      expectValidationError(await e.get('/v2/entities?filter[stateCode]=Texas', ADMIN), ['filter.stateCode']);
    });

    it('shows the agency manager their own subtree only, whatever the filter', async () => {
      expect(codes((await e.get('/v2/entities', MANAGER)).body)).toEqual([
        NORTHWIND,
        NORTHWIND_AUSTIN,
        NORTHWIND_DALLAS,
      ]);
      expect(codes((await e.get('/v2/entities?filter[entityName]=lakeside', MANAGER)).body)).toEqual([]);
    });

    it.each([AGENT, INTERNAL])('refuses %s without admin_ent_list or entity_search (403)', async (email) => {
      expectError(await e.get('/v2/entities', email), 403);
    });
  });

  describe('GET /v2/entities/{entityId}', () => {
    it('shows an entity with parent, ancestors, headquarters, locations and settings', async () => {
      const response = await e.get(`/v2/entities/${await id(NORTHWIND_AUSTIN)}`, ADMIN);
      expectStatus(response, 200);
      const entity = EntityResponse.parse(response.body).data;
      expect(entity).toMatchObject({
        entity_code: NORTHWIND_AUSTIN,
        status_code: 'ACTIVE',
        parent: { entity_code: NORTHWIND },
        child_count: 0,
      });
      expect(entity.ancestors.map((a) => a.entity_code)).toEqual([HOUSE, NORTHWIND]);
      expect(entity.headquarters_location).toMatchObject({
        loc_type: 'HQ',
        city: 'Austin',
        state_code: 'TX',
      });
      expect(entity.headquarters_location!.contacts[0]).toMatchObject({ name: 'Sam Patel' });
      expect(entity.locations).toHaveLength(1);
    });

    it('shows administrators internal settings and agency users exposed ones only', async () => {
      const lakeside = await id(LAKESIDE);
      const admin = EntityResponse.parse((await e.get(`/v2/entities/${lakeside}`, ADMIN)).body).data;
      expect(admin.attributes.map((a) => a.attrib_id)).toEqual(expect.arrayContaining([44, 45]));
      const northwind = await id(NORTHWIND);
      const saved = await e.patch(`/v2/entities/${northwind}/attributes`, ADMIN, {
        attributes: [{ attrib_id: 45, attrib_value: 'Watch list: late E&O renewal in 2025.' }],
      });
      expectStatus(saved, 200);
      const manager = EntityResponse.parse((await e.get(`/v2/entities/${northwind}`, MANAGER)).body).data;
      expect(manager.attributes.map((a) => a.attrib_id)).not.toContain(45);
      expect(manager.attributes.map((a) => a.attrib_id)).toContain(28);
    });

    it('starts an agency user’s breadcrumb at their own entity', async () => {
      const entity = EntityResponse.parse(
        (await e.get(`/v2/entities/${await id(NORTHWIND_DALLAS)}`, MANAGER)).body,
      ).data;
      expect(entity.ancestors.map((a) => a.entity_code)).toEqual([NORTHWIND]);
      const own = EntityResponse.parse(
        (await e.get(`/v2/entities/${await id(NORTHWIND)}`, MANAGER)).body,
      ).data;
      expect(own.parent).toBeNull();
      expect(own.ancestors).toEqual([]);
    });

    it('answers 404 outside the caller’s scope and for ids that do not exist', async () => {
      expectError(await e.get(`/v2/entities/${await id(LAKESIDE)}`, MANAGER), 404);
      expectError(await e.get(`/v2/entities/${await id(HOUSE)}`, northwindEditor), 404);
      expectError(await e.get('/v2/entities/987654', ADMIN), 404);
    });

    it('answers 422 with SPEC §5’s message for an id that is not a whole number', async () => {
      const body = expectValidationError(await e.get('/v2/entities/abc', ADMIN), ['entityId']);
      expect(body.errors.entityId).toEqual(['entityId must be an integer number']);
      expectValidationError(await e.get('/v2/entities/1.5', ADMIN), ['entityId']);
    });

    it.each([AGENT, INTERNAL])('refuses %s (403)', async (email) => {
      expectError(await e.get(`/v2/entities/${await id(NORTHWIND_AUSTIN)}`, email), 403);
    });
  });

  describe('POST /v2/entities', () => {
    it('adds an agency under its parent, quoting as its type does', async () => {
      const body = await newEntity({ entity_code: uniqueEntityCode().toLowerCase(), dba: '  Prairie Pets ' });
      const response = await e.post('/v2/entities', ADMIN, body);
      expectStatus(response, 201);
      const entity = EntityResponse.parse(response.body).data;
      expect(entity).toMatchObject({
        entity_code: body.entity_code.toUpperCase(),
        entity_name: 'Prairie Pet Agency',
        dba: 'Prairie Pets',
        status_code: 'ACTIVE',
        type_code: 'AGENCY',
        can_quote: true,
        added_to_accounting: false,
        master_entity_id: await id(NORTHWIND),
        version: 1,
        created_by: await userIdOf(db(), ADMIN),
      });
      expect(entity.ancestors.map((a) => a.entity_code)).toEqual([HOUSE, NORTHWIND]);
      const referral = await create({ type_code: 'REFERRAL' });
      expect(referral.can_quote).toBe(false);
    });

    it.each([
      ['an entity code in the wrong format', { entity_code: '12345678AB' }, 'entity_code'],
      ['an entity code with digits for letters', { entity_code: '1234-5678-12' }, 'entity_code'],
      ['an entity code that is taken', { entity_code: NORTHWIND }, 'entity_code'],
      ['no name', { entity_name: '   ' }, 'entity_name'],
      ['an unknown type', { type_code: 'BANK' }, 'type_code'],
      ['a retired type', { type_code: 'CAPTIVE' }, 'type_code'],
      ['a referral partner that quotes', { type_code: 'REFERRAL', can_quote: true }, 'can_quote'],
      ['a routing number with a bad check digit', { routing_number: '111000026' }, 'routing_number'],
      ['an unknown payout method', { payout_method: 'BITCOIN' }, 'payout_method'],
      [
        'an unknown tracking code type',
        { tracking_code: 'X1', tracking_code_type: 'RADIO' },
        'tracking_code_type',
      ],
      [
        'a tracking code without its type',
        { tracking_code: 'X1', tracking_code_type: null },
        'tracking_code_type',
      ],
      [
        'a quote app link that is not https',
        { brand_quote_app_link: 'http://quote.example' },
        'brand_quote_app_link',
      ],
      ['a parent that does not exist', { master_entity_id: 987654 }, 'master_entity_id'],
      ['no parent', { master_entity_id: null }, 'master_entity_id'],
      ['an unknown field', { is_admin: true }, 'is_admin'],
    ] as const)('answers 422 for %s', async (_what, overrides, field) => {
      const response = await e.post(
        '/v2/entities',
        ADMIN,
        await newEntity(overrides as Partial<EntityCreate>),
      );
      expectValidationError(response, [field]);
    });

    it('answers 422 for an account manager who is not staff, and takes one who is', async () => {
      const agentId = await userIdOf(db(), AGENT);
      expectValidationError(
        await e.post('/v2/entities', ADMIN, await newEntity({ account_manager: agentId })),
        ['account_manager'],
      );
      const internalId = await userIdOf(db(), INTERNAL);
      const entity = await create({
        account_manager: internalId,
        payout_method: 'rtp',
        routing_number: '021000021',
      });
      expect(entity).toMatchObject({
        account_manager: internalId,
        payout_method: 'RTP',
        routing_number: '021000021',
      });
    });

    it('answers 422 for an inactive parent', async () => {
      const parent = await create();
      expectStatus(await e.del(`/v2/entities/${parent.id}`, ADMIN), 200);
      expectValidationError(
        await e.post('/v2/entities', ADMIN, await newEntity({ master_entity_id: parent.id })),
        ['master_entity_id'],
      );
    });

    it('lets an external entity administrator add only inside their own subtree', async () => {
      const inside = await e.post(
        '/v2/entities',
        northwindEditor,
        await newEntity({ master_entity_id: await id(NORTHWIND_AUSTIN) }),
      );
      expectStatus(inside, 201);
      const outside = await e.post(
        '/v2/entities',
        northwindEditor,
        await newEntity({ master_entity_id: await id(LAKESIDE) }),
      );
      expect(expectValidationError(outside, ['master_entity_id']).errors.master_entity_id).toEqual([
        'The selected parent entity is invalid.',
      ]);
    });

    it.each([
      ['the agency manager', MANAGER],
      ['an agent', AGENT],
      ['a user who may only list entities', 'viewer'],
    ])('refuses %s (403)', async (_who, email) => {
      const response = await e.post('/v2/entities', email === 'viewer' ? viewer : email, await newEntity());
      expectError(response, 403);
    });
  });

  describe('PATCH /v2/entities/{entityId}', () => {
    it('edits the given fields only, and records who changed what', async () => {
      const entity = await create();
      const response = await e.patch(`/v2/entities/${entity.id}`, ADMIN, {
        entity_name: 'Prairie Pet Agency of Kansas',
        payout_frequency: 'QUARTERLY',
        version: entity.version,
      });
      expectStatus(response, 200);
      const edited = EntityResponse.parse(response.body).data;
      expect(edited).toMatchObject({
        entity_name: 'Prairie Pet Agency of Kansas',
        payout_frequency: 'QUARTERLY',
        type_code: 'AGENCY',
        version: entity.version + 1,
      });
      const history = HistoryResponse.parse(
        (await e.get(`/v2/entities/${entity.id}/history`, ADMIN)).body,
      ).data;
      expect(history.map((h) => h.type)).toEqual(['entity.created', 'entity.updated']);
      expect(history[1]).toMatchObject({
        actor: { name: 'Alex Morgan' },
        changes: { entityName: 'Prairie Pet Agency of Kansas', payoutFrequency: 'QUARTERLY' },
      });
    });

    it('records nothing when nothing changes', async () => {
      const entity = await create();
      const same = await e.patch(`/v2/entities/${entity.id}`, ADMIN, { entity_name: entity.entity_name });
      expect(EntityResponse.parse(same.body).data.version).toBe(entity.version);
    });

    it('answers 409 when the version the client edited is stale', async () => {
      const entity = await create();
      expectStatus(await e.patch(`/v2/entities/${entity.id}`, ADMIN, { dba: 'First' }), 200);
      expectError(
        await e.patch(`/v2/entities/${entity.id}`, ADMIN, { dba: 'Second', version: entity.version }),
        409,
      );
    });

    it('keeps the entity code fixed', async () => {
      const entity = await create();
      expectValidationError(
        await e.patch(`/v2/entities/${entity.id}`, ADMIN, { entity_code: uniqueEntityCode() }),
        ['entity_code'],
      );
    });

    it('refuses to make an entity its own parent or its own descendant’s child (422)', async () => {
      const northwind = await id(NORTHWIND);
      const self = await e.patch(`/v2/entities/${northwind}`, ADMIN, { master_entity_id: northwind });
      expectValidationError(self, ['master_entity_id']);
      const cyclic = await e.patch(`/v2/entities/${northwind}`, ADMIN, {
        master_entity_id: await id(NORTHWIND_AUSTIN),
      });
      expect(expectValidationError(cyclic, ['master_entity_id']).errors.master_entity_id![0]).toMatch(
        /own parent/,
      );
      const grandchild = await create({ master_entity_id: await id(NORTHWIND_DALLAS) });
      const deep = await e.patch(`/v2/entities/${northwind}`, ADMIN, { master_entity_id: grandchild.id });
      expectValidationError(deep, ['master_entity_id']);
    });

    it('moves an entity with its subtree under a new parent', async () => {
      const parent = await create();
      const child = await create({ master_entity_id: parent.id });
      const moved = await e.patch(`/v2/entities/${parent.id}`, ADMIN, {
        master_entity_id: await id(LAKESIDE),
      });
      expectStatus(moved, 200);
      const view = EntityResponse.parse((await e.get(`/v2/entities/${child.id}`, ADMIN)).body).data;
      expect(view.ancestors.map((a) => a.entity_code)).toEqual([HOUSE, LAKESIDE, parent.entity_code]);
      // Out of Northwind's subtree now: the Northwind manager no longer finds either.
      expectError(await e.get(`/v2/entities/${child.id}`, MANAGER), 404);
    });

    it('lets an external entity administrator edit inside their subtree only (404 outside)', async () => {
      const austin = await id(NORTHWIND_AUSTIN);
      expectStatus(
        await e.patch(`/v2/entities/${austin}`, northwindEditor, { dba: 'Northwind Hyde Park' }),
        200,
      );
      expectError(await e.patch(`/v2/entities/${await id(LAKESIDE)}`, northwindEditor, { dba: 'x' }), 404);
      // Nor can they move their own entity out of their subtree.
      const lift = await e.patch(`/v2/entities/${await id(NORTHWIND)}`, northwindEditor, {
        master_entity_id: await id(LAKESIDE),
      });
      expectValidationError(lift, ['master_entity_id']);
    });

    it.each([MANAGER, AGENT])('refuses %s (403)', async (email) => {
      expectError(await e.patch(`/v2/entities/${await id(NORTHWIND_AUSTIN)}`, email, { dba: 'x' }), 403);
    });

    it('refuses a user who may only list entities (403)', async () => {
      expectError(await e.patch(`/v2/entities/${await id(NORTHWIND_AUSTIN)}`, viewer, { dba: 'x' }), 403);
    });
  });

  describe('DELETE /v2/entities/{entityId}', () => {
    it('deactivates a leaf entity, refuses edits until it is reactivated, and keeps the history', async () => {
      const entity = await create();
      const gone = await e.del(`/v2/entities/${entity.id}`, ADMIN);
      expectStatus(gone, 200);
      expect(EntityResponse.parse(gone.body).data.status_code).toBe('INACTIVE');
      expectError(await e.del(`/v2/entities/${entity.id}`, ADMIN), 409);
      expect(
        expectError(await e.patch(`/v2/entities/${entity.id}`, ADMIN, { dba: 'x' }), 409).message,
      ).toMatch(/Reactivate/);
      const location = {
        loc_type: 'BRANCH',
        name: 'x',
        address_1: '1 Main St',
        city: 'Wichita',
        state_code: 'KS',
        zip: '67202',
      };
      expectError(await e.post(`/v2/entities/${entity.id}/locations`, ADMIN, location), 409);
      const search = await e.get('/v2/entities?filter[statusCode]=INACTIVE&limit=100', ADMIN);
      expect(codes(search.body)).toContain(entity.entity_code);

      const back = await e.patch(`/v2/entities/${entity.id}`, ADMIN, {
        status_code: 'ACTIVE',
        dba: 'Back again',
      });
      expectStatus(back, 200);
      expect(EntityResponse.parse(back.body).data).toMatchObject({
        status_code: 'ACTIVE',
        dba: 'Back again',
      });
      const history = HistoryResponse.parse(
        (await e.get(`/v2/entities/${entity.id}/history`, ADMIN)).body,
      ).data;
      expect(history.map((h) => h.type)).toEqual([
        'entity.created',
        'entity.deactivated',
        'entity.reactivated',
        'entity.updated',
      ]);
    });

    it('keeps the staff of a deactivated entity out until it is reactivated', async () => {
      const entity = await create();
      const staff = await userWith(db(), {
        entityCode: entity.entity_code,
        userType: 'external',
        privilegeCodes: ['quote_new'],
      });
      const tokens = await s.api.login(staff);
      expectStatus(await e.del(`/v2/entities/${entity.id}`, ADMIN), 200);
      expectError(await s.api.get('/v2/my/profile', { token: tokens.accessToken }), 401);
      const refused = await s.api.post('/v2/auth', { email: staff, password: DEMO_PASSWORD });
      expectValidationError(refused, ['email']);
      expectStatus(await e.patch(`/v2/entities/${entity.id}`, ADMIN, { status_code: 'ACTIVE' }), 200);
      await s.api.login(staff);
    });

    it('refuses to deactivate an entity with active children (409), and to reactivate under an inactive parent', async () => {
      const parent = await create();
      const child = await create({ master_entity_id: parent.id });
      const refused = expectError(await e.del(`/v2/entities/${parent.id}`, ADMIN), 409);
      expect(refused.message).toMatch(/1 active child entity/);
      expectStatus(await e.del(`/v2/entities/${child.id}`, ADMIN), 200);
      expectStatus(await e.del(`/v2/entities/${parent.id}`, ADMIN), 200);
      const orphan = await e.patch(`/v2/entities/${child.id}`, ADMIN, { status_code: 'ACTIVE' });
      expect(expectError(orphan, 409).message).toMatch(/parent/);
    });

    it('refuses to deactivate the caller’s own entity (409)', async () => {
      const austinAdmin = await userWith(db(), {
        entityCode: NORTHWIND_AUSTIN,
        userType: 'external',
        privilegeCodes: ['admin_ent_delete'],
      });
      expectError(await e.del(`/v2/entities/${await id(NORTHWIND_AUSTIN)}`, austinAdmin), 409);
    });

    it('answers 404 outside the scope and 403 without admin_ent_delete', async () => {
      expectError(await e.del(`/v2/entities/${await id(LAKESIDE)}`, northwindEditor), 404);
      expectError(await e.del(`/v2/entities/${await id(NORTHWIND_AUSTIN)}`, MANAGER), 403);
      expectError(await e.del(`/v2/entities/${await id(NORTHWIND_AUSTIN)}`, adder), 403);
    });
  });

  describe('GET /v2/entities/{entityId}/history', () => {
    it('shows each event with who and when, oldest first', async () => {
      const history = HistoryResponse.parse(
        (await e.get(`/v2/entities/${await id(NORTHWIND)}/history`, ADMIN)).body,
      ).data;
      expect(history[0]).toMatchObject({ version: 1, type: 'entity.created', actor: null });
      expect(history.map((h) => h.type)).toContain('entity.locationAdded');
      expect(history.map((h) => h.version)).toEqual(history.map((_, i) => i + 1));
    });

    it('is for entity administrators: 403 for the agency manager, 404 outside the scope', async () => {
      expectError(await e.get(`/v2/entities/${await id(NORTHWIND)}/history`, MANAGER), 403);
      expectError(await e.get(`/v2/entities/${await id(LAKESIDE)}/history`, northwindEditor), 404);
    });
  });
});
