import { describe, expect, it } from 'vitest';
import { HistoryResponse } from '../../src/api/schemas/history';
import { ProfileResponse } from '../../src/api/schemas/session';
import { accountKey } from '../../src/server/auth/loginThrottle';
import { TEST_PASSWORD, adminApi } from '../support/accessAdmin';
import { expectError, expectValidationError } from '../support/http';
import { ADMIN, AGENT, HOUSE, LAKESIDE } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Own settings (issue 3, SPEC §2 /my/settings): every signed-in user edits their own profile and changes
// their own password; nothing here reaches anyone else's account.
describe.each(testDatabases())('own settings API on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);

  // A fresh user per test, signed in.
  const freshUser = async (entity = LAKESIDE) => {
    const user = await a.createUser(await a.tokenOf(ADMIN), {
      entity,
      fname: 'Pat',
      lname: 'Lee',
      phone: '5125550150',
    });
    const session = await s.api.login(user.email, TEST_PASSWORD);
    return { user, session, token: session.accessToken };
  };
  const profileOf = async (token: string) => {
    const response = await s.api.get('/v2/my/profile', { token });
    expect(response.status, response.text).toBe(200);
    return ProfileResponse.strict().parse(response.body).data;
  };
  const changePassword = (token: string, body: Record<string, unknown>) =>
    s.api.post('/v2/my/password', body, { token });

  describe('PATCH /v2/my/profile', () => {
    it('changes own name, phone and extension, and answers the new profile', async () => {
      const { user, token } = await freshUser();
      const response = await a.patch(
        '/v2/my/profile',
        { firstName: ' Patricia ', lastName: 'Lee-Smith', phone: '+1 (512) 555-0177', ext: '301' },
        { token },
      );
      expect(response.status, response.text).toBe(200);
      const profile = ProfileResponse.strict().parse(response.body).data;
      expect(profile).toMatchObject({
        id: user.id,
        name: 'Patricia Lee-Smith',
        firstName: 'Patricia',
        lastName: 'Lee-Smith',
        phone: '15125550177',
        ext: '301',
        email: user.email,
      });
      expect(await profileOf(token)).toEqual(profile);
      const cleared = ProfileResponse.parse(
        (await a.patch('/v2/my/profile', { phone: null, ext: '' }, { token })).body,
      );
      expect(cleared.data).toMatchObject({ phone: null, ext: null });
    });

    it('records the change in the user’s history as made by the user', async () => {
      const { user, token } = await freshUser();
      await a.patch('/v2/my/profile', { lastName: 'Changed' }, { token });
      const history = HistoryResponse.parse(
        (await s.api.get(`/v2/users/${user.id}/history`, { token: await a.tokenOf(ADMIN) })).body,
      ).data;
      const last = history.at(-1)!;
      expect(last).toMatchObject({ type: 'user.updated', changes: { lastName: 'Changed' } });
      expect(last.actor).toEqual({ id: user.id, name: 'Pat Changed' });
    });

    it('appends nothing when nothing changes', async () => {
      const { user, token } = await freshUser();
      await a.patch('/v2/my/profile', { firstName: 'Pat', lastName: 'Lee' }, { token });
      await a.patch('/v2/my/profile', {}, { token });
      const history = HistoryResponse.parse(
        (await s.api.get(`/v2/users/${user.id}/history`, { token: await a.tokenOf(ADMIN) })).body,
      ).data;
      expect(history.map((e) => e.type)).toEqual(['user.registered']);
    });

    it('answers 422 for an empty name, a bad phone, and fields that are not one’s own to change', async () => {
      const { token } = await freshUser();
      expectValidationError(await a.patch('/v2/my/profile', { firstName: '  ' }, { token }), ['firstName']);
      expectValidationError(await a.patch('/v2/my/profile', { phone: '555' }, { token }), ['phone']);
      expectValidationError(await a.patch('/v2/my/profile', { ext: '1234567' }, { token }), ['ext']);
      for (const field of ['email', 'roles', 'entity', 'isAdmin', 'password', 'id']) {
        expectValidationError(await a.patch('/v2/my/profile', { [field]: 'x' }, { token }), [field]);
      }
    });

    it('answers 401 without a session', async () => {
      expectError(await a.patch('/v2/my/profile', { firstName: 'X' }), 401);
    });
  });

  describe('POST /v2/my/password', () => {
    it('changes the password, keeps this session and ends the others', async () => {
      const { user, session, token } = await freshUser();
      const other = await s.api.login(user.email, TEST_PASSWORD);
      const next = 'my-own-new-password-1';
      const response = await changePassword(token, {
        currentPassword: TEST_PASSWORD,
        password: next,
        passwordConfirmation: next,
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ message: expect.stringContaining('changed') });
      expect((await profileOf(token)).email).toBe(user.email);
      expect((await s.api.refresh(session.refreshToken)).status).toBe(200);
      expectError(await s.api.get('/v2/my/profile', { token: other.accessToken }), 401);
      expect((await s.api.refresh(other.refreshToken)).status).toBe(401);
      expect((await s.api.post('/v2/auth', { email: user.email, password: TEST_PASSWORD })).status).toBe(422);
      expect((await s.api.post('/v2/auth', { email: user.email, password: next })).status).toBe(200);
      const history = HistoryResponse.parse(
        (await s.api.get(`/v2/users/${user.id}/history`, { token: await a.tokenOf(ADMIN) })).body,
      ).data;
      expect(history.at(-1)).toMatchObject({ type: 'user.passwordChanged', changes: { reason: 'change' } });
    });

    it('answers 422 for a wrong current password, a weak, unconfirmed or unchanged new one', async () => {
      const { token } = await freshUser(HOUSE);
      const wrong = expectValidationError(
        await changePassword(token, {
          currentPassword: 'not-it-at-all',
          password: 'new-password-1',
          passwordConfirmation: 'new-password-1',
        }),
        ['currentPassword'],
      );
      expect(wrong.errors.currentPassword).toEqual(['The current password is incorrect.']);
      const weak = expectValidationError(
        await changePassword(token, {
          currentPassword: TEST_PASSWORD,
          password: 'short',
          passwordConfirmation: 'short',
        }),
        ['password'],
      );
      expect(weak.errors.password).toEqual(['The password must be at least 8 characters.']);
      expectValidationError(
        await changePassword(token, {
          currentPassword: TEST_PASSWORD,
          password: 'new-password-1',
          passwordConfirmation: 'new-password-2',
        }),
        ['passwordConfirmation'],
      );
      expectValidationError(
        await changePassword(token, {
          currentPassword: TEST_PASSWORD,
          password: TEST_PASSWORD,
          passwordConfirmation: TEST_PASSWORD,
        }),
        ['password'],
      );
      expectValidationError(await changePassword(token, {}), [
        'currentPassword',
        'password',
        'passwordConfirmation',
      ]);
      // Nothing changed: the old password still works.
      expect(
        (await s.api.post('/v2/auth', { email: (await profileOf(token)).email, password: TEST_PASSWORD }))
          .status,
      ).toBe(200);
    });

    it('counts wrong current passwords like failed logins', async () => {
      const { user, token } = await freshUser();
      const attempts = await s.t.server.database.db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('key', '=', accountKey(user.email, '127.0.0.1'))
        .executeTakeFirstOrThrow();
      expect(Number(attempts.n)).toBe(0);
      await changePassword(token, {
        currentPassword: 'wrong-guess-1',
        password: 'new-password-1',
        passwordConfirmation: 'new-password-1',
      });
      const after = await s.t.server.database.db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('key', '=', accountKey(user.email, '127.0.0.1'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(1);
    });

    it('is open to every signed-in user, and to nobody else', async () => {
      expectError(
        await changePassword('', { currentPassword: 'x', password: 'y', passwordConfirmation: 'y' }),
        401,
      );
      const token = await a.tokenOf(AGENT);
      expectValidationError(await changePassword(token, {}), ['currentPassword']);
    });
  });
});
