import { describe, expect, it } from 'vitest';
import { PRIVILEGES } from '../../src/api/privilegeCatalogue';
import { HistoryResponse } from '../../src/api/schemas/history';
import { RoleListResponse, RoleResponse, RoleSearchResponse } from '../../src/api/schemas/roles';
import { ProfileResponse } from '../../src/api/schemas/session';
import { StateListResponse } from '../../src/api/schemas/states';
import { DEMO_ROLES } from '../../src/server/seed/demoData';
import { TEST_PASSWORD, adminApi, unique } from '../support/accessAdmin';
import { expectError, expectValidationError } from '../support/http';
import { ADMIN, AGENT, HOUSE, INTERNAL, MANAGER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Catalogue order of a privilege code (the order lists and roles show them in).
const order = (code: string) => PRIVILEGES.findIndex((p) => p.code === code);

// Roles administration (issue 3 part 3, SPEC §6 "Roles admin"): search, view, add, edit, delete, history,
// and the rules of granting: grantable privileges only, and only those the granting user holds.
describe.each(testDatabases())('roles API on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const admin = () => a.tokenOf(ADMIN);

  const search = async (query: string, token?: string) => {
    const response = await s.api.get(`/v2/roles${query}`, { token: token ?? (await admin()) });
    expect(response.status, response.text).toBe(200);
    return RoleSearchResponse.strict().parse(response.body);
  };
  const view = async (id: number) => {
    const response = await s.api.get(`/v2/roles/${id}`, { token: await admin() });
    expect(response.status, response.text).toBe(200);
    return RoleResponse.strict().parse(response.body).data;
  };
  const codesOf = (role: { privileges: { priv_code: string }[] }) =>
    role.privileges.map((p) => p.priv_code).sort();

  // A non-root role administrator: all of roles admin, users admin with manual passwords, and quoting.
  const ROLE_MANAGER_PRIVILEGES = ['admin_role', 'admin_user', 'user_assign_passwd', 'quote'];
  let roleManager: { email: string; token: string } | null = null;
  const asRoleManager = async () => {
    if (!roleManager) {
      const role = await a.createRole(await admin(), {
        role_name: unique('Role Manager'),
        privileges: ROLE_MANAGER_PRIVILEGES,
      });
      const user = await a.createUser(await admin(), { entity: HOUSE, roles: [role.id] });
      roleManager = { email: user.email, token: await a.tokenOf(user.email, TEST_PASSWORD) };
    }
    return roleManager;
  };

  describe('GET /v2/roles', () => {
    it('pages the demo roles by name with counts', async () => {
      const page = await search('?limit=3');
      expect(page.meta).toEqual({ page: { number: 1, limit: 3, from: 1, to: 3 }, total: expect.any(Number) });
      expect(page.meta.total).toBeGreaterThanOrEqual(DEMO_ROLES.length);
      const names = page.data.map((r) => r.role_name);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
      const all = await search('?limit=100');
      const administrator = all.data.find((r) => r.role_name === 'Administrator')!;
      expect(administrator).toMatchObject({ privilege_count: 1, role_desc: 'Full access to every area' });
      expect(administrator.user_count).toBeGreaterThanOrEqual(1);
    });

    it('filters by name and description, case-insensitively and literally', async () => {
      expect((await search('?filter[name]=AGEN')).data.map((r) => r.role_name).sort()).toEqual(
        DEMO_ROLES.map((r) => r.roleName)
          .filter((name) => /agen/i.test(name))
          .sort(),
      );
      expect(
        (await search('?filter[description]=commission%20statements')).data.map((r) => r.role_name),
      ).toEqual(expect.arrayContaining(['Accounting', 'Commission Reviewer']));
      expect((await search('?filter[name]=%25')).data).toEqual([]);
      expect(
        (await search('?filter[name]=agent&filter[description]=house')).data.map((r) => r.role_name),
      ).toEqual(['Internal Agent']);
    });

    it('sorts by description descending and by last change', async () => {
      const byDescription = (await search('?sort=description&order=desc&limit=100')).data.map(
        (r) => r.role_desc,
      );
      expect(byDescription).toEqual([...byDescription].sort((x, y) => (x < y ? 1 : x > y ? -1 : 0)));
      const role = await a.createRole(await admin(), { role_name: unique('Newest') });
      expect((await search('?sort=updatedAt&order=desc&limit=1')).data[0]!.id).toBe(role.id);
    });

    it('answers 422 for unknown sort fields, filters and bad paging', async () => {
      const token = await admin();
      expectValidationError(await s.api.get('/v2/roles?sort=role_name', { token }), ['sort']);
      expectValidationError(await s.api.get('/v2/roles?filter[privilege]=x', { token }), [
        'filter.privilege',
      ]);
      expectValidationError(await s.api.get('/v2/roles?page=0', { token }), ['page']);
      expectValidationError(await s.api.get('/v2/roles?limit=1000', { token }), ['limit']);
    });

    it('answers 403 to users without a roles privilege', async () => {
      for (const email of [AGENT, MANAGER, INTERNAL]) {
        expectError(await s.api.get('/v2/roles', { token: await a.tokenOf(email) }), 403);
      }
      expectError(await s.api.get('/v2/roles'), 401);
    });
  });

  describe('POST /v2/roles', () => {
    it('creates a role whose privileges record who assigned them and when', async () => {
      const before = Date.now();
      const name = unique('Claims Desk');
      const response = await s.api.post(
        '/v2/roles',
        { role_name: `  ${name}  `, role_desc: 'Handles claims', privileges: ['quote_policy', 'report_nwp'] },
        { token: await admin() },
      );
      expect(response.status, response.text).toBe(201);
      const role = RoleResponse.strict().parse(response.body).data;
      expect(role).toMatchObject({ role_name: name, role_desc: 'Handles claims', user_count: 0, version: 1 });
      expect(role.created_by?.name).toBe('Alex Morgan');
      expect(codesOf(role)).toEqual(['quote_policy', 'report_nwp']);
      for (const privilege of role.privileges) {
        expect(privilege.assigned_by).toEqual({ id: expect.any(Number), name: 'Alex Morgan' });
        expect(Date.parse(privilege.assigned_at)).toBeGreaterThanOrEqual(before - 1000);
      }
      expect(await view(role.id)).toEqual(role);
    });

    it('answers 422 for a missing or duplicate name (any case)', async () => {
      const token = await admin();
      expectValidationError(await s.api.post('/v2/roles', { role_name: '   ' }, { token }), ['role_name']);
      expectValidationError(await s.api.post('/v2/roles', {}, { token }), ['role_name']);
      const taken = expectValidationError(
        await s.api.post('/v2/roles', { role_name: 'aDMINISTRATOR' }, { token }),
        ['role_name'],
      );
      expect(taken.errors.role_name).toEqual(['The role name has already been taken.']);
      expectValidationError(await s.api.post('/v2/roles', { role_name: 'x'.repeat(81) }, { token }), [
        'role_name',
      ]);
      expectValidationError(await s.api.post('/v2/roles', { role_name: 'Ok', extra: 1 }, { token }), [
        'extra',
      ]);
    });

    it('gives one of several racing creates of a name the role, and the others a 422', async () => {
      const token = await admin();
      const name = unique('Racing');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => s.api.post('/v2/roles', { role_name: name }, { token })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
      for (const answer of answers.filter((r) => r.status === 422)) {
        expect(answer.body).toMatchObject({
          errors: { role_name: ['The role name has already been taken.'] },
        });
      }
    });

    it('answers 422 for unknown, repeated and ungrantable privileges', async () => {
      const token = await admin();
      const post = (privileges: unknown) =>
        s.api.post('/v2/roles', { role_name: unique('Bad'), privileges }, { token });
      const unknown = expectValidationError(await post(['quote', 'no_such_privilege']), ['privileges']);
      expect(unknown.errors.privileges).toEqual(['The privilege no_such_privilege does not exist.']);
      const root = expectValidationError(await post(['root_admin']), ['privileges']);
      expect(root.errors.privileges).toEqual(['The privilege root_admin cannot be granted.']);
      expectValidationError(await post(['quote', 'quote']), ['privileges']);
      expectValidationError(await post('quote'), ['privileges']);
    });

    it('refuses privileges the granting user does not hold', async () => {
      const { token } = await asRoleManager();
      // admin_user includes admin_user_add; quote includes quote_new.
      const ok = await a.createRole(token, {
        role_name: unique('Helpdesk'),
        privileges: ['admin_user_add', 'quote_new'],
      });
      expect(codesOf(ok)).toEqual(['admin_user_add', 'quote_new']);
      const refused = expectValidationError(
        await s.api.post(
          '/v2/roles',
          { role_name: unique('Reporter'), privileges: ['quote_search', 'report', 'verify_bank_account'] },
          { token },
        ),
        ['privileges'],
      );
      expect(refused.errors.privileges).toEqual([
        'You cannot grant report: you do not hold it yourself.',
        'You cannot grant verify_bank_account: you do not hold it yourself.',
      ]);
    });

    it('answers 403 without admin or admin_role_add', async () => {
      expectError(
        await s.api.post('/v2/roles', { role_name: unique('x') }, { token: await a.tokenOf(AGENT) }),
        403,
      );
    });
  });

  describe('GET /v2/roles/{roleId}', () => {
    it('answers 404 for a missing role and 422 for an id that is not a whole number', async () => {
      const token = await admin();
      expectError(await s.api.get('/v2/roles/999999', { token }), 404);
      const bad = expectValidationError(await s.api.get('/v2/roles/abc', { token }), ['roleId']);
      expect(bad.errors.roleId).toEqual(['roleId must be an integer number']);
      expectValidationError(await s.api.get('/v2/roles/1.5', { token }), ['roleId']);
    });
  });

  describe('PATCH /v2/roles/{roleId}', () => {
    it('renames, describes and changes privileges, keeping who-and-when of those that stay', async () => {
      const token = await admin();
      const role = await a.createRole(token, { role_name: unique('Desk'), privileges: ['quote', 'report'] });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const name = unique('Front Desk');
      const response = await a.patch(
        `/v2/roles/${role.id}`,
        {
          role_name: name,
          role_desc: 'Walk-in customers',
          privileges: ['quote', 'renters_qt_create'],
          version: 1,
        },
        { token },
      );
      expect(response.status, response.text).toBe(200);
      const changed = RoleResponse.strict().parse(response.body).data;
      expect(changed).toMatchObject({ role_name: name, role_desc: 'Walk-in customers', version: 3 });
      expect(codesOf(changed)).toEqual(['quote', 'renters_qt_create']);
      const kept = changed.privileges.find((p) => p.priv_code === 'quote')!;
      const added = changed.privileges.find((p) => p.priv_code === 'renters_qt_create')!;
      expect(kept.assigned_at).toBe(role.privileges.find((p) => p.priv_code === 'quote')!.assigned_at);
      expect(Date.parse(added.assigned_at)).toBeGreaterThan(Date.parse(kept.assigned_at));
    });

    it('appends nothing when nothing changes', async () => {
      const token = await admin();
      const role = await a.createRole(token, { role_name: unique('Same'), privileges: ['quote'] });
      const response = await a.patch(
        `/v2/roles/${role.id}`,
        { role_name: role.role_name, role_desc: role.role_desc, privileges: ['quote'] },
        { token },
      );
      expect(RoleResponse.parse(response.body).data.version).toBe(1);
    });

    it('answers 409 when the role changed since the version the client edited', async () => {
      const token = await admin();
      const role = await a.createRole(token, { role_name: unique('Racy') });
      expect(
        (await a.patch(`/v2/roles/${role.id}`, { role_desc: 'first', version: 1 }, { token })).status,
      ).toBe(200);
      expectError(await a.patch(`/v2/roles/${role.id}`, { role_desc: 'second', version: 1 }, { token }), 409);
    });

    it('answers 422 for a taken name, new privileges the editor lacks, and revoking root_admin', async () => {
      const token = await admin();
      const role = await a.createRole(token, { role_name: unique('Editable'), privileges: ['report'] });
      expectValidationError(await a.patch(`/v2/roles/${role.id}`, { role_name: 'agent' }, { token }), [
        'role_name',
      ]);
      const manager = await asRoleManager();
      // The manager holds quote, so a role of quote may be edited, but report_nwp may not be added to it.
      const other = await a.createRole(token, { role_name: unique('Mixed'), privileges: ['quote'] });
      const refused = expectValidationError(
        await a.patch(
          `/v2/roles/${other.id}`,
          { privileges: ['quote', 'report_nwp'] },
          { token: manager.token },
        ),
        ['privileges'],
      );
      expect(refused.errors.privileges).toEqual([
        'You cannot grant report_nwp: you do not hold it yourself.',
      ]);
      const administrator = (await search('?filter[name]=Administrator')).data[0]!;
      const revoke = expectValidationError(
        await a.patch(`/v2/roles/${administrator.id}`, { privileges: [] }, { token }),
        ['privileges'],
      );
      expect(revoke.errors.privileges).toEqual(['The privilege root_admin cannot be revoked.']);
    });

    it('answers 403 to an editor changing a role that holds more than they do', async () => {
      const manager = await asRoleManager();
      const token = await admin();
      const role = await a.createRole(token, {
        role_name: unique('Bank'),
        privileges: ['verify_bank_account'],
      });
      expectError(await a.patch(`/v2/roles/${role.id}`, { role_desc: 'x' }, { token: manager.token }), 403);
      expectError(await a.del(`/v2/roles/${role.id}`, { token: manager.token }), 403);
      const mine = await a.createRole(manager.token, {
        role_name: unique('Quoting'),
        privileges: ['quote_new'],
      });
      expect(
        (await a.patch(`/v2/roles/${mine.id}`, { role_desc: 'ok' }, { token: manager.token })).status,
      ).toBe(200);
    });

    it('answers 403 without an edit privilege and 404 for a missing role', async () => {
      expectError(await a.patch('/v2/roles/1', { role_desc: 'x' }, { token: await a.tokenOf(MANAGER) }), 403);
      expectError(await a.patch('/v2/roles/999999', { role_desc: 'x' }, { token: await admin() }), 404);
    });
  });

  describe('DELETE /v2/roles/{roleId}', () => {
    it('deletes a role: gone from search, view and lists, and its holders lose its privileges', async () => {
      const token = await admin();
      const role = await a.createRole(token, { role_name: unique('Temporary'), privileges: ['report'] });
      const holder = await a.createUser(token, { entity: HOUSE, roles: [role.id] });
      const holderToken = await a.tokenOf(holder.email, TEST_PASSWORD);
      const profile = async () =>
        ProfileResponse.parse((await s.api.get('/v2/my/profile', { token: holderToken })).body).data;
      expect((await profile()).privilegeCodes).toContain('report');

      const response = await a.del(`/v2/roles/${role.id}`, { token });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ message: 'The role was deleted.' });
      expectError(await s.api.get(`/v2/roles/${role.id}`, { token }), 404);
      expectError(await a.del(`/v2/roles/${role.id}`, { token }), 404);
      expect((await search(`?filter[name]=${encodeURIComponent(role.role_name)}`)).data).toEqual([]);
      const list = RoleListResponse.parse((await s.api.get('/v2/lists/roles', { token })).body);
      expect(list.data.some((r) => r.id === role.id)).toBe(false);
      expect((await profile()).privilegeCodes).toEqual([]);
      expect((await profile()).roles).toEqual([]);
      // The name is free again.
      await a.createRole(token, { role_name: role.role_name });
    });

    it('refuses to delete a role the user holds, or one with a privilege that cannot be granted again', async () => {
      const manager = await asRoleManager();
      const own = (await search(`?filter[name]=${encodeURIComponent('Role Manager')}`)).data[0]!;
      expectError(await a.del(`/v2/roles/${own.id}`, { token: manager.token }), 409);
      const administrator = (await search('?filter[name]=Administrator')).data[0]!;
      expectError(await a.del(`/v2/roles/${administrator.id}`, { token: await admin() }), 409);
    });

    it('answers 403 without admin or admin_role_delete', async () => {
      expectError(await a.del('/v2/roles/1', { token: await a.tokenOf(AGENT) }), 403);
    });
  });

  describe('GET /v2/roles/{roleId}/history', () => {
    it('tells what changed, who and when', async () => {
      const token = await admin();
      const role = await a.createRole(token, { role_name: unique('Audited'), privileges: ['quote'] });
      await a.patch(
        `/v2/roles/${role.id}`,
        { role_desc: 'Now described', privileges: ['report'] },
        { token },
      );
      const response = await s.api.get(`/v2/roles/${role.id}/history`, { token });
      expect(response.status, response.text).toBe(200);
      const { data } = HistoryResponse.strict().parse(response.body);
      expect(data.map((e) => e.type)).toEqual(['role.created', 'role.updated', 'role.privilegesSet']);
      expect(data.every((e) => e.actor?.name === 'Alex Morgan')).toBe(true);
      expect(data[1]!.changes).toEqual({ roleDesc: 'Now described' });
      expect(data[2]!.changes).toEqual({ privilegeCodes: ['report'], added: ['report'], removed: ['quote'] });
      expectError(await s.api.get('/v2/roles/999999/history', { token }), 404);
      expectError(await s.api.get(`/v2/roles/${role.id}/history`, { token: await a.tokenOf(AGENT) }), 403);
    });
  });

  describe('lists', () => {
    it('lists live roles with their privilege codes for role and user admins only', async () => {
      const response = await s.api.get('/v2/lists/roles', { token: await admin() });
      expect(response.status).toBe(200);
      const { data } = RoleListResponse.strict().parse(response.body);
      expect(data.find((r) => r.role_name === 'Agent')?.priv_codes).toEqual(
        DEMO_ROLES.find((r) => r.roleName === 'Agent')!
          .privilegeCodes.slice()
          .sort((x, y) => order(x) - order(y)),
      );
      expectError(await s.api.get('/v2/lists/roles', { token: await a.tokenOf(AGENT) }), 403);
    });

    it('lists the 50 states and DC to every signed-in user', async () => {
      const response = await s.api.get('/v2/lists/states', { token: await a.tokenOf(AGENT) });
      expect(response.status).toBe(200);
      const { data } = StateListResponse.strict().parse(response.body);
      expect(data).toHaveLength(51);
      expect(data).toContainEqual({ code: 'DC', name: 'District of Columbia' });
      expect(data).toContainEqual({ code: 'TX', name: 'Texas' });
      expectError(await s.api.get('/v2/lists/states'), 401);
    });

    it('lists privileges with their parents for role editors', async () => {
      const manager = await asRoleManager();
      const response = await s.api.get('/v2/lists/access/privileges', { token: manager.token });
      expect(response.status).toBe(200);
      expectError(await s.api.get('/v2/lists/access/privileges', { token: await a.tokenOf(AGENT) }), 403);
    });
  });
});
