import { describe, expect, it } from 'vitest';
import {
  AttributeFormResponse,
  EntityAttributesResponse,
  type AttributeInput,
} from '../../src/api/schemas/attributes';
import { MyEntitiesResponse } from '../../src/api/schemas/session';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import {
  ADMIN,
  AGENT,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
} from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A 1×1 transparent PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// Entity settings: the attribute form of SPEC §3 and values checked against its rules (SPEC §5).
describe.each(testDatabases())('entity settings on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const id = (code: string) => entityIdOf(db(), code);
  const save = async (email: string, entityCode: string, attributes: unknown[]) =>
    e.patch(`/v2/entities/${await id(entityCode)}/attributes`, email, { attributes });
  const values = async (email: string, entityCode: string) =>
    new Map(
      EntityAttributesResponse.parse(
        (await e.get(`/v2/entities/${await id(entityCode)}/attributes`, email)).body,
      ).data.map((v) => [v.attrib_id, v.attrib_value]),
    );
  const inputs = async (email: string): Promise<AttributeInput[]> =>
    AttributeFormResponse.parse((await e.get('/v2/attribute-forms', email)).body).data.flatMap(
      (section) => section.inputs,
    );

  describe('GET /v2/attribute-forms', () => {
    it('answers sections of inputs with SPEC §3’s fields, attribute 28 being agent dashboard access', async () => {
      const response = await e.get('/v2/attribute-forms', ADMIN);
      expectStatus(response, 200);
      const sections = AttributeFormResponse.strict().parse(response.body).data;
      expect(sections.map((section) => section.code)).toEqual([
        'portal',
        'quoting',
        'branding',
        'compliance',
        'commission',
      ]);
      for (const section of sections) expect(section.name && section.description).toBeTruthy();
      const all = sections.flatMap((section) => section.inputs);
      const dashboard = all.find((i) => i.id === 28)!;
      expect(dashboard).toMatchObject({
        attributeId: 28,
        type: 'select',
        typeCode: 'select',
        name: 'agent_dashboard_access',
        defaultValue: '0',
        isRequired: true,
        isReadonly: true,
        isExposed: true,
        isArray: false,
        acceptsMultipleValues: false,
      });
      expect(dashboard.options.map((o) => [o.value, o.name, o.label])).toEqual([
        ['0', 'No', 'No'],
        ['1', 'Yes', 'Yes'],
      ]);
      const states = all.find((i) => i.name === 'quoting_allowed_states')!;
      expect(states).toMatchObject({ isArray: true, isDelimited: true });
      expect(states.options.length).toBeGreaterThanOrEqual(51);
      expect(all.find((i) => i.name === 'max_discount_percent')!.validationRules).toEqual([
        { type: 'min', value: 0 },
        { type: 'max', value: 25 },
        { type: 'step', value: 0.5 },
      ]);
      expect(all.find((i) => i.name === 'dashboard_widgets')!.dependencyId).toBe(28);
      // Read-only is the default; the few an agency edits say so.
      expect(all.filter((i) => !i.isReadonly).length).toBeLessThan(all.length);
    });

    it('shows agency users the exposed inputs only', async () => {
      const manager = await inputs(MANAGER);
      expect(manager.every((i) => i.isExposed)).toBe(true);
      expect(manager.map((i) => i.name)).not.toContain('internal_notes');
      expect((await inputs(ADMIN)).map((i) => i.name)).toContain('internal_notes');
    });

    it.each([AGENT, INTERNAL])('refuses %s without a settings privilege (403)', async (email) => {
      expectError(await e.get('/v2/attribute-forms', email), 403);
    });
  });

  describe('PATCH /v2/entities/{entityId}/attributes', () => {
    it('saves values, normalising delimited lists, and leaves the others as they were', async () => {
      const response = await save(ADMIN, NORTHWIND_DALLAS, [
        { attrib_id: 31, attrib_value: ' TX , OK,LA ' },
        { attrib_id: 32, attrib_value: '12.5' },
        { attrib_id: 38, attrib_value: 'NPN-55512345' },
      ]);
      expectStatus(response, 200);
      const saved = await values(ADMIN, NORTHWIND_DALLAS);
      expect(saved.get(31)).toBe('TX,OK,LA');
      expect(saved.get(32)).toBe('12.5');
      await save(ADMIN, NORTHWIND_DALLAS, [{ attrib_id: 32, attrib_value: '5' }]);
      expect((await values(ADMIN, NORTHWIND_DALLAS)).get(31)).toBe('TX,OK,LA');
    });

    it('switches the agent dashboard on for the entity’s users (attribute 28)', async () => {
      const austin = NORTHWIND_AUSTIN;
      expectStatus(await save(ADMIN, austin, [{ attrib_id: 28, attrib_value: '1' }]), 200);
      const entities = MyEntitiesResponse.parse(
        (await s.api.get('/v2/my/entities', { token: await e.tokenOf(AGENT) })).body,
      );
      expect(entities.acting.attributes).toContainEqual({ attributeId: 28, value: '1' });
    });

    it.each([
      ['a number above its maximum', 32, '30', /greater than 25/],
      ['a number off its step', 32, '12.3', /multiple of 0.5/],
      ['text for a number', 32, 'ten', /must be a number/],
      ['a whole-number setting with a fraction', 34, '7.5', /whole number/],
      ['a value that is not an option', 28, '2', /invalid/],
      ['a state that is not an option', 31, 'TX,ZZ', /invalid/],
      ['a state listed twice', 31, 'TX,TX', /twice/],
      ['an email that is not one', 42, 'a@b.example,not-an-email', /not-an-email is not a valid email/],
      [
        'too many emails',
        42,
        'a@x.example,b@x.example,c@x.example,d@x.example,e@x.example,f@x.example',
        /at most 5/,
      ],
      ['a plain-http website', 35, 'http://agency.example', /https/],
      ['a licence number in the wrong form', 38, 'lic 1', /5 to 20 capital letters/],
      ['an E&O expiry date in the past', 41, '2020-01-01', /after/],
      ['a date that is not one', 41, '2027-02-30', /date/],
      ['an empty required setting', 28, '', /is required/],
      ['text longer than its maximum', 37, 'x'.repeat(501), /500 characters/],
    ])('answers 422 under attributes.<id> for %s', async (_what, attribId, value, message) => {
      const body = expectValidationError(
        await save(ADMIN, NORTHWIND_DALLAS, [{ attrib_id: attribId, attrib_value: value }]),
        [`attributes.${attribId}`],
      );
      expect(body.errors[`attributes.${attribId}`]!.join(' ')).toMatch(message);
    });

    it('requires a dependant setting once the one it depends on is given', async () => {
      const response = await save(ADMIN, NORTHWIND_AUSTIN, [{ attrib_id: 40, attrib_value: 'EO-7788' }]);
      expectValidationError(response, ['attributes.41']);
      expectStatus(
        await save(ADMIN, NORTHWIND_AUSTIN, [
          { attrib_id: 40, attrib_value: 'EO-7788' },
          { attrib_id: 41, attrib_value: '2030-01-31' },
        ]),
        200,
      );
    });

    it('saves nothing when any value is wrong', async () => {
      const before = await values(ADMIN, NORTHWIND_DALLAS);
      const response = await save(ADMIN, NORTHWIND_DALLAS, [
        { attrib_id: 34, attrib_value: '45' },
        { attrib_id: 32, attrib_value: '99' },
      ]);
      expectValidationError(response, ['attributes.32']);
      expect(await values(ADMIN, NORTHWIND_DALLAS)).toEqual(before);
    });

    it('keeps a logo as a data URL of an allowed type and size, and clears it with its value', async () => {
      expectStatus(
        await save(ADMIN, NORTHWIND_DALLAS, [{ attrib_id: 36, attrib_value: 'logo.png', data_url: PNG }]),
        200,
      );
      const stored = EntityAttributesResponse.parse(
        (await e.get(`/v2/entities/${await id(NORTHWIND_DALLAS)}/attributes`, ADMIN)).body,
      ).data.find((v) => v.attrib_id === 36)!;
      expect(stored).toMatchObject({ attrib_value: 'logo.png', data_url: PNG });
      const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      expectValidationError(
        await save(ADMIN, NORTHWIND_DALLAS, [{ attrib_id: 36, attrib_value: 'a.gif', data_url: gif }]),
        ['attributes.36'],
      );
      const huge = `data:image/png;base64,${'A'.repeat(300_000)}`;
      expectValidationError(
        await save(ADMIN, NORTHWIND_DALLAS, [{ attrib_id: 36, attrib_value: 'big.png', data_url: huge }]),
        ['attributes.36'],
      );
      expectValidationError(
        await save(ADMIN, NORTHWIND_DALLAS, [
          { attrib_id: 35, attrib_value: 'https://a.example', data_url: PNG },
        ]),
        ['attributes.35'],
      );
      await save(ADMIN, NORTHWIND_DALLAS, [{ attrib_id: 36, attrib_value: null }]);
      const cleared = EntityAttributesResponse.parse(
        (await e.get(`/v2/entities/${await id(NORTHWIND_DALLAS)}/attributes`, ADMIN)).body,
      ).data.find((v) => v.attrib_id === 36)!;
      expect(cleared).toMatchObject({ attrib_value: null, data_url: null });
      // The history says a file was set, without its bytes.
      const history = (await e.get(`/v2/entities/${await id(NORTHWIND_DALLAS)}/history`, ADMIN)).text;
      expect(history).not.toContain('iVBORw0KGgo');
      expect(history).toContain('(file, 1 KB)');
    });

    it('answers 422 for an unknown setting or one given twice', async () => {
      expectValidationError(await save(ADMIN, NORTHWIND_DALLAS, [{ attrib_id: 999, attrib_value: '1' }]), [
        'attributes.999',
      ]);
      expectValidationError(
        await save(ADMIN, NORTHWIND_DALLAS, [
          { attrib_id: 33, attrib_value: 'ACH' },
          { attrib_id: 33, attrib_value: 'CARD' },
        ]),
        ['attributes.33'],
      );
      expectValidationError(
        await e.patch(`/v2/entities/${await id(NORTHWIND_DALLAS)}/attributes`, ADMIN, { attributes: [] }),
        ['attributes'],
      );
    });

    it('lets the agency manager change editable settings of their own entities only', async () => {
      expectStatus(
        await save(MANAGER, NORTHWIND_AUSTIN, [
          { attrib_id: 33, attrib_value: 'ACH' },
          { attrib_id: 35, attrib_value: 'https://austin.northwindpets.example' },
        ]),
        200,
      );
      expect((await values(MANAGER, NORTHWIND_AUSTIN)).get(35)).toBe('https://austin.northwindpets.example');
      // Read-only settings: refused when changed, accepted when sent back unchanged (a whole form saved).
      const readOnly = await save(MANAGER, NORTHWIND, [{ attrib_id: 32, attrib_value: '20' }]);
      expect(expectValidationError(readOnly, ['attributes.32']).errors['attributes.32']).toEqual([
        'You may not change this setting.',
      ]);
      expectStatus(await save(MANAGER, NORTHWIND, [{ attrib_id: 32, attrib_value: '15' }]), 200);
      // Internal settings do not exist for them.
      expectValidationError(await save(MANAGER, NORTHWIND, [{ attrib_id: 45, attrib_value: 'x' }]), [
        'attributes.45',
      ]);
      expectError(await save(MANAGER, LAKESIDE, [{ attrib_id: 33, attrib_value: 'ACH' }]), 404);
      expectError(await e.get(`/v2/entities/${await id(LAKESIDE)}/attributes`, MANAGER), 404);
    });

    it('refuses users without entity_settings_edit or admin_ent_edit (403)', async () => {
      const viewerOnly = await userWith(db(), {
        entityCode: NORTHWIND,
        userType: 'external',
        privilegeCodes: ['entity_search', 'entity_settings_view'],
      });
      expectStatus(await e.get(`/v2/entities/${await id(NORTHWIND)}/attributes`, viewerOnly), 200);
      expectError(await save(viewerOnly, NORTHWIND, [{ attrib_id: 33, attrib_value: 'ACH' }]), 403);
      expectError(await save(AGENT, NORTHWIND_AUSTIN, [{ attrib_id: 33, attrib_value: 'ACH' }]), 403);
      expectError(await e.get(`/v2/entities/${await id(NORTHWIND_AUSTIN)}/attributes`, AGENT), 403);
    });
  });
});
