import { describe, expect, it } from 'vitest';
import { ProfileResponse } from '../../src/api/schemas/session';
import { RoleListResponse, RoleResponse, RoleSearchResponse } from '../../src/api/schemas/roles';
import { UserResponse } from '../../src/api/schemas/users';
import { TEST_PASSWORD, adminApi, unique, uniqueEmail } from '../support/accessAdmin';
import { expectError, expectValidationError } from '../support/http';
import { ADMIN, LAKESIDE, NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Role ownership (docs/decisions/012): the probe's escalation, tried end to end as a hostile agency would.
// Every role has an owner: the house, or the agency whose user made it. House roles are changed by staff only;
// an agency's role is changed only inside the agency's subtree, given only to users inside it (by anyone,
// the house included), and shown to nobody outside it.
const ADMINISTRATION = ['admin_role', 'admin_user', 'user_assign_passwd'];
const QUOTING = ['quote_new', 'quote_search', 'quote_policy', 'renters_qt_create', 'renters_policy_srch'];

describe.each(testDatabases())('roles owned by an entity on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const admin = () => a.tokenOf(ADMIN);

  // A user administrator of an agency, holding the Agent role's privileges and all of role and user
  // administration (made by the house, with a house role).
  const administrators = new Map<string, { id: number; token: string }>();
  const administratorOf = async (entity: string) => {
    if (!administrators.has(entity)) {
      const role = await a.createRole(await admin(), {
        role_name: unique('Agency Administration'),
        privileges: [...ADMINISTRATION, ...QUOTING],
      });
      const user = await a.createUser(await admin(), { entity, roles: [role.id] });
      administrators.set(entity, { id: user.id, token: await a.tokenOf(user.email, TEST_PASSWORD) });
    }
    return administrators.get(entity)!;
  };
  const agentRoleId = async () => {
    const response = await s.api.get('/v2/lists/roles', { token: await admin() });
    return RoleListResponse.parse(response.body).data.find((r) => r.role_name === 'Agent')!.id;
  };
  const privilegesOfAgent = async () => {
    const response = await s.api.get(`/v2/roles/${await agentRoleId()}`, { token: await admin() });
    return RoleResponse.parse(response.body)
      .data.privileges.map((p) => p.priv_code)
      .sort();
  };
  const userBody = (entity: string, roles: number[]) => ({
    fname: 'Lee',
    lname: 'Newhire',
    email: uniqueEmail('newhire'),
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
    entity,
    roles,
  });
  const ownerOf = (body: unknown) => (body as { data: { owner?: unknown } }).data.owner;

  it('keeps an agency user administrator out of house roles, so the probe’s escalation fails', async () => {
    const northwind = await administratorOf(NORTHWIND);
    const agent = await agentRoleId();
    const before = await privilegesOfAgent();
    // The probe: nobody outside Northwind holds "Agent" at this moment (the demo's agent is in Austin).
    const escalation = await a.patch(
      `/v2/roles/${agent}`,
      { privileges: [...before, ...ADMINISTRATION] },
      { token: northwind.token },
    );
    expectError(escalation, 403);
    expectError(
      await a.patch(`/v2/roles/${agent}`, { role_desc: 'Ours now' }, { token: northwind.token }),
      403,
    );
    expectError(await a.del(`/v2/roles/${agent}`, { token: northwind.token }), 403);
    expect(await privilegesOfAgent()).toEqual(before);

    // The house then gives "Agent" to a new Lakeside user: they get quoting, and nothing of administration.
    const created = await s.api.post('/v2/users', userBody(LAKESIDE, [agent]), { token: await admin() });
    expect(created.status, created.text).toBe(201);
    const email = (created.body as { data: { email: string } }).data.email;
    const profile = await s.api.get('/v2/my/profile', { token: await a.tokenOf(email, TEST_PASSWORD) });
    const privileges = ProfileResponse.parse(profile.body).data.privilegeCodes;
    for (const code of ADMINISTRATION) expect(privileges).not.toContain(code);
    expectError(await s.api.get('/v2/users', { token: await a.tokenOf(email, TEST_PASSWORD) }), 403);
  });

  it('lets the house change its roles, and shows each role’s owner', async () => {
    const agent = await agentRoleId();
    const response = await a.patch(
      `/v2/roles/${agent}`,
      { role_desc: 'Agency producers' },
      { token: await admin() },
    );
    expect(response.status, response.text).toBe(200);
    expect(ownerOf(response.body)).toBeNull();
    await a.patch(
      `/v2/roles/${agent}`,
      { role_desc: 'Agency producers quoting and binding policies' },
      {
        token: await admin(),
      },
    );
  });

  it('tells no agency that another agency uses a role name: names are unique along a line of ownership', async () => {
    const northwind = await administratorOf(NORTHWIND);
    const lakeside = await administratorOf(LAKESIDE);
    const austin = await administratorOf(NORTHWIND_AUSTIN);
    const name = unique('Senior Desk');
    const create = (token: string, role_name: string) =>
      s.api.post('/v2/roles', { role_name, privileges: ['quote_new'] }, { token });
    const made = await create(northwind.token, name);
    expect(made.status, made.text).toBe(201);
    const northwindRole = RoleResponse.parse(made.body).data;

    // Lakeside probes the name, in any case: it is free for Lakeside, which learns nothing of Northwind.
    const probe = await create(lakeside.token, name.toUpperCase());
    expect(probe.status, probe.text).toBe(201);
    const lakesideRole = RoleResponse.parse(probe.body).data;
    expect(lakesideRole.owner).toMatchObject({ entity_code: LAKESIDE });
    // Nor does renaming one of its own roles to it, or a second Lakeside role of the name, say more than
    // Lakeside sees: taken by its own role.
    const other = await create(lakeside.token, unique('Front Desk'));
    expect(other.status, other.text).toBe(201);
    const renamed = await s.api.request('PATCH', `/v2/roles/${RoleResponse.parse(other.body).data.id}`, {
      token: lakeside.token,
      body: { role_name: name },
    });
    expect(expectValidationError(renamed, ['role_name']).errors.role_name).toEqual([
      'The role name has already been taken.',
    ]);

    // Along Northwind's line the name stays taken (an office's users may hold Northwind's roles), and the
    // office sees the role that takes it; a house role's name is taken for everyone, who all see it.
    const below = expectValidationError(await create(austin.token, name), ['role_name']);
    expect(below.errors.role_name).toEqual(['The role name has already been taken.']);
    const seen = await s.api.get(`/v2/roles/${northwindRole.id}`, { token: austin.token });
    expect(seen.status, seen.text).toBe(200);
    expectValidationError(await create(lakeside.token, 'aDMINISTRATOR'), ['role_name']);
    // The house, whose roles anyone may hold, may not take a name an agency uses.
    expectValidationError(await create(await admin(), name), ['role_name']);
    // Lakeside still cannot see Northwind's role.
    expectError(await s.api.get(`/v2/roles/${northwindRole.id}`, { token: lakeside.token }), 404);
  });

  it('gives an agency’s role to nobody outside the agency, whoever assigns it and however', async () => {
    const northwind = await administratorOf(NORTHWIND);
    const lakeside = await administratorOf(LAKESIDE);
    const made = await s.api.post(
      '/v2/roles',
      { role_name: unique('Northwind Seniors'), privileges: ['admin_user', 'quote_new'] },
      { token: northwind.token },
    );
    expect(made.status, made.text).toBe(201);
    const role = RoleResponse.parse(made.body).data;
    expect(ownerOf(made.body)).toMatchObject({ entity_code: NORTHWIND });

    // Inside Northwind's subtree it is given as any role is.
    const inside = await s.api.post('/v2/users', userBody(NORTHWIND_DALLAS, [role.id]), {
      token: northwind.token,
    });
    expect(inside.status, inside.text).toBe(201);
    const insider = UserResponse.parse(inside.body).data;

    // The house cannot give it to a Lakeside user: neither at creation nor by an edit.
    const refused = expectValidationError(
      await s.api.post('/v2/users', userBody(LAKESIDE, [role.id]), { token: await admin() }),
      ['roles'],
    );
    expect(refused.errors.roles![0]).toMatch(/belongs to another agency/);
    const lakesider = await a.createUser(await admin(), { entity: LAKESIDE, roles: [] });
    expectValidationError(
      await a.patch(`/v2/users/${lakesider.id}`, { roles: [role.id] }, { token: await admin() }),
      ['roles'],
    );
    // Nor move a holder out of Northwind with it.
    expectValidationError(
      await a.patch(`/v2/users/${insider.id}`, { entity: LAKESIDE }, { token: await admin() }),
      ['entity'],
    );
    // Lakeside's administrator cannot name it at all.
    const foreign = expectValidationError(
      await s.api.post('/v2/users', userBody(LAKESIDE, [role.id]), { token: lakeside.token }),
      ['roles'],
    );
    expect(foreign.errors.roles).toEqual([`The selected role ${role.id} does not exist.`]);
    expectValidationError(
      await a.patch(`/v2/users/${lakesider.id}`, { roles: [role.id] }, { token: lakeside.token }),
      ['roles'],
    );
    const held = await s.api.get(`/v2/users/${lakesider.id}`, { token: await admin() });
    expect(UserResponse.parse(held.body).data.roles).toEqual([]);
    const moved = await s.api.get(`/v2/users/${insider.id}`, { token: await admin() });
    expect(UserResponse.parse(moved.body).data.entity.entity_code).toBe(NORTHWIND_DALLAS);
  });

  it('shows an agency’s role only inside its subtree, and lets only that subtree change it', async () => {
    const northwind = await administratorOf(NORTHWIND);
    const austin = await administratorOf(NORTHWIND_AUSTIN);
    const lakeside = await administratorOf(LAKESIDE);
    const made = await s.api.post(
      '/v2/roles',
      { role_name: unique('Austin Desk'), privileges: ['quote_new'] },
      { token: austin.token },
    );
    expect(made.status, made.text).toBe(201);
    const role = RoleResponse.parse(made.body).data;
    const path = `/v2/roles/${role.id}`;

    const listed = async (token: string) => {
      const search = RoleSearchResponse.parse((await s.api.get('/v2/roles?limit=100', { token })).body);
      const options = RoleListResponse.parse((await s.api.get('/v2/lists/roles', { token })).body);
      return [search.data.some((r) => r.id === role.id), options.data.some((r) => r.id === role.id)];
    };
    expect(await listed(lakeside.token)).toEqual([false, false]);
    expect(await listed(northwind.token)).toEqual([true, true]);
    expect(await listed(await admin())).toEqual([true, true]);
    // Lakeside's house roles are there: only the foreign one is hidden.
    const lakesideOptions = RoleListResponse.parse(
      (await s.api.get('/v2/lists/roles', { token: lakeside.token })).body,
    );
    expect(lakesideOptions.data.map((r) => r.role_name)).toContain('Agent');

    for (const [method, url, body] of [
      ['GET', path, undefined],
      ['GET', `${path}/history`, undefined],
      ['PATCH', path, { privileges: ['quote_new', 'admin_user'] }],
      ['DELETE', path, undefined],
    ] as const) {
      expectError(await s.api.request(method, url, { token: lakeside.token, body }), 404);
    }
    // A parent agency and the house may change it.
    const renamed = await a.patch(path, { role_desc: 'Austin front desk' }, { token: northwind.token });
    expect(renamed.status, renamed.text).toBe(200);
    const byHouse = await a.patch(path, { role_desc: 'Austin desk' }, { token: await admin() });
    expect(byHouse.status, byHouse.text).toBe(200);
    expect((await a.del(path, { token: austin.token })).status).toBe(200);
  });

  it('keeps a role another agency made out of a sibling’s reach', async () => {
    const austin = await administratorOf(NORTHWIND_AUSTIN);
    const dallas = await administratorOf(NORTHWIND_DALLAS);
    const made = await s.api.post(
      '/v2/roles',
      { role_name: unique('Dallas Desk'), privileges: ['quote_new'] },
      { token: dallas.token },
    );
    const role = RoleResponse.parse(made.body).data;
    expectError(
      await a.patch(`/v2/roles/${role.id}`, { role_desc: 'Austin’s' }, { token: austin.token }),
      404,
    );
    const austinUser = await s.api.post(
      '/v2/users',
      { ...userBody(NORTHWIND_AUSTIN, [role.id]) },
      { token: await admin() },
    );
    expectValidationError(austinUser, ['roles']);
  });
});
