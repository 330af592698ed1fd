import { describe, expect, it } from 'vitest';
import { anyOf, authenticated, type AccessCheck } from '../../src/api/access';
import { rebuildProjections } from '../../src/server/projections';
import type { Db } from '../../src/server/store/db';
import { adminApi, unique } from '../support/accessAdmin';
import { ADMIN, AGENT, HOUSE, LAKESIDE } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The checks of SPEC §6 for roles, users and own settings, written out literally so that a slip in a route's
// registration cannot hide behind the code that made it.
const EXPECTED: Record<string, AccessCheck> = {
  'GET /v2/roles': anyOf('admin', 'admin_role_list'),
  'POST /v2/roles': anyOf('admin', 'admin_role_add'),
  'GET /v2/roles/:roleId': anyOf('admin', 'admin_role_list'),
  'PATCH /v2/roles/:roleId': anyOf('admin', 'admin_role_edit'),
  'DELETE /v2/roles/:roleId': anyOf('admin', 'admin_role_delete'),
  'GET /v2/roles/:roleId/history': anyOf('admin', 'admin_role_list'),
  'GET /v2/users': anyOf('admin_user_list'),
  'POST /v2/users': anyOf('admin_user_add'),
  'GET /v2/users/:id': anyOf('admin_user_list'),
  'PATCH /v2/users/:id': anyOf('admin_user_edit'),
  'DELETE /v2/users/:id': anyOf('admin_user_delete'),
  'POST /v2/users/:id/deactivate': anyOf('admin_user_delete'),
  'POST /v2/users/:id/reactivate': anyOf('admin_user_delete'),
  'PUT /v2/users/:id/password': anyOf('user_assign_passwd'),
  'POST /v2/users/:id/password-reset': anyOf('admin_user_edit'),
  'GET /v2/users/:id/history': anyOf('admin_user_list'),
  'GET /v2/my/profile': authenticated,
  'PATCH /v2/my/profile': authenticated,
  'POST /v2/my/password': authenticated,
  'GET /v2/lists/roles': anyOf(
    'admin',
    'admin_role_list',
    'admin_user_list',
    'admin_user_add',
    'admin_user_edit',
  ),
  'GET /v2/lists/states': authenticated,
};

async function readTables(db: Db) {
  return {
    roles: await db.selectFrom('roles').selectAll().orderBy('id').execute(),
    role_privileges: await db
      .selectFrom('role_privileges')
      .selectAll()
      .orderBy('role_id')
      .orderBy('privilege_id')
      .execute(),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    user_roles: await db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role_id').execute(),
  };
}

describe.each(testDatabases())('roles, users and own settings routes on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);

  it('are registered with exactly their SPEC §6 checks', () => {
    const table = new Map(s.t.server.routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const [route, check] of Object.entries(EXPECTED)) expect(table.get(route), route).toEqual(check);
    const ours = [...table.keys()].filter((k) => /^\w+ \/v2\/(roles|users|my\/(profile|password))/.test(k));
    expect(ours.sort()).toEqual(
      Object.keys(EXPECTED)
        .filter((k) => !k.includes('/lists/'))
        .sort(),
    );
  });

  it('answer 403 on every role and user route to an agent, who holds none of their privileges', async () => {
    const token = await a.tokenOf(AGENT);
    const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
    const role = await a.createRole(await a.tokenOf(ADMIN), { role_name: unique('Guarded') });
    for (const route of Object.keys(EXPECTED).filter((k) => /\/v2\/(roles|users|lists\/roles)/.test(k))) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(':roleId', String(role.id)).replace(':id', String(user.id));
      const response = await s.api.request(method, path, {
        token,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect(response.status, `${route}: ${response.text}`).toBe(403);
    }
    // Nothing changed.
    expect((await s.api.get(`/v2/users/${user.id}`, { token: await a.tokenOf(ADMIN) })).body).toMatchObject({
      data: { is_enabled: true, version: 1 },
    });
  });

  it('leave read tables that a rebuild from the log reproduces exactly', async () => {
    const token = await a.tokenOf(ADMIN);
    const role = await a.createRole(token, { role_name: unique('Rebuilt'), privileges: ['quote', 'report'] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await a.patch(`/v2/roles/${role.id}`, { privileges: ['quote', 'report_nwp'] }, { token });
    const user = await a.createUser(token, { entity: HOUSE, roles: [role.id] });
    await a.patch(`/v2/users/${user.id}`, { entity: LAKESIDE, phone: '5125550000' }, { token });
    await s.api.post(`/v2/users/${user.id}/deactivate`, undefined, { token });
    const gone = await a.createUser(token, { entity: LAKESIDE, roles: [role.id] });
    await a.del(`/v2/users/${gone.id}`, { token });
    const session = await s.api.login(ADMIN);
    await a.patch('/v2/my/profile', { ext: '99' }, { token: session.accessToken });
    const doomed = await a.createRole(token, { role_name: unique('Doomed'), privileges: ['report'] });
    await a.createUser(token, { entity: HOUSE, roles: [doomed.id] });
    await a.del(`/v2/roles/${doomed.id}`, { token });

    const db = s.t.server.database.db;
    const before = await readTables(db);
    await rebuildProjections(db);
    expect(await readTables(db)).toEqual(before);
  });
});
