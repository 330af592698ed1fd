import { describe, expect, it } from 'vitest';
import { businessMonth } from '../../support/businessToday';
import { ADMIN, HOUSE } from '../../support/personas';
import { entityIdOf } from '../../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../../support/rentersPolicyFixtures';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §3's administration records as a SPEC client reads them: entity attributes and their values, url
// items, quote sources, role-privilege assignments, rate rules with state_code and a batch save's storage
// status, created/updated at/by on locations, contacts, statements and overrides, and the fuller brand. The
// client reads the answers by SPEC's names only and checks them against what it did itself.
type Json = Record<string, unknown>;
type Actor = { id: number | null; name: string } | null;

const WEBSITE_ATTRIBUTE = 35;

describe.each(testDatabases())(
  'SPEC §3 administration records, as a SPEC client reads them, on %s',
  (database) => {
    const s = useTestServer(database);

    const signIn = async () => {
      const login = await s.api.post('/v2/auth', { email: ADMIN, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
      const token = (login.body as { accessToken: string }).accessToken;
      const profile = await s.api.get('/v2/my/profile', { token });
      expect(profile.status).toBe(200);
      const me = (profile.body as { data: { id: number; name: string } }).data;
      const call = async (method: string, path: string, body?: unknown, status = 200) => {
        const response = await s.api.request(method, path, { token, ...(body !== undefined && { body }) });
        expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
        return response.body as { data: unknown };
      };
      return { token, me, call };
    };

    // A fresh agency under the house, so what the client reads is what it did.
    const newAgency = async (call: Awaited<ReturnType<typeof signIn>>['call'], code: string) => {
      const created = await call(
        'POST',
        '/v2/entities',
        {
          entity_code: code,
          entity_name: `SPEC Agency ${code}`,
          master_entity_id: await entityIdOf(s.t.server.database.db, HOUSE),
          type_code: 'AGENCY',
        },
        201,
      );
      return (created.data as { id: number }).id;
    };

    it('reads an entity attribute with its options, its value with an id, and the url items', async () => {
      const { call } = await signIn();
      const sections = (await call('GET', '/v2/attribute-forms')).data as { inputs: Json[] }[];
      const inputs = sections.flatMap((section) => section.inputs);
      for (const input of inputs) {
        for (const key of ['id', 'code', 'name', 'description', 'type', 'options'])
          expect(input).toHaveProperty(key);
        for (const option of input.options as Json[]) {
          expect(option).toMatchObject({
            attribute_id: input.id,
            attributeId: input.id,
            is_enabled: true,
            enabled: true,
          });
          expect(typeof option.id).toBe('number');
          expect(typeof option.value).toBe('string');
          expect(typeof option.label).toBe('string');
        }
      }
      expect(inputs.some((input) => (input.options as Json[]).length > 0)).toBe(true);
      const website = inputs.find((input) => input.id === WEBSITE_ATTRIBUTE)!;
      expect(website).toMatchObject({ code: 'website_url', type: 'url' });

      const entityId = await newAgency(call, '8810-0001-SA');
      const url = 'https://www.example.test/spec-agency';
      const saved = await call('PATCH', `/v2/entities/${entityId}/attributes`, {
        attributes: [{ attrib_id: WEBSITE_ATTRIBUTE, attrib_value: url }],
      });
      const value = (saved.data as Json[]).find((v) => v.attrib_id === WEBSITE_ATTRIBUTE)!;
      expect(value).toMatchObject({ entity_id: entityId, attrib_value: url });
      expect(typeof value.id).toBe('number');
      const read = (await call('GET', `/v2/entities/${entityId}/attributes`)).data as Json[];
      expect(read.find((v) => v.attrib_id === WEBSITE_ATTRIBUTE)?.id).toBe(value.id);

      const entity = (await call('GET', `/v2/entities/${entityId}`)).data as { url_items: Json[] };
      expect(entity.url_items).toEqual([{ id: value.id, label: website.label, url }]);
    });

    it('reads a quote source with its label', async () => {
      const { call } = await signIn();
      const entityId = await newAgency(call, '8810-0002-SA');
      const created = (
        await call(
          'POST',
          `/v2/entities/${entityId}/quote-sources`,
          { code: 'SPEC_WEB', name: 'Our website' },
          201,
        )
      ).data as Json;
      expect(created).toMatchObject({ entity_id: entityId, code: 'SPEC_WEB', label: 'Our website' });
      const listed = (await call('GET', `/v2/entities/${entityId}/quote-sources`)).data as Json[];
      expect(listed.find((source) => source.id === created.id)).toMatchObject({ label: 'Our website' });
    });

    it('reads each role-privilege assignment with its own id and the role id', async () => {
      const { call, me } = await signIn();
      const role = (
        await call(
          'POST',
          '/v2/roles',
          { role_name: 'SPEC assignment reader', privileges: ['admin_ent_list', 'admin_role_list'] },
          201,
        )
      ).data as { id: number; privileges: Json[] };
      const read = (await call('GET', `/v2/roles/${role.id}`)).data as { privileges: Json[] };
      expect(read.privileges.map((p) => p.priv_code).sort()).toEqual(['admin_ent_list', 'admin_role_list']);
      for (const assignment of read.privileges) {
        expect(assignment.role_id).toBe(role.id);
        expect(typeof assignment.id).toBe('number');
        expect(typeof assignment.privilege_id).toBe('number');
        expect((assignment.assigned_by as Actor)?.id).toBe(me.id);
        expect(typeof assignment.assigned_at).toBe('string');
      }
      expect(new Set(read.privileges.map((p) => p.id)).size).toBe(2);
      // An assignment left in place keeps its id when the role's privileges change.
      const kept = read.privileges.find((p) => p.priv_code === 'admin_ent_list')!;
      const changed = (
        await call('PATCH', `/v2/roles/${role.id}`, { privileges: ['admin_ent_list', 'admin_user_list'] })
      ).data as { privileges: Json[] };
      expect(changed.privileges.find((p) => p.priv_code === 'admin_ent_list')?.id).toBe(kept.id);
    });

    it('saves rate rules in a batch, each with its storage status and conflict code, and reads state_code', async () => {
      const { call } = await signIn();
      const entityId = await newAgency(call, '8810-0003-SA');
      const rule = (overrides: Json) => ({
        business_type: 'NEW',
        calculation_type: 'PERCENT',
        event_code: 'NB',
        state_codes: ['TX'],
        species: 'DOG',
        pay_multiplier: 12.5,
        effective_date: '2031-01-01',
        expiration_date: null,
        ...overrides,
      });
      const path = `/v2/entities/${entityId}/commission-configs`;
      const first = (
        await call('POST', `${path}/batch`, {
          data: [
            rule({}),
            rule({ state_codes: ['TX', 'OK'], effective_date: '2031-06-01' }),
            rule({ species: 'CAT', state_codes: ['OK', 'KS'] }),
            rule({ event_code: 'ZZ' }),
          ],
        })
      ).data as Json[];
      expect(first.map((r) => [r.batch_storage_status, r.batch_storage_conflict_code])).toEqual([
        ['STORED', null],
        ['CONFLICT', 'OVERLAPS_BATCH_RULE'],
        ['STORED', null],
        ['INVALID', null],
      ]);
      expect(first[0]).toMatchObject({ entity_id: entityId, state_code: 'TX', pay_multiplier: 12.5 });
      expect(first[1]!.id).toBeNull();
      expect(first[2]).toMatchObject({ state_code: 'OK,KS' });

      const again = (await call('POST', `${path}/batch`, { data: [rule({ pay_multiplier: 20 })] }))
        .data as Json[];
      expect(again[0]).toMatchObject({
        batch_storage_status: 'CONFLICT',
        batch_storage_conflict_code: 'OVERLAPS_STORED_RULE',
      });

      const stored = (await call('GET', `${path}?sort=id&order=asc`)).data as Json[];
      expect(stored.map((r) => [r.id, r.state_code, r.batch_storage_status])).toEqual([
        [first[0]!.id, 'TX', null],
        [first[2]!.id, 'OK,KS', null],
      ]);
    });

    it('reads created and updated at/by of a location and a contact as its own user', async () => {
      const { call, me } = await signIn();
      const entityId = await newAgency(call, '8810-0004-SA');
      const location = (
        await call(
          'POST',
          `/v2/entities/${entityId}/locations`,
          {
            loc_type: 'HQ',
            name: 'Head office',
            address_1: '1 Main St',
            city: 'Austin',
            state_code: 'TX',
            zip: '78701',
          },
          201,
        )
      ).data as Json & { id: number };
      expect((location.created_by as Actor)?.id).toBe(me.id);
      expect((location.created_by as Actor)?.name).toBe(me.name);
      expect((location.updated_by as Actor)?.id).toBe(me.id);
      expect(location.updated_at).toBe(location.created_at);

      const contact = (
        await call(
          'POST',
          `/v2/entities/${entityId}/locations/${location.id}/contacts`,
          { name: 'Dana Office', email: 'dana@example.test' },
          201,
        )
      ).data as Json & { id: number };
      expect((contact.created_by as Actor)?.id).toBe(me.id);

      await call('PATCH', `/v2/entities/${entityId}/locations/${location.id}/contacts/${contact.id}`, {
        phone: '5125550100',
      });
      const read = (await call('GET', `/v2/entities/${entityId}/locations`)).data as (Json & {
        contacts: Json[];
      })[];
      const readContact = read[0]!.contacts[0]!;
      expect((readContact.updated_by as Actor)?.id).toBe(me.id);
      expect(Date.parse(readContact.updated_at as string)).toBeGreaterThanOrEqual(
        Date.parse(readContact.created_at as string),
      );
      for (const key of ['created_at', 'created_by', 'updated_at', 'updated_by']) {
        expect(read[0]).toHaveProperty(key);
        expect(readContact).toHaveProperty(key);
      }
    });

    it('reads created and updated at/by of a statement and its override', async () => {
      const { call, me } = await signIn();
      const entityId = await newAgency(call, '8810-0005-SA');
      await call('POST', `/v2/entities/${entityId}/commission-configs/generate`, {
        data: { effective_date: '2024-01-01' },
      });
      await issueTestRentersPolicy(
        s.t.server.database.db,
        rentersPolicyIssue({ entityId, termInterval: 'annual' }),
      );
      await call('POST', '/v2/commission-statements/generate', { data: { month: businessMonth() } });
      const rows = (await call('GET', `/v2/entities/${entityId}/commission-statements`)).data as {
        id: number;
      }[];
      expect(rows).toHaveLength(1);
      const path = `/v2/entities/${entityId}/commission-statements/${rows[0]!.id}`;
      const statement = (await call('GET', path)).data as Json;
      expect((statement.created_by as Actor)?.id).toBe(me.id);
      expect(typeof statement.created_at).toBe('string');

      const types = (await call('GET', '/v2/lists/commission/override-types')).data as {
        override_code: string;
      }[];
      const override = (
        await call(
          'POST',
          `${path}/overrides`,
          { data: { amount: 5, type_code: types[0]!.override_code, note: 'SPEC client' } },
          201,
        )
      ).data as Json;
      expect((override.created_by as Actor)?.id).toBe(me.id);
      expect((override.updated_by as Actor)?.id).toBe(me.id);
      expect(typeof override.created_at).toBe('string');
      const after = (await call('GET', path)).data as Json & { overrides: Json[] };
      expect((after.updated_by as Actor)?.id).toBe(me.id);
      expect(Date.parse(after.updated_at as string)).toBeGreaterThanOrEqual(
        Date.parse(statement.updated_at as string),
      );
      expect(after.overrides[0]).toMatchObject({
        created_by: override.created_by,
        updated_at: override.updated_at,
      });
    });

    it('reads the fuller brand: code, name, powered-by flags and the logos as URLs', async () => {
      const response = await s.api.get('/v1/public/entity-brands');
      expect(response.status).toBe(200);
      const brand = (response.body as { data: Json }).data;
      expect(brand).toMatchObject({ code: 'default', showPoweredBy: true });
      expect(typeof brand.name).toBe('string');
      expect(typeof brand.poweredByName).toBe('string');
      const logos = brand.logos as Record<string, string>;
      for (const version of ['normal', 'inverted', 'signed']) {
        expect(new URL(logos[version]!).protocol).toBe('https:');
      }
      expect(logos.normal).not.toBe(logos.inverted);
    });
  },
);
