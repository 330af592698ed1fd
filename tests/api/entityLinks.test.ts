import { describe, expect, it } from 'vitest';
import {
  DiscountStatesResponse,
  EntityUnderwritingQuestionsResponse,
  QuoteSourceListResponse,
  QuoteSourceResponse,
  UnderwritingQuestionListResponse,
} from '../../src/api/schemas/entities';
import {
  AccountManagerListResponse,
  CodeListResponse,
  EntityCodeListResponse,
  EntityNameListResponse,
  EntityOptionListResponse,
  EntityTypeListResponse,
  EventTypeListResponse,
} from '../../src/api/schemas/entityLists';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import {
  ACCOUNTING,
  ADMIN,
  AGENT,
  ALL_ENTITY_CODES,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
  REPORTS,
} from '../support/personas';
import { entityIdOf, setEntityActive } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// An entity's underwriting questions, quote sources and discount states, and the entity lists (SPEC §7).
describe.each(testDatabases())('entity links and lists on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const id = (code: string) => entityIdOf(db(), code);

  describe('underwriting questions', () => {
    it('serves the pet underwriting questions to any signed-in user', async () => {
      const questions = UnderwritingQuestionListResponse.parse(
        (await e.get('/v2/underwriting-questions', AGENT)).body,
      ).data;
      expect(questions.length).toBeGreaterThanOrEqual(8);
      expect(questions.find((q) => q.species === 'DOG')).toBeDefined();
      expectError(await s.api.get('/v2/underwriting-questions'), 401);
    });

    it('sets the questions an entity asks; dropped ones stay linked, disabled, with their ids', async () => {
      const dallas = await id(NORTHWIND_DALLAS);
      const first = await e.patch(`/v2/entities/${dallas}/underwriting-questions`, ADMIN, {
        underwritingQuestionIds: [1, 2, 9],
      });
      expectStatus(first, 200);
      const links = EntityUnderwritingQuestionsResponse.strict().parse(first.body).data;
      expect(links.map((l) => [l.uw_question_id, l.enabled])).toEqual([
        [1, true],
        [2, true],
        [9, true],
      ]);
      expect(links[0]).toMatchObject({ entityId: dallas });
      const second = EntityUnderwritingQuestionsResponse.parse(
        (
          await e.patch(`/v2/entities/${dallas}/underwriting-questions`, ADMIN, {
            underwritingQuestionIds: [2, 4],
          })
        ).body,
      ).data;
      expect(second.map((l) => [l.uw_question_id, l.enabled])).toEqual([
        [1, false],
        [2, true],
        [4, true],
        [9, false],
      ]);
      expect(second.find((l) => l.uw_question_id === 2)!.id).toBe(
        links.find((l) => l.uw_question_id === 2)!.id,
      );
      const read = await e.get(`/v2/entities/${dallas}/underwriting-questions`, ADMIN);
      expect(EntityUnderwritingQuestionsResponse.parse(read.body).data).toEqual(second);
    });

    it('answers 422 for unknown questions or a body that is not a list of ids', async () => {
      const dallas = await id(NORTHWIND_DALLAS);
      expectValidationError(
        await e.patch(`/v2/entities/${dallas}/underwriting-questions`, ADMIN, {
          underwritingQuestionIds: [999],
        }),
        ['underwritingQuestionIds'],
      );
      expectValidationError(
        await e.patch(`/v2/entities/${dallas}/underwriting-questions`, ADMIN, {
          underwritingQuestionIds: ['1'],
        }),
        ['underwritingQuestionIds.0'],
      );
    });

    it('is for entity administrators (403 for the agency manager, 404 outside scope)', async () => {
      expectError(await e.get(`/v2/entities/${await id(NORTHWIND)}/underwriting-questions`, MANAGER), 403);
      expectError(
        await e.patch(`/v2/entities/${await id(NORTHWIND)}/underwriting-questions`, MANAGER, {
          underwritingQuestionIds: [],
        }),
        403,
      );
      expectError(await e.get('/v2/entities/987654/underwriting-questions', ADMIN), 404);
    });
  });

  describe('quote sources', () => {
    it('adds, renames and disables an entity’s quote sources', async () => {
      const austin = await id(NORTHWIND_AUSTIN);
      const added = await e.post(`/v2/entities/${austin}/quote-sources`, ADMIN, {
        code: 'walk_in',
        name: 'Walk-in customers',
      });
      expectStatus(added, 201);
      const source = QuoteSourceResponse.parse(added.body).data;
      expect(source).toMatchObject({ entity_id: austin, code: 'WALK_IN', is_enabled: true });
      const edited = await e.patch(`/v2/entities/${austin}/quote-sources/${source.id}`, ADMIN, {
        is_enabled: false,
        name: 'Walk-ins',
      });
      expect(QuoteSourceResponse.parse(edited.body).data).toMatchObject({
        name: 'Walk-ins',
        is_enabled: false,
      });
      const list = QuoteSourceListResponse.parse(
        (await e.get(`/v2/entities/${austin}/quote-sources`, ADMIN)).body,
      ).data;
      expect(list.map((q) => q.code)).toEqual(['WALK_IN']);
    });

    it('answers 422 for a code the entity already has or a malformed one, 404 for another entity’s source', async () => {
      const northwind = await id(NORTHWIND);
      expectValidationError(
        await e.post(`/v2/entities/${northwind}/quote-sources`, ADMIN, { code: 'WEBSITE', name: 'Again' }),
        ['code'],
      );
      expectValidationError(
        await e.post(`/v2/entities/${northwind}/quote-sources`, ADMIN, { code: '1 bad', name: 'x' }),
        ['code'],
      );
      expectValidationError(
        await e.post(`/v2/entities/${northwind}/quote-sources`, ADMIN, { code: 'OK', name: '' }),
        ['name'],
      );
      const source = QuoteSourceListResponse.parse(
        (await e.get(`/v2/entities/${northwind}/quote-sources`, ADMIN)).body,
      ).data[0]!;
      expectError(
        await e.patch(`/v2/entities/${await id(LAKESIDE)}/quote-sources/${source.id}`, ADMIN, { name: 'x' }),
        404,
      );
    });

    it('refuses the agency manager (403)', async () => {
      expectError(await e.get(`/v2/entities/${await id(NORTHWIND)}/quote-sources`, MANAGER), 403);
      expectError(
        await e.post(`/v2/entities/${await id(NORTHWIND)}/quote-sources`, MANAGER, { code: 'X1', name: 'x' }),
        403,
      );
    });
  });

  describe('discount state availabilities', () => {
    it('replaces the entity’s discount states with the posted state codes', async () => {
      const dallas = await id(NORTHWIND_DALLAS);
      const response = await e.post(`/v2/entities/${dallas}/discount-state-availabilities`, ADMIN, {
        state_codes: ['tx', 'OK', 'TX'],
      });
      expectStatus(response, 200);
      expect(DiscountStatesResponse.parse(response.body).data).toEqual([
        { state_code: 'OK', name: 'Oklahoma' },
        { state_code: 'TX', name: 'Texas' },
      ]);
      const cleared = await e.post(`/v2/entities/${dallas}/discount-state-availabilities`, ADMIN, {
        state_codes: [],
      });
      expect(DiscountStatesResponse.parse(cleared.body).data).toEqual([]);
    });

    it('answers 422 for unknown state codes and 403 for the agency manager', async () => {
      const dallas = await id(NORTHWIND_DALLAS);
      expectValidationError(
        await e.post(`/v2/entities/${dallas}/discount-state-availabilities`, ADMIN, { state_codes: ['ZZ'] }),
        ['state_codes'],
      );
      expectError(await e.get(`/v2/entities/${dallas}/discount-state-availabilities`, MANAGER), 403);
    });
  });

  describe('lists', () => {
    it.each([
      ['/v2/lists/entity/statuses', ['ACTIVE', 'INACTIVE']],
      ['/v2/lists/entity/tracking-code-types', ['AFFILIATE', 'CAMPAIGN', 'PARTNER', 'PRODUCER']],
      ['/v2/lists/entity/location-types', ['HQ', 'BRANCH', 'MAILING', 'BILLING']],
      ['/v2/lists/payout-frequencies', ['MONTHLY', 'QUARTERLY', 'SEMIANNUAL', 'ANNUAL']],
      ['/v2/lists/payout-methods', ['ACH', 'RTP', 'CHECK', 'WIRE']],
    ])('%s answers code/description items', async (path, expected) => {
      const items = CodeListResponse.strict().parse((await e.get(path, AGENT)).body).data;
      expect(items.map((i) => i.code)).toEqual(expected);
      expect(items.every((i) => i.description.length > 0)).toBe(true);
    });

    it('lists entity types with their quoting and enabled flags', async () => {
      const types = EntityTypeListResponse.parse((await e.get('/v2/lists/entity/types', INTERNAL)).body).data;
      expect(types.find((t) => t.type_code === 'REFERRAL')).toMatchObject({
        can_quote: false,
        is_enabled: true,
      });
      expect(types.find((t) => t.type_code === 'CAPTIVE')).toMatchObject({ is_enabled: false });
    });

    it('filters event types with isEnabled', async () => {
      const all = EventTypeListResponse.parse((await e.get('/v2/lists/event-types', ADMIN)).body).data;
      const enabled = EventTypeListResponse.parse(
        (await e.get('/v2/lists/event-types?isEnabled=true', ADMIN)).body,
      ).data;
      const disabled = EventTypeListResponse.parse(
        (await e.get('/v2/lists/event-types?isEnabled=0', ADMIN)).body,
      ).data;
      expect(enabled.length + disabled.length).toBe(all.length);
      expect(enabled.every((t) => t.is_enabled) && disabled.every((t) => !t.is_enabled)).toBe(true);
      expect(disabled.length).toBeGreaterThan(0);
      expectValidationError(await e.get('/v2/lists/event-types?isEnabled=maybe', ADMIN), ['isEnabled']);
    });

    it('lists staff as account managers, for those who assign or filter by them', async () => {
      const managers = AccountManagerListResponse.parse(
        (await e.get('/v2/lists/entity/account-managers', ACCOUNTING)).body,
      ).data;
      expect(managers.map((m) => m.email)).toEqual(expect.arrayContaining([ADMIN, INTERNAL]));
      expect(managers.map((m) => m.email)).not.toContain(AGENT);
      expectError(await e.get('/v2/lists/entity/account-managers', AGENT), 403);
      expectError(await e.get('/v2/lists/entity/account-managers', MANAGER), 403);
    });

    it('finds entities by a term in code, name or dba, best matches first', async () => {
      const found = EntityOptionListResponse.parse(
        (await e.get('/v2/lists/entities?term=north', ADMIN)).body,
      ).data;
      expect(found.map((f) => f.entity_code).sort()).toEqual([NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS]);
      const codes = EntityCodeListResponse.strict().parse(
        (await e.get('/v2/lists/entity/codes?term=2345', ADMIN)).body,
      ).data;
      // Codes starting with the term come before codes merely containing it.
      expect(codes.map((c) => c.entity_code)).toEqual([LAKESIDE, '8901-2345-RS']);
      const names = EntityNameListResponse.strict().parse(
        (await e.get('/v2/lists/entity/names?term=golden%20gate%20pets', REPORTS)).body,
      ).data;
      expect(names.map((n) => n.entity_name)).toEqual(['Golden Gate Pet Insurance Brokers']);
      const all = EntityOptionListResponse.parse(
        (await e.get('/v2/lists/entities?limit=50', ADMIN)).body,
      ).data;
      expect(all).toHaveLength(ALL_ENTITY_CODES.length);
      expectValidationError(await e.get('/v2/lists/entities?limit=500', ADMIN), ['limit']);
    });

    it('keeps external users to their own subtree, and leaves inactive entities out unless asked', async () => {
      const mine = EntityOptionListResponse.parse((await e.get('/v2/lists/entities', MANAGER)).body).data;
      expect(mine.map((m) => m.entity_code).sort()).toEqual([NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS]);
      const agent = EntityOptionListResponse.parse(
        (await e.get('/v2/lists/entities?term=lakeside', AGENT)).body,
      ).data;
      expect(agent).toEqual([]);
      await setEntityActive(db(), NORTHWIND_DALLAS, false);
      try {
        const active = EntityOptionListResponse.parse(
          (await e.get('/v2/lists/entities?term=dallas', ADMIN)).body,
        ).data;
        expect(active).toEqual([]);
        const any = EntityOptionListResponse.parse(
          (await e.get('/v2/lists/entities?term=dallas&includeInactive=true', ADMIN)).body,
        ).data;
        expect(any.map((a) => a.status_code)).toEqual(['INACTIVE']);
      } finally {
        await setEntityActive(db(), NORTHWIND_DALLAS, true);
      }
    });
  });
});
