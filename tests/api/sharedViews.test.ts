import { describe, expect, it } from 'vitest';
import { TableViewListResponse, TableViewResponse } from '../../src/api/schemas/tableViews';
import { TEST_PASSWORD, adminApi, unique } from '../support/accessAdmin';
import { expectError } from '../support/http';
import { ADMIN, HOUSE, LAKESIDE, NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Saved views shared with a role (issue 21, docs/decisions/011): a view goes only to holders of the role
// inside the owner's entity subtree, and a house user's view only to house users. The probe's case: an Austin
// agent shares a view holding a customer's e-mail and phone with "Agent"; a Lakeside holder of "Agent" must
// not see it, by the list or by any route that takes its id.
describe.each(testDatabases())('saved views shared across agencies on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const PATH = '/v2/my/table-views';

  const userAt = async (entity: string, roles: number[]) => {
    const user = await a.createUser(await a.tokenOf(ADMIN), { entity, roles });
    return { user, token: await a.tokenOf(user.email, TEST_PASSWORD) };
  };
  const listed = async (token: string) => {
    const response = await s.api.get(`${PATH}?table=policies`, { token });
    expect(response.status, response.text).toBe(200);
    return TableViewListResponse.parse(response.body).data.map((v) => v.id);
  };
  const shared = async (token: string, role: number) => {
    const response = await s.api.post(
      PATH,
      {
        table: 'policies',
        name: unique('Callbacks'),
        state: { filter: { email: 'ada.customer@example.test', phone: '5125550199' } },
        shared_role_ids: [role],
      },
      { token },
    );
    expect(response.status, response.text).toBe(201);
    return TableViewResponse.parse(response.body).data;
  };
  // Every way to reach a view by id; a view the caller cannot see answers 404 to each, and stays as it was.
  const expectUnreachable = async (token: string, id: number) => {
    expectError(await a.patch(`${PATH}/${id}`, { name: 'Taken over' }, { token }), 404);
    expectError(await a.patch(`${PATH}/${id}`, { shared_role_ids: [] }, { token }), 404);
    expectError(await a.del(`${PATH}/${id}`, { token }), 404);
  };

  it('shows an agency user’s shared view only to holders inside the owner’s subtree', async () => {
    const role = (
      await a.createRole(await a.tokenOf(ADMIN), { role_name: unique('Producers'), privileges: [] })
    ).id;
    const owner = await userAt(NORTHWIND_AUSTIN, [role]);
    const sameOffice = await userAt(NORTHWIND_AUSTIN, [role]);
    const sibling = await userAt(NORTHWIND_DALLAS, [role]);
    const parent = await userAt(NORTHWIND, [role]);
    const otherAgency = await userAt(LAKESIDE, [role]);
    const house = await userAt(HOUSE, [role]);

    const view = await shared(owner.token, role);
    expect(await listed(sameOffice.token)).toEqual([view.id]);
    for (const outsider of [sibling, parent, otherAgency, house]) {
      expect(await listed(outsider.token)).toEqual([]);
      await expectUnreachable(outsider.token, view.id);
    }
    const after = await s.api.get(`${PATH}?table=policies`, { token: owner.token });
    expect(TableViewListResponse.parse(after.body).data).toEqual([view]);
  });

  it('shows a house user’s shared view to house users only, never to an agency', async () => {
    const role = (
      await a.createRole(await a.tokenOf(ADMIN), { role_name: unique('Everyone'), privileges: [] })
    ).id;
    const owner = await userAt(HOUSE, [role]);
    const colleague = await userAt(HOUSE, [role]);
    const agencies = [await userAt(NORTHWIND, [role]), await userAt(LAKESIDE, [role])];
    const view = await shared(owner.token, role);
    expect(await listed(colleague.token)).toEqual([view.id]);
    for (const agency of agencies) {
      expect(await listed(agency.token)).toEqual([]);
      await expectUnreachable(agency.token, view.id);
    }
  });

  it('lets a parent agency’s view reach the holders in its child offices', async () => {
    const role = (await a.createRole(await a.tokenOf(ADMIN), { role_name: unique('Team'), privileges: [] }))
      .id;
    const owner = await userAt(NORTHWIND, [role]);
    const child = await userAt(NORTHWIND_DALLAS, [role]);
    const view = await shared(owner.token, role);
    expect(await listed(child.token)).toEqual([view.id]);
    // A holder may apply it, not change it.
    expectError(await a.patch(`${PATH}/${view.id}`, { name: 'Mine' }, { token: child.token }), 403);
  });
});
