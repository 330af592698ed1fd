import { describe, expect, it } from 'vitest';
import { AccountManagerListResponse } from '../../src/api/schemas/entityLists';
import { HistoryResponse } from '../../src/api/schemas/history';
import { RoleResponse, RoleSearchResponse } from '../../src/api/schemas/roles';
import { UserResponse } from '../../src/api/schemas/users';
import { DEMO_BRAND } from '../../src/server/seed/demoData';
import { TEST_PASSWORD, adminApi, unique } from '../support/accessAdmin';
import { ADMIN, LAKESIDE, NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS } from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The small leaks of issue 21 item 7: an agency user is shown only what is theirs. The account managers list
// names the managers of their own entities, without e-mails; role counts count holders inside their subtree;
// histories and "created by / changed by / assigned by" name actors outside their subtree only as the house
// or "Another agency".
const HOUSE_NAME = DEMO_BRAND.name;
const ANOTHER_AGENCY = 'Another agency';

describe.each(testDatabases())('what agency users are told of others on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const admin = () => a.tokenOf(ADMIN);

  // A user of the entity holding a new house role with the given privileges, signed in.
  const userWith = async (entity: string, privileges: string[]) => {
    const role = await a.createRole(await admin(), { role_name: unique('Leaks'), privileges });
    const user = await a.createUser(await admin(), { entity, roles: [role.id] });
    return { user, token: await a.tokenOf(user.email, TEST_PASSWORD) };
  };
  const get = async (path: string, token: string) => {
    const response = await s.api.get(path, { token });
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  it('lists to an agency user the managers of their own entities, without e-mails', async () => {
    const northwind = await userWith(NORTHWIND, ['ent_comm_list']);
    const lakeside = await userWith(LAKESIDE, ['ent_comm_review']);
    const path = '/v2/lists/entity/account-managers';
    // The demo makes Jordan Reyes (internal) Northwind's account manager and Alex Morgan Lakeside's.
    const seenBy = async (token: string) => AccountManagerListResponse.parse(await get(path, token)).data;
    const northwindList = await seenBy(northwind.token);
    expect(northwindList.map((m) => m.name)).toEqual(['Jordan Reyes']);
    expect((await seenBy(lakeside.token)).map((m) => m.name)).toEqual(['Alex Morgan']);
    for (const token of [northwind.token, lakeside.token]) {
      const text = JSON.stringify(await get(path, token));
      expect(text).not.toMatch(/@/);
    }
    // Staff assign managers: they get every staff user, with e-mails.
    const staff = await seenBy(await admin());
    expect(staff.map((m) => m.email)).toEqual(
      expect.arrayContaining(['admin@demo.test', 'internal@demo.test']),
    );
  });

  it('counts a role’s holders inside the caller’s subtree only', async () => {
    const lakeside = await userWith(LAKESIDE, ['admin_role_list']);
    const page = RoleSearchResponse.parse(
      await get('/v2/roles?filter[name]=agent&limit=100', lakeside.token),
    );
    const agent = page.data.find((r) => r.role_name === 'Agent')!;
    // The demo's agent (Austin) holds it; Lakeside has nobody with it yet.
    expect(agent.user_count).toBe(0);
    expect(RoleResponse.parse(await get(`/v2/roles/${agent.id}`, lakeside.token)).data.user_count).toBe(0);
    await a.createUser(await admin(), { entity: LAKESIDE, roles: [agent.id] });
    const again = RoleSearchResponse.parse(
      await get('/v2/roles?filter[name]=agent&limit=100', lakeside.token),
    );
    expect(again.data.find((r) => r.id === agent.id)!.user_count).toBe(1);
    const staff = RoleResponse.parse(await get(`/v2/roles/${agent.id}`, await admin())).data;
    expect(staff.user_count).toBeGreaterThanOrEqual(2);
  });

  it('names the house’s actors in a role’s history and record only as the house', async () => {
    const token = await admin();
    const role = await a.createRole(token, { role_name: unique('Audited'), privileges: ['quote_new'] });
    await a.patch(`/v2/roles/${role.id}`, { role_desc: 'Changed by the house' }, { token });
    const lakeside = await userWith(LAKESIDE, ['admin_role_list']);

    const history = HistoryResponse.parse(await get(`/v2/roles/${role.id}/history`, lakeside.token)).data;
    expect(history.map((e) => e.actor)).toEqual([
      { id: null, name: HOUSE_NAME },
      { id: null, name: HOUSE_NAME },
    ]);
    const seen = RoleResponse.parse(await get(`/v2/roles/${role.id}`, lakeside.token)).data;
    expect([seen.created_by, seen.updated_by, seen.privileges[0]!.assigned_by]).toEqual([
      { id: null, name: HOUSE_NAME },
      { id: null, name: HOUSE_NAME },
      { id: null, name: HOUSE_NAME },
    ]);
    expect(JSON.stringify(seen)).not.toContain('Alex Morgan');
    // Staff see who it was.
    const staffHistory = HistoryResponse.parse(await get(`/v2/roles/${role.id}/history`, token)).data;
    expect(staffHistory.every((e) => e.actor?.name === 'Alex Morgan')).toBe(true);
  });

  it('names the house’s actors in an entity’s history only as the house', async () => {
    const token = await admin();
    const austin = await entityIdOf(s.t.server.database.db, NORTHWIND_AUSTIN);
    const changed = await s.api.request('PATCH', `/v2/entities/${austin}`, {
      token,
      body: { entity_name: unique('Northwind Pet Agency Austin') },
    });
    expect(changed.status, changed.text).toBe(200);
    const northwind = await userWith(NORTHWIND, ['admin_ent_list']);
    const history = HistoryResponse.parse(await get(`/v2/entities/${austin}/history`, northwind.token)).data;
    expect(history.at(-1)!.actor).toEqual({ id: null, name: HOUSE_NAME });
    expect(JSON.stringify(history)).not.toContain('Alex Morgan');
    const staffHistory = HistoryResponse.parse(await get(`/v2/entities/${austin}/history`, token)).data;
    expect(staffHistory.at(-1)!.actor?.name).toBe('Alex Morgan');
  });

  it('names another agency’s actors in a user’s history and record only as another agency', async () => {
    const northwind = await userWith(NORTHWIND, ['admin_user', 'user_assign_passwd']);
    const lakeside = await userWith(LAKESIDE, ['admin_user']);
    // Made and changed by Northwind, then moved to Lakeside by the house.
    const mover = await a.createUser(northwind.token, { entity: NORTHWIND_DALLAS, roles: [] });
    const renamed = await a.patch(`/v2/users/${mover.id}`, { fname: 'Morgan' }, { token: northwind.token });
    expect(renamed.status, renamed.text).toBe(200);
    const moved = await a.patch(`/v2/users/${mover.id}`, { entity: LAKESIDE }, { token: await admin() });
    expect(moved.status, moved.text).toBe(200);

    const history = HistoryResponse.parse(await get(`/v2/users/${mover.id}/history`, lakeside.token)).data;
    expect(history.map((e) => e.actor)).toEqual([
      { id: null, name: ANOTHER_AGENCY },
      { id: null, name: ANOTHER_AGENCY },
      { id: null, name: HOUSE_NAME },
    ]);
    const record = UserResponse.parse(await get(`/v2/users/${mover.id}`, lakeside.token)).data;
    expect(record.created_by).toEqual({ id: null, name: ANOTHER_AGENCY });
    expect(record.updated_by).toEqual({ id: null, name: HOUSE_NAME });
    // Northwind's own user sees their colleague by name in a record of their own subtree.
    const own = await a.createUser(northwind.token, { entity: NORTHWIND_DALLAS, roles: [] });
    const ownRecord = UserResponse.parse(await get(`/v2/users/${own.id}`, northwind.token)).data;
    expect(ownRecord.created_by).toEqual({ id: northwind.user.id, name: 'Test User' });
  });
});
