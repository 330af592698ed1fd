import { describe, expect, it } from 'vitest';
import { businessMonth } from '../../support/businessToday';
import { ADMIN, HOUSE, MANAGER, NORTHWIND } from '../../support/personas';
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

    const signIn = async (email = ADMIN) => {
      const login = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
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

    // §3 "Attribute form (entity settings): sections with code, name, description, inputs. Input: id or
    // attributeId, dependencyId, type or typeCode, name, label, description, tooltip, defaultValue, isRequired,
    // isReadonly (default true), isExposed, isArray or acceptsMultipleValues, isDelimited, options (name/label
    // and value), validationRules (type and value pairs)". §5 "Attribute inputs may be required, read-only or
    // delimited"; §9 "Comma is the default delimiter for list-valued fields".
    it('reads the attribute form by every §3 name and holds §5’s required, read-only and delimited inputs', async () => {
      const { call } = await signIn();
      const sections = (await call('GET', '/v2/attribute-forms')).data as Json[];
      expect(sections.length).toBeGreaterThan(0);
      const INPUT = [
        'id',
        'attributeId',
        'dependencyId',
        'type',
        'typeCode',
        'name',
        'label',
        'description',
        'tooltip',
        'defaultValue',
        'isRequired',
        'isReadonly',
        'isExposed',
        'isArray',
        'acceptsMultipleValues',
        'isDelimited',
        'options',
        'validationRules',
      ];
      const inputs: Json[] = [];
      for (const section of sections) {
        expect(Object.keys(section)).toEqual(
          expect.arrayContaining(['code', 'name', 'description', 'inputs']),
        );
        inputs.push(...(section.inputs as Json[]));
      }
      for (const input of inputs) {
        expect(Object.keys(input)).toEqual(expect.arrayContaining(INPUT));
        expect(input.attributeId).toBe(input.id);
        expect(input.typeCode).toBe(input.type);
        expect(input.acceptsMultipleValues).toBe(input.isArray);
        for (const option of input.options as Json[]) {
          expect(typeof option.value).toBe('string');
          expect(typeof (option.name ?? option.label)).toBe('string');
        }
        for (const rule of input.validationRules as Json[])
          expect(Object.keys(rule)).toEqual(expect.arrayContaining(['type', 'value']));
      }
      const required = inputs.find((i) => i.isRequired === true)!;
      const delimited = inputs.find((i) => i.isDelimited === true && i.isReadonly === true)!;
      const editable = inputs.filter((i) => i.isReadonly === false);
      // Read-only is the default: most inputs are, the few an agency changes say otherwise.
      expect(editable.length).toBeGreaterThan(0);
      expect(editable.length).toBeLessThan(inputs.length);

      const entityId = await newAgency(call, '8810-0009-SA');
      const path = `/v2/entities/${entityId}/attributes`;
      // A delimited value is a comma-separated list: saved split on commas, each value trimmed.
      const states = (delimited.options as Json[]).slice(0, 2).map((o) => o.value as string);
      await call('PATCH', path, {
        attributes: [{ attrib_id: delimited.id, attrib_value: ` ${states.join(' , ')} ` }],
      });
      const read = (await call('GET', path)).data as Json[];
      expect(read.find((v) => v.attrib_id === delimited.id)?.attrib_value).toBe(states.join(','));
      // A required input left empty is refused under its id, and nothing is saved.
      const emptied = (await call(
        'PATCH',
        path,
        {
          attributes: [{ attrib_id: required.id, attrib_value: '' }],
        },
        422,
      )) as unknown as { message: string; errors: Record<string, string[]> };
      expect(emptied.errors[`attributes.${required.id as number}`]).toEqual([expect.any(String)]);

      // An agency manager may change the editable inputs of their agency, not a read-only one.
      const manager = await signIn(MANAGER);
      const northwind = await entityIdOf(s.t.server.database.db, NORTHWIND);
      const readOnly = inputs.find(
        (i) => i.isReadonly === true && i.isExposed === true && i.type === 'number',
      )!;
      const refused = (await manager.call(
        'PATCH',
        `/v2/entities/${northwind}/attributes`,
        {
          attributes: [{ attrib_id: readOnly.id, attrib_value: '1' }],
        },
        422,
      )) as unknown as { errors: Record<string, string[]> };
      expect(Object.keys(refused.errors)).toEqual([`attributes.${readOnly.id as number}`]);
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

    // §7 "Entities: View, PATCH edit, store, DELETE deactivate, search" with §3's Entity, Location and Contact,
    // and the entity underwriting question link.
    it('stores, reads, edits, searches and deactivates an entity by SPEC names, with its locations', async () => {
      const { call } = await signIn();
      const entityId = await newAgency(call, '8810-0099-SC');
      const entity = (await call('GET', `/v2/entities/${entityId}`)).data as Json;
      for (const key of [
        'id',
        'master_entity_id',
        'entity_code',
        'entity_name',
        'dba',
        'status_code',
        'type_code',
        'tracking_code',
        'tracking_code_type',
        'account_manager',
        'added_to_accounting',
        'payout_frequency',
        'payout_method',
        'routing_number',
        'brand_quote_app_link',
        'attributes',
        'parent',
        'headquarters_location',
        'locations',
        'can_quote',
        'child_count',
        'created_at',
        'updated_at',
        'created_by',
        'updated_by',
      ])
        expect(entity, key).toHaveProperty(key);
      expect(entity).toMatchObject({
        entity_code: '8810-0099-SC',
        status_code: 'ACTIVE',
        can_quote: true,
        child_count: 0,
      });

      const edited = (
        await call('PATCH', `/v2/entities/${entityId}`, { dba: 'SPEC Pets', version: entity.version })
      ).data as Json;
      expect(edited.dba).toBe('SPEC Pets');
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
      ).data as Json;
      for (const key of [
        'id',
        'entity_id',
        'loc_type',
        'name',
        'address_1',
        'address_2',
        'city',
        'state_code',
        'zip',
        'is_enabled',
        'contacts',
      ])
        expect(location, key).toHaveProperty(key);
      const contact = (
        await call(
          'POST',
          `/v2/entities/${entityId}/locations/${location.id as number}/contacts`,
          {
            name: 'Pat Lee',
            phone: '5125550199',
            extension: '12',
            email: 'pat@example.test',
            notes: 'Principal',
          },
          201,
        )
      ).data as Json;
      expect(contact).toMatchObject({
        location_id: location.id,
        name: 'Pat Lee',
        extension: '12',
        notes: 'Principal',
      });

      const links = (await call('GET', `/v2/entities/${entityId}/underwriting-questions`)).data as Json[];
      for (const link of links)
        for (const key of ['id', 'entityId', 'uw_question_id', 'enabled'])
          expect(link, key).toHaveProperty(key);

      const found = (await call('GET', '/v2/entities?filter[entityCode]=8810-0099-SC')) as {
        data: Json[];
        meta: Json;
      };
      expect(found.data.map((e) => e.id)).toEqual([entityId]);
      expect(found.meta).toMatchObject({ page: { number: 1 }, total: 1 });
      await call('DELETE', `/v2/entities/${entityId}`);
      expect(((await call('GET', `/v2/entities/${entityId}`)).data as Json).status_code).toBe('INACTIVE');
    });

    // §7 "Roles: create, read, update, delete under roles/{roleId}"; §3 Privilege and Role.
    it('creates, reads, edits and deletes a role by SPEC names, with the privileges it holds', async () => {
      const { call } = await signIn();
      const privileges = (await call('GET', '/v2/lists/access/privileges')).data as Json[];
      for (const p of privileges)
        for (const key of ['id', 'parent_priv_id', 'priv_code', 'priv_desc', 'is_grantable'])
          expect(p, key).toHaveProperty(key);
      const role = (
        await call(
          'POST',
          '/v2/roles',
          { role_name: 'SPEC Quoters', role_desc: 'Quote only', privileges: ['quote_new'] },
          201,
        )
      ).data as Json;
      expect(role).toMatchObject({ role_name: 'SPEC Quoters', role_desc: 'Quote only' });
      const read = (await call('GET', `/v2/roles/${role.id as number}`)).data as Json;
      expect((read.privileges as Json[]).map((p) => p.priv_code)).toEqual(['quote_new']);
      const edited = (
        await call('PATCH', `/v2/roles/${role.id as number}`, {
          privileges: ['quote_new', 'quote_edit'],
          version: read.version,
        })
      ).data as Json;
      expect((edited.privileges as Json[]).map((p) => p.priv_code).sort()).toEqual([
        'quote_edit',
        'quote_new',
      ]);
      const listed = (await call('GET', '/v2/roles?filter[name]=SPEC Quoters')).data as Json[];
      expect(listed.map((r) => r.id)).toEqual([role.id]);
      await call('DELETE', `/v2/roles/${role.id as number}`);
      await call('GET', `/v2/roles/${role.id as number}`, undefined, 404);
    });

    // §7 "Users: resource with {id} supports create, read, update, delete and deactivate"; §3 User create request
    // (fname, lname, email, phone, ext, password, entity, roles) and the user's wire form.
    it('creates, reads, edits, deactivates and deletes a user by SPEC names', async () => {
      const { call } = await signIn();
      const roles = (await call('GET', '/v2/lists/roles')).data as Json[];
      const agentRole = roles.find((r) => r.role_name === 'Agent')!;
      const email = `spec.user.${Date.now().toString(36)}@example.test`;
      const created = (
        await call(
          'POST',
          '/v2/users',
          {
            fname: 'Sam',
            lname: 'Spec',
            email,
            phone: '5125550177',
            ext: '7',
            password: 'a-long-spec-password-2026',
            password_confirmation: 'a-long-spec-password-2026',
            entity: HOUSE,
            roles: [agentRole.id],
          },
          201,
        )
      ).data as Json;
      const user = (await call('GET', `/v2/users/${created.id as number}`)).data as Json;
      expect(user).toMatchObject({
        email,
        phone: '5125550177',
        ext: '7',
        is_enabled: true,
        entity: { entity_code: HOUSE },
      });
      expect(user.priv_codes).toEqual(expect.arrayContaining(agentRole.priv_codes as string[]));
      const edited = (
        await call('PATCH', `/v2/users/${created.id as number}`, {
          phone: '5125550178',
          version: user.version,
        })
      ).data as Json;
      expect(edited.phone).toBe('5125550178');
      const searched = (await call('GET', `/v2/users?filter[emailAddress]=${email}`)).data as Json[];
      expect(searched.map((u) => u.id)).toEqual([created.id]);
      expect(
        ((await call('POST', `/v2/users/${created.id as number}/deactivate`)).data as Json).is_enabled,
      ).toBe(false);
      await call('DELETE', `/v2/users/${created.id as number}`);
      await call('GET', `/v2/users/${created.id as number}`, undefined, 404);
    });

    // §7 "Lists (GET /v2/lists/...)" and §3 "Type lookup: type_code, type_desc. Code/description items. Account
    // type (with enable-state-mapping flag); entity type (can quote, enabled)".
    it('reads every list §7 names, in the shapes §3 gives them', async () => {
      const { call, token } = await signIn();
      const list = async (path: string) => (await call('GET', path)).data as Json[];
      const codeDescription = [
        '/v2/lists/entity/statuses',
        '/v2/lists/entity/tracking-code-types',
        '/v2/lists/entity/location-types',
        '/v2/lists/payout-frequencies',
        '/v2/lists/payout-methods',
      ];
      for (const path of codeDescription)
        for (const item of await list(path))
          expect(Object.keys(item).sort(), path).toEqual(['code', 'description']);
      for (const path of ['/v2/lists/commission/business-types', '/v2/lists/commission/calculation-types'])
        for (const item of await list(path)) expect(Object.keys(item).sort(), path).toEqual(['code', 'name']);
      for (const type of await list('/v2/lists/entity/types'))
        expect(type).toMatchObject({
          type_code: expect.any(String),
          type_desc: expect.any(String),
          can_quote: expect.any(Boolean),
          is_enabled: expect.any(Boolean),
        });
      for (const type of await list('/v2/lists/account-types'))
        expect(type).toMatchObject({
          type_code: expect.any(String),
          type_desc: expect.any(String),
          enable_state_mapping: expect.any(Boolean),
        });
      for (const o of await list('/v2/lists/commission/override-types'))
        for (const key of ['id', 'override_cat', 'override_code', 'override_desc', 'is_enabled'])
          expect(o, key).toHaveProperty(key);
      const enabled = await list('/v2/lists/event-types?isEnabled=1');
      expect(enabled.length).toBeGreaterThan(0);
      expect(enabled.every((e) => e.is_enabled === true)).toBe(true);
      expect((await list('/v2/lists/states')).find((st) => st.code === 'TX')).toEqual({
        code: 'TX',
        name: 'Texas',
      });
      expect((await list('/v2/lists/roles')).every((r) => typeof r.role_name === 'string')).toBe(true);
      expect((await list('/v2/lists/entity/account-managers')).length).toBeGreaterThan(0);
      expect(Array.isArray(await list('/v2/lists/commission/statement-months'))).toBe(true);
      // "Entities, entity codes and entity names by a term filter".
      const byTerm = await list('/v2/lists/entities?term=Northwind');
      expect(byTerm.length).toBeGreaterThan(0);
      expect(byTerm.every((e) => String(e.entity_name).includes('Northwind'))).toBe(true);
      expect((await list('/v2/lists/entity/codes?term=1234-5678'))[0]).toMatchObject({
        entity_code: expect.stringMatching(/^1234-5678/),
      });
      expect((await list('/v2/lists/entity/names?term=Northwind'))[0]).toMatchObject({
        entity_name: expect.stringContaining('Northwind'),
      });
      // The same filters in bracket style, as a search's criteria are sent (§7 "bracket-style encoding").
      expect(await list('/v2/lists/entities?filter[term]=Northwind')).toEqual(byTerm);
      expect(await list('/v2/lists/event-types?filter[isEnabled]=1')).toEqual(enabled);
      const all = await list('/v2/lists/event-types');
      expect(await list('/v2/lists/event-types?filter[isEnabled]=0')).toEqual(
        all.filter((e) => e.is_enabled === false),
      );
      const unknown = await s.api.get('/v2/lists/entities?filter[name]=x', { token });
      expect(unknown.status).toBe(422);
    });

    // §7 "Commission: Statements: search, approve, unapprove, mark paid, mark unpaid (by ids or filter);
    // entities/{entityId}/commission-statements/{statementId}, /download, /overrides/{overrideId} with create,
    // read, update, delete. POST commission payment reports (file). GET commission statement reports (file).
    // Entity commission configs: POST data; commission-configs/generate", with §3's statement, statement row and
    // override, and §3 "Bulk commission actions act on selected ids or on a filter and return an affected-row count".
    it('works a statement through every commission call by SPEC names', async () => {
      const { call, token } = await signIn();
      const code = '8810-0098-SC';
      const entityId = await newAgency(call, code);
      const rule = (
        await call(
          'POST',
          `/v2/entities/${entityId}/commission-configs`,
          {
            data: {
              business_type: 'NEW',
              calculation_type: 'PERCENT',
              event_code: 'NB',
              state_codes: ['TX'],
              species: 'RENTERS',
              pay_multiplier: 10,
              effective_date: '2024-01-01',
            },
          },
          201,
        )
      ).data as Json;
      expect(rule).toMatchObject({
        entity_id: entityId,
        state_code: 'TX',
        species: 'RENTERS',
        pay_multiplier: 10,
      });
      await issueTestRentersPolicy(
        s.t.server.database.db,
        rentersPolicyIssue({ entityId, termInterval: 'annual' }),
      );
      await call('POST', '/v2/commission-statements/generate', { data: { month: businessMonth() } });

      const page = (await call(
        'GET',
        `/v2/commission-statements?filter[entityCode]=${code}&filter[reviewStatus]=Pending`,
      )) as {
        data: Json[];
        meta: Json;
      };
      expect(page.meta).toMatchObject({ page: { number: 1 }, total: 1 });
      const row = page.data[0]!;
      for (const key of [
        'entityCode',
        'entityName',
        'stateCode',
        'month',
        'timestamp',
        'payoutFrequency',
        'payoutMethod',
        'amount',
        'overrideTotal',
        'paymentTotal',
        'addedToAccounting',
        'accountManager',
        'paidOn',
        'reviewedAt',
        'reviewedBy',
        'downloadedAt',
      ])
        expect(row, key).toHaveProperty(key);
      expect(row).toMatchObject({ entityCode: code, month: businessMonth() });
      const path = `/v2/entities/${entityId}/commission-statements/${row.id as number}`;
      const statement = (await call('GET', path)).data as Json;
      for (const key of [
        'id',
        'entity_id',
        'entity',
        'statement_month',
        'amount',
        'paid_on',
        'payment_amount',
        'overrides',
        'override_total',
        'payment_total',
        'statement_on',
        'reviewed_at',
        'reviewed_by',
        'reviewer',
        'notification_on',
        'downloaded_on',
      ])
        expect(statement, key).toHaveProperty(key);
      expect(statement.amount).toBe(row.amount);

      const types = (await call('GET', '/v2/lists/commission/override-types')).data as Json[];
      const made = (
        await call(
          'POST',
          `${path}/overrides`,
          { data: { amount: 12.5, type_code: types[0]!.override_code, note: 'Bonus' } },
          201,
        )
      ).data as Json;
      expect(made).toMatchObject({
        statement_id: row.id,
        override_type_code: types[0]!.override_code,
        amount: 12.5,
        override_note: 'Bonus',
        deleted: false,
      });
      const overridePath = `${path}/overrides/${made.id as number}`;
      expect(((await call('GET', overridePath)).data as Json).amount).toBe(12.5);
      expect(
        ((await call('PATCH', overridePath, { data: { amount: 20, note: 'Bonus, corrected' } })).data as Json)
          .amount,
      ).toBe(20);
      const withOverride = (await call('GET', path)).data as Json;
      expect(withOverride.override_total).toBe(20);
      expect(withOverride.payment_total).toBe(Math.round(((statement.amount as number) + 20) * 100) / 100);
      await call('DELETE', overridePath);
      expect(((await call('GET', path)).data as Json).override_total).toBe(0);

      // Bulk by ids, then by a filter; each answers the rows it affected.
      const approved = (await call('POST', '/v2/commission-statements/approve', { ids: [row.id] }))
        .data as Json;
      expect(approved.affected).toBe(1);
      const back = (
        await call('POST', '/v2/commission-statements/unapprove', { filter: { entityCode: code } })
      ).data as Json;
      expect(back.affected).toBe(1);
      await call('POST', `${path}/approve`, { data: {} });
      // A statement is paid to a verified account: §7 "POST /v2/bank-accounts" for the agency acted for.
      const verified = await s.api.post(
        '/v2/bank-accounts',
        { routingNumber: '021000021', accountNumber: '000123456789' },
        { token, headers: { agentEntityCode: code } },
      );
      expect(verified.status, verified.text).toBe(200);
      const paid = (await call('POST', '/v2/commission-statements/mark-paid', { ids: [row.id] }))
        .data as Json;
      expect(paid.affected, JSON.stringify(paid)).toBe(1);
      const paidRow = (
        (await call(
          'GET',
          `/v2/commission-statements?filter[entityCode]=${code}&filter[reviewStatus]=Approved`,
        )) as { data: Json[] }
      ).data[0]!;
      expect(paidRow.paidOn).not.toBeNull();
      const unpaid = (
        await call('POST', '/v2/commission-statements/mark-unpaid', {
          filter: { entityCode: code, reviewStatus: 'Approved' },
        })
      ).data as Json;
      expect(unpaid.affected).toBe(1);

      const download = await s.api.get(`${path}/download`, { token });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/attachment/);
      const report = await s.api.post('/v2/commission-payment-reports', { ids: [row.id] }, { token });
      expect(report.status).toBe(200);
      expect(report.headers.get('content-disposition')).toMatch(/attachment/);
      // §5 "In the statements report, the entity code must be a string and an integer": the entity's id.
      const statementReport = await s.api.get(
        `/v2/commission-statement-reports?filter[entityCode]=${entityId}`,
        {
          token,
        },
      );
      expect(statementReport.status).toBe(200);
      const refused = await s.api.get(`/v2/commission-statement-reports?filter[entityCode]=${code}`, {
        token,
      });
      expect(refused.status).toBe(422);
      expect((refused.body as { errors: Json }).errors).toHaveProperty(['filter.entityCode']);
      expect(statementReport.text).toContain(code);
    });
  },
);
