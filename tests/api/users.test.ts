import { describe, expect, it } from 'vitest';
import { HistoryResponse } from '../../src/api/schemas/history';
import { ProfileResponse } from '../../src/api/schemas/session';
import {
  UserCreatedResponse,
  UserResponse,
  UserSearchResponse,
  type User,
} from '../../src/api/schemas/users';
import { TEST_PASSWORD, adminApi, unique, uniqueEmail } from '../support/accessAdmin';
import { expectError, expectValidationError } from '../support/http';
import {
  ACCOUNTING,
  ADMIN,
  AGENT,
  HOUSE,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
} from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Users administration (issue 3 part 4, SPEC §6 "Users admin"): search, view, add, edit, deactivate, delete,
// passwords, history; entity scope for agency user admins; nobody manages someone who holds more than them.
describe.each(testDatabases())('users API on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const admin = () => a.tokenOf(ADMIN);

  const search = async (query: string, token?: string) => {
    const response = await s.api.get(`/v2/users${query}`, { token: token ?? (await admin()) });
    expect(response.status, response.text).toBe(200);
    return UserSearchResponse.strict().parse(response.body);
  };
  const view = async (id: number, token?: string) => {
    const response = await s.api.get(`/v2/users/${id}`, { token: token ?? (await admin()) });
    expect(response.status, response.text).toBe(200);
    return UserResponse.strict().parse(response.body).data;
  };
  const emails = (page: { data: { email: string }[] }) => page.data.map((u) => u.email).sort();
  const loginStatus = async (email: string, password: string) =>
    (await s.api.post('/v2/auth', { email, password })).status;
  const roleId = async (name: string) => {
    const response = await s.api.get(`/v2/roles?filter[name]=${encodeURIComponent(name)}`, {
      token: await admin(),
    });
    return (response.body as { data: { id: number; role_name: string }[] }).data.find(
      (r) => r.role_name === name,
    )!.id;
  };

  // An agency user admin of Northwind (external): all of users admin plus the privileges of the Agent role,
  // but not user_assign_passwd.
  let agencyAdmin: User | null = null;
  const asAgencyAdmin = async () => {
    if (!agencyAdmin) {
      const role = await a.createRole(await admin(), {
        role_name: unique('Agency User Admin'),
        privileges: ['admin_user', 'quote', 'quote_policy', 'renters_qt_create', 'renters_policy_srch'],
      });
      agencyAdmin = await a.createUser(await admin(), { entity: NORTHWIND, roles: [role.id] });
    }
    return { user: agencyAdmin, token: await a.tokenOf(agencyAdmin.email, TEST_PASSWORD) };
  };

  describe('GET /v2/users', () => {
    it('pages users by name with entity, roles and status', async () => {
      const page = await search('?limit=5');
      expect(page.meta.page).toEqual({ number: 1, limit: 5, from: 1, to: 5 });
      expect(page.meta.total).toBeGreaterThanOrEqual(7);
      const names = page.data.map((u) => `${u.last_name} ${u.first_name}`);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
      const agent = (await search('?filter[emailAddress]=agent@demo')).data[0]!;
      expect(agent).toMatchObject({
        name: 'Sam Patel',
        phone: '5125550102',
        roles: ['Agent'],
        user_type: 'external',
        is_enabled: true,
        entity: { entity_code: NORTHWIND_AUSTIN, entity_name: 'Northwind Pet Agency — Austin' },
      });
    });

    it('filters by entity code, name, e-mail, phone (however typed), role name and status', async () => {
      expect(emails(await search(`?filter[entityCode]=${NORTHWIND}`))).toEqual(
        expect.arrayContaining([MANAGER]),
      );
      expect(emails(await search('?filter[userName]=sam%20pat'))).toEqual([AGENT]);
      expect(emails(await search('?filter[emailAddress]=REVIEWER'))).toEqual(['reviewer@demo.test']);
      expect(emails(await search('?filter[phoneNumber]=(512)%20555-0102'))).toEqual([AGENT]);
      expect((await search('?filter[phoneNumber]=abc')).data).toEqual([]);
      expect(emails(await search('?filter[roleName]=commission%20rev'))).toEqual(['reviewer@demo.test']);
      expect(emails(await search('?filter[roleName]=agent&filter[entityCode]=1000'))).toEqual([INTERNAL]);
      const inactive = await search('?filter[status]=inactive&limit=100');
      expect(inactive.data.every((u) => !u.is_enabled)).toBe(true);
      expectValidationError(await s.api.get('/v2/users?filter[status]=gone', { token: await admin() }), [
        'filter.status',
      ]);
    });

    it('sorts by e-mail, entity code and phone in either order', async () => {
      for (const [sort, key] of [
        ['emailAddress', (u: { email: string }) => u.email],
        ['entityCode', (u: { entity: { entity_code: string } }) => u.entity.entity_code],
      ] as const) {
        for (const order of ['asc', 'desc']) {
          const values = (await search(`?sort=${sort}&order=${order}&limit=100`)).data.map(
            key as (u: unknown) => string,
          );
          const sorted = [...values].sort();
          expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
        }
      }
      expect((await search('?sort=phoneNumber')).data.length).toBeGreaterThan(0);
      expectValidationError(await s.api.get('/v2/users?sort=password_hash', { token: await admin() }), [
        'sort',
      ]);
    });

    it('shows an agency user admin the users of their own entity subtree only', async () => {
      const { token } = await asAgencyAdmin();
      const page = await search('?limit=100', token);
      const codes = new Set(page.data.map((u) => u.entity.entity_code));
      expect([...codes].every((c) => [NORTHWIND, NORTHWIND_AUSTIN, NORTHWIND_DALLAS].includes(c))).toBe(true);
      expect(emails(page)).toEqual(expect.arrayContaining([AGENT, MANAGER]));
      expect(emails(page)).not.toContain(ADMIN);
      expect((await search(`?filter[entityCode]=${HOUSE}`, token)).data).toEqual([]);
    });

    it('answers 403 without admin_user_list', async () => {
      for (const email of [AGENT, MANAGER, ACCOUNTING]) {
        expectError(await s.api.get('/v2/users', { token: await a.tokenOf(email) }), 403);
      }
    });
  });

  describe('POST /v2/users', () => {
    it('creates a user with a password who can sign in, typed by their entity', async () => {
      const token = await admin();
      const agentRole = await roleId('Agent');
      const email = uniqueEmail('New.Agent');
      const response = await s.api.post(
        '/v2/users',
        {
          fname: ' Riley ',
          lname: 'Chen',
          email,
          phone: '(512) 555-0199',
          ext: '42',
          password: TEST_PASSWORD,
          password_confirmation: TEST_PASSWORD,
          entity: LAKESIDE.toLowerCase(),
          roles: [agentRole],
        },
        { token },
      );
      expect(response.status, response.text).toBe(201);
      const { data: user, invited } = UserCreatedResponse.strict().parse(response.body);
      expect(invited).toBe(false);
      expect(user).toMatchObject({
        name: 'Riley Chen',
        email,
        phone: '5125550199',
        ext: '42',
        user_type: 'external',
        is_admin: false,
        is_enabled: true,
        entity: { entity_code: LAKESIDE },
        roles: [{ id: agentRole, role_name: 'Agent' }],
        version: 1,
        created_by: { name: 'Alex Morgan' },
      });
      expect(user.priv_codes).toEqual(expect.arrayContaining(['quote_new', 'quote_search']));
      expect(await view(user.id)).toEqual(user);
      const session = await s.api.login(email.toUpperCase(), TEST_PASSWORD);
      const profile = ProfileResponse.parse(
        (await s.api.get('/v2/my/profile', { token: session.accessToken })).body,
      );
      expect(profile.data).toMatchObject({ roles: ['Agent'], isExternalAgent: true, ext: '42' });
      expect(await s.t.lastMailTo(email)).toBeNull();
    });

    it('makes house users internal, or administrators when flagged', async () => {
      const token = await admin();
      expect((await a.createUser(token, { entity: HOUSE })).user_type).toBe('internal');
      const flagged = await a.createUser(token, { entity: HOUSE, is_admin: true });
      expect(flagged).toMatchObject({ user_type: 'admin', is_admin: true });
      const session = await s.api.login(flagged.email, TEST_PASSWORD);
      const profile = ProfileResponse.parse(
        (await s.api.get('/v2/my/profile', { token: session.accessToken })).body,
      );
      expect(profile.data).toMatchObject({ isAdmin: true, isInternalAgent: false, isExternalAgent: false });
      const refused = expectValidationError(
        await s.api.post(
          '/v2/users',
          { fname: 'A', lname: 'B', email: uniqueEmail('x'), entity: LAKESIDE, is_admin: true },
          { token },
        ),
        ['is_admin'],
      );
      expect(refused.errors.is_admin).toEqual(['Only users of the house entity can be administrators.']);
    });

    it('invites a user without a password: the mailed link lets them choose one and sign in', async () => {
      const email = uniqueEmail('invited');
      const response = await s.api.post(
        '/v2/users',
        { fname: 'Ivy', lname: 'Invited', email, entity: LAKESIDE },
        { token: await admin() },
      );
      expect(response.status, response.text).toBe(201);
      const { data: user, invited } = UserCreatedResponse.parse(response.body);
      expect(invited).toBe(true);
      expect(user.email_verified_at).toBeNull();
      const mail = await s.t.lastMailTo(email);
      expect(mail?.subject).toBe('You have been invited to the agent portal');
      expect(mail?.body).toContain('within 7 days');
      const link = new URL(mail!.link);
      expect(link.pathname).toBe('/reset-password');
      expect(link.origin).toBe(s.api.url);
      const reset = await s.api.post('/v1/password-reset', {
        email,
        token: link.searchParams.get('token'),
        password: TEST_PASSWORD,
        passwordConfirmation: TEST_PASSWORD,
      });
      expect(reset.status, reset.text).toBe(200);
      expect(await loginStatus(email, TEST_PASSWORD)).toBe(200);
      // Choosing a password through the mailed link proves the address.
      expect((await view(user.id)).email_verified_at).not.toBeNull();
      const row = await s.t.server.database.db
        .selectFrom('password_resets')
        .select('expires_at')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    });

    it('answers 422 for a duplicate e-mail (any case), weak or mismatched passwords and bad fields', async () => {
      const token = await admin();
      const post = (body: Record<string, unknown>) =>
        s.api.post(
          '/v2/users',
          { fname: 'A', lname: 'B', email: uniqueEmail('v'), entity: HOUSE, ...body },
          { token },
        );
      const taken = expectValidationError(await post({ email: 'Agent@Demo.Test' }), ['email']);
      expect(taken.errors.email).toEqual(['The email has already been taken.']);
      const weak = expectValidationError(await post({ password: 'short', password_confirmation: 'short' }), [
        'password',
      ]);
      expect(weak.errors.password).toEqual(['The password must be at least 8 characters.']);
      expectValidationError(
        await post({ password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }),
        ['password'],
      );
      expectValidationError(
        await post({ password: TEST_PASSWORD, password_confirmation: 'other-password' }),
        ['password_confirmation'],
      );
      expectValidationError(await post({ email: 'not-an-email' }), ['email']);
      expectValidationError(await post({ fname: '' }), ['fname']);
      expectValidationError(await post({ phone: '12' }), ['phone']);
      expectValidationError(await post({ ext: 'ext 5' }), ['ext']);
      expectValidationError(await post({ entity: '12-34' }), ['entity']);
      expectValidationError(await post({ entity: '9999-9999-ZZ' }), ['entity']);
      expectValidationError(await post({ roles: [999999] }), ['roles']);
      expectValidationError(await post({ roles: [1, 1] }), ['roles']);
      expectValidationError(await post({ password_hash: 'x' }), ['password_hash']);
      expectValidationError(await s.api.post('/v2/users', {}, { token }), [
        'fname',
        'lname',
        'email',
        'entity',
      ]);
    });

    it('keeps agency user admins to their subtree, their own privileges, and invitations', async () => {
      const { token } = await asAgencyAdmin();
      const body = { fname: 'Dee', lname: 'Dallas', email: uniqueEmail('dallas'), entity: NORTHWIND_DALLAS };
      const created = await s.api.post('/v2/users', { ...body, roles: [await roleId('Agent')] }, { token });
      expect(created.status, created.text).toBe(201);
      expect(UserCreatedResponse.parse(created.body)).toMatchObject({
        invited: true,
        data: { user_type: 'external' },
      });
      const outside = expectValidationError(
        await s.api.post('/v2/users', { ...body, email: uniqueEmail('l'), entity: LAKESIDE }, { token }),
        ['entity'],
      );
      expect(outside.errors.entity).toEqual(['The selected entity is invalid.']);
      const above = expectValidationError(
        await s.api.post(
          '/v2/users',
          { ...body, email: uniqueEmail('m'), roles: [await roleId('Agency Manager')] },
          { token },
        ),
        ['roles'],
      );
      expect(above.errors.roles).toEqual([
        'You cannot assign the role Agency Manager: it holds privileges you do not hold.',
      ]);
      expectError(
        await s.api.post(
          '/v2/users',
          { ...body, email: uniqueEmail('p'), password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
          { token },
        ),
        403,
      );
    });

    it('answers 403 without admin_user_add', async () => {
      expectError(await s.api.post('/v2/users', { fname: 'A' }, { token: await a.tokenOf(MANAGER) }), 403);
    });

    it('gives one of several racing creates of an e-mail the user, and the others a 422', async () => {
      const token = await admin();
      const email = uniqueEmail('race');
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          s.api.post('/v2/users', { fname: 'R', lname: 'R', email, entity: HOUSE }, { token }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    });
  });

  describe('GET /v2/users/{id}', () => {
    it('answers 404 for missing users and users outside the caller’s entity subtree, 422 for a bad id', async () => {
      const { token } = await asAgencyAdmin();
      const house = (await search('?filter[emailAddress]=internal@demo')).data[0]!;
      expectError(await s.api.get(`/v2/users/${house.id}`, { token }), 404);
      expectError(await s.api.get('/v2/users/999999', { token: await admin() }), 404);
      const bad = expectValidationError(await s.api.get('/v2/users/x1', { token: await admin() }), ['id']);
      expect(bad.errors.id).toEqual(['id must be an integer number']);
      const agent = (await search('?filter[emailAddress]=agent@demo')).data[0]!;
      expect((await view(agent.id, token)).email).toBe(AGENT);
    });
  });

  describe('PATCH /v2/users/{id}', () => {
    it('edits fields, entity and roles; the user type follows the entity', async () => {
      const token = await admin();
      const user = await a.createUser(token, { entity: HOUSE, is_admin: true });
      const email = uniqueEmail('Moved');
      const agentRole = await roleId('Agent');
      const response = await a.patch(
        `/v2/users/${user.id}`,
        {
          fname: 'Morgan',
          phone: '512.555.0111',
          ext: '',
          email,
          entity: LAKESIDE,
          roles: [agentRole],
          version: 1,
        },
        { token },
      );
      expect(response.status, response.text).toBe(200);
      const changed = UserResponse.strict().parse(response.body).data;
      expect(changed).toMatchObject({
        first_name: 'Morgan',
        phone: '5125550111',
        ext: null,
        email,
        entity: { entity_code: LAKESIDE },
        user_type: 'external',
        is_admin: false,
        roles: [{ id: agentRole, role_name: 'Agent' }],
        version: 3,
      });
      const back = UserResponse.parse(
        (await a.patch(`/v2/users/${user.id}`, { entity: HOUSE, is_admin: true }, { token })).body,
      ).data;
      expect(back).toMatchObject({ user_type: 'admin', is_admin: true, version: 4 });
      const same = UserResponse.parse(
        (await a.patch(`/v2/users/${user.id}`, { fname: 'Morgan', entity: HOUSE }, { token })).body,
      ).data;
      expect(same.version).toBe(4);
    });

    it('answers 422 for a taken e-mail, self role or entity changes, and 409 for a stale version', async () => {
      const token = await admin();
      const user = await a.createUser(token, { entity: HOUSE });
      expectValidationError(
        await a.patch(`/v2/users/${user.id}`, { email: 'REPORTS@demo.test' }, { token }),
        ['email'],
      );
      expectValidationError(await a.patch(`/v2/users/${user.id}`, { entity: 'nope' }, { token }), ['entity']);
      expectValidationError(await a.patch(`/v2/users/${user.id}`, { is_admin: 'yes' }, { token }), [
        'is_admin',
      ]);
      expect((await a.patch(`/v2/users/${user.id}`, { lname: 'One', version: 1 }, { token })).status).toBe(
        200,
      );
      expectError(await a.patch(`/v2/users/${user.id}`, { lname: 'Two', version: 1 }, { token }), 409);

      const me = (await search('?filter[emailAddress]=admin@demo')).data[0]!;
      const own = expectValidationError(await a.patch(`/v2/users/${me.id}`, { roles: [] }, { token }), [
        'roles',
      ]);
      expect(own.errors.roles).toEqual(['You cannot change your own roles.']);
      expectValidationError(await a.patch(`/v2/users/${me.id}`, { entity: LAKESIDE }, { token }), ['entity']);
      expect((await a.patch(`/v2/users/${me.id}`, { ext: '7' }, { token })).status).toBe(200);
    });

    it('lets an agency user admin manage users below them, and nobody who holds more', async () => {
      const { token } = await asAgencyAdmin();
      const agent = (await search('?filter[emailAddress]=agent@demo')).data[0]!;
      const manager = (await search('?filter[emailAddress]=manager@demo')).data[0]!;
      const lakeside = await a.createUser(await admin(), { entity: LAKESIDE });
      expect((await a.patch(`/v2/users/${agent.id}`, { ext: '12' }, { token })).status).toBe(200);
      expectError(await a.patch(`/v2/users/${manager.id}`, { ext: '12' }, { token }), 403);
      expectError(await a.patch(`/v2/users/${lakeside.id}`, { ext: '12' }, { token }), 404);
      expectValidationError(await a.patch(`/v2/users/${agent.id}`, { entity: LAKESIDE }, { token }), [
        'entity',
      ]);
      expectValidationError(
        await a.patch(`/v2/users/${agent.id}`, { roles: [await roleId('Administrator')] }, { token }),
        ['roles'],
      );
    });

    it('answers 403 without admin_user_edit', async () => {
      expectError(await a.patch('/v2/users/1', { ext: '1' }, { token: await a.tokenOf(AGENT) }), 403);
    });
  });

  describe('deactivate, reactivate and delete', () => {
    it('deactivating ends the user’s sessions at once; reactivating lets them sign in again', async () => {
      const token = await admin();
      const user = await a.createUser(token, { entity: LAKESIDE });
      const session = await s.api.login(user.email, TEST_PASSWORD);
      expect((await s.api.get('/v2/my/profile', { token: session.accessToken })).status).toBe(200);

      const response = await s.api.post(`/v2/users/${user.id}/deactivate`, undefined, { token });
      expect(response.status, response.text).toBe(200);
      expect(UserResponse.parse(response.body).data.is_enabled).toBe(false);
      expectError(await s.api.get('/v2/my/profile', { token: session.accessToken }), 401);
      expect((await s.api.refresh(session.refreshToken)).status).toBe(401);
      expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(422);
      expectError(await s.api.post(`/v2/users/${user.id}/deactivate`, undefined, { token }), 409);
      expect((await search(`?filter[emailAddress]=${user.email}&filter[status]=inactive`)).data).toHaveLength(
        1,
      );

      const back = await s.api.post(`/v2/users/${user.id}/reactivate`, undefined, { token });
      expect(UserResponse.parse(back.body).data.is_enabled).toBe(true);
      expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(200);
    });

    it('deleting removes the user everywhere but keeps the e-mail reserved', async () => {
      const token = await admin();
      const user = await a.createUser(token, { entity: HOUSE });
      const session = await s.api.login(user.email, TEST_PASSWORD);
      const response = await a.del(`/v2/users/${user.id}`, { token });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ message: 'The user was deleted.' });
      expectError(await s.api.get('/v2/my/profile', { token: session.accessToken }), 401);
      expectError(await s.api.get(`/v2/users/${user.id}`, { token }), 404);
      expectError(await s.api.get(`/v2/users/${user.id}/history`, { token }), 404);
      expectError(await a.del(`/v2/users/${user.id}`, { token }), 404);
      expect((await search(`?filter[emailAddress]=${user.email}`)).data).toEqual([]);
      expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(422);
      const reuse = expectValidationError(
        await s.api.post(
          '/v2/users',
          { fname: 'A', lname: 'B', email: user.email, entity: HOUSE },
          { token },
        ),
        ['email'],
      );
      expect(reuse.errors.email).toEqual(['The email belongs to a deleted user and cannot be used again.']);
    });

    it('nobody deactivates or deletes their own account', async () => {
      const token = await admin();
      const me = (await search('?filter[emailAddress]=admin@demo')).data[0]!;
      const deactivate = expectValidationError(
        await s.api.post(`/v2/users/${me.id}/deactivate`, undefined, { token }),
        ['id'],
      );
      expect(deactivate.message).toBe('You cannot deactivate your own account.');
      expectValidationError(await a.del(`/v2/users/${me.id}`, { token }), ['id']);
      expect(await loginStatus(ADMIN, process.env.DEMO_PASSWORD ?? 'demo-portal-2026')).toBe(200);
    });

    it('keeps agency user admins to their scope and below, and others out', async () => {
      const { token } = await asAgencyAdmin();
      const manager = (await search('?filter[emailAddress]=manager@demo')).data[0]!;
      const house = (await search('?filter[emailAddress]=reports@demo')).data[0]!;
      const below = await a.createUser(await admin(), { entity: NORTHWIND_AUSTIN });
      expectError(await s.api.post(`/v2/users/${manager.id}/deactivate`, undefined, { token }), 403);
      expectError(await a.del(`/v2/users/${house.id}`, { token }), 404);
      expect((await s.api.post(`/v2/users/${below.id}/deactivate`, undefined, { token })).status).toBe(200);
      expect((await a.del(`/v2/users/${below.id}`, { token })).status).toBe(200);
      for (const email of [AGENT, INTERNAL]) {
        const other = await a.tokenOf(email);
        expectError(await s.api.post(`/v2/users/${below.id}/reactivate`, undefined, { token: other }), 403);
        expectError(await a.del(`/v2/users/${below.id}`, { token: other }), 403);
      }
    });
  });

  describe('passwords', () => {
    it('sets a password by hand with user_assign_passwd, ending the user’s sessions', async () => {
      const token = await admin();
      const user = await a.createUser(token, { entity: LAKESIDE });
      const session = await s.api.login(user.email, TEST_PASSWORD);
      const next = 'set-by-an-admin-2026';
      const response = await a.put(
        `/v2/users/${user.id}/password`,
        { password: next, password_confirmation: next },
        { token },
      );
      expect(response.status, response.text).toBe(200);
      expectError(await s.api.get('/v2/my/profile', { token: session.accessToken }), 401);
      expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(422);
      expect(await loginStatus(user.email, next)).toBe(200);
      expectValidationError(
        await a.put(
          `/v2/users/${user.id}/password`,
          { password: 'short', password_confirmation: 'short' },
          { token },
        ),
        ['password'],
      );
      expectValidationError(
        await a.put(
          `/v2/users/${user.id}/password`,
          { password: next, password_confirmation: 'nope' },
          { token },
        ),
        ['password_confirmation'],
      );
      const me = (await search('?filter[emailAddress]=admin@demo')).data[0]!;
      expectValidationError(
        await a.put(
          `/v2/users/${me.id}/password`,
          { password: next, password_confirmation: next },
          { token },
        ),
        ['id'],
      );
    });

    it('answers 403 to user admins without user_assign_passwd', async () => {
      const { token } = await asAgencyAdmin();
      const agent = (await search('?filter[emailAddress]=agent@demo')).data[0]!;
      expectError(
        await a.put(
          `/v2/users/${agent.id}/password`,
          { password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD },
          { token },
        ),
        403,
      );
    });

    it('mails a reset link on request of a user admin', async () => {
      const token = await admin();
      const user = await a.createUser(token, { entity: LAKESIDE });
      const response = await s.api.post(`/v2/users/${user.id}/password-reset`, undefined, { token });
      expect(response.status, response.text).toBe(200);
      const mail = await s.t.lastMailTo(user.email);
      expect(mail?.subject).toBe('Reset your portal password');
      await s.api.post(`/v2/users/${user.id}/deactivate`, undefined, { token });
      expectError(await s.api.post(`/v2/users/${user.id}/password-reset`, undefined, { token }), 409);
      // The link mailed before the deactivation is spent.
      const link = new URL(mail!.link);
      await s.api.post(`/v2/users/${user.id}/reactivate`, undefined, { token });
      const reset = await s.api.post('/v1/password-reset', {
        email: user.email,
        token: link.searchParams.get('token'),
        password: 'another-password-1',
        passwordConfirmation: 'another-password-1',
      });
      expectValidationError(reset, ['token']);
    });
  });

  describe('GET /v2/users/{id}/history', () => {
    it('tells what changed, who and when, and never a password hash', async () => {
      const token = await admin();
      const user = await a.createUser(token, { entity: HOUSE });
      await a.patch(
        `/v2/users/${user.id}`,
        { lname: 'Renamed', roles: [await roleId('Reporting')] },
        { token },
      );
      await a.put(
        `/v2/users/${user.id}/password`,
        { password: 'another-pass-99', password_confirmation: 'another-pass-99' },
        { token },
      );
      await s.api.post(`/v2/users/${user.id}/deactivate`, undefined, { token });
      const response = await s.api.get(`/v2/users/${user.id}/history`, { token });
      expect(response.status, response.text).toBe(200);
      const { data } = HistoryResponse.strict().parse(response.body);
      expect(data.map((e) => e.type)).toEqual([
        'user.registered',
        'user.updated',
        'user.rolesSet',
        'user.passwordChanged',
        'user.deactivated',
      ]);
      expect(data.every((e) => e.actor?.name === 'Alex Morgan')).toBe(true);
      expect(data[1]!.changes).toEqual({ lastName: 'Renamed' });
      expect(data[3]!.changes).toEqual({ reason: 'admin' });
      expect(response.text).not.toMatch(/argon2|passwordHash/);
      const { token: outsider } = await asAgencyAdmin();
      expectError(await s.api.get(`/v2/users/${user.id}/history`, { token: outsider }), 404);
    });
  });
});
