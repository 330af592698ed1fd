import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../src/server/auth/commonPasswords';
import { adminApi, TEST_PASSWORD, uniqueEmail } from '../support/accessAdmin';
import { apiFor, expectValidationError, type Api } from '../support/http';
import { ADMIN, AGENT, LAKESIDE, MANAGER, NORTHWIND_AUSTIN, REPORTS } from '../support/personas';
import { entityIdOf, userIdOf } from '../support/records';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// OWASP ASVS 5.0 chapters 6, 7 and 16 beyond what auth.test.ts covers: common passwords refused wherever a
// password is chosen, security events in the log without secrets, and every event attributed to its user and
// acting entity in an append-only log (docs/security.md).
const COMMON = ['password123', 'Qwertyuiop', 'iloveyou2'];

interface LogLine {
  level: number;
  msg: string;
  security?: { kind: string; reason?: string; email?: string; tokenPresented?: boolean };
  reqId?: string;
  req?: { method: string; url: string };
  userId?: number | null;
  actingEntity?: string | null;
  route?: string | null;
}

describe.each(testDatabases())('auth hardening on %s', (database) => {
  let t: TestServer;
  let api: Api;
  const logText: string[] = [];
  const a = adminApi(() => api);
  const db = () => t.server.database.db;
  const logLines = (): LogLine[] =>
    logText
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const securityLines = (kind: string) => logLines().filter((line) => line.security?.kind === kind);
  const loginStatus = async (email: string, password: string) =>
    (await api.post('/v2/auth', { email, password })).status;

  beforeAll(async () => {
    t = await startTestServer(database, {}, { logTo: { write: (line) => void logText.push(line) } });
    api = apiFor(t.url);
    return () => t.close();
  });

  it('hashes every password with argon2id at m=19456 KiB, t=2, p=1', async () => {
    const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
    const hashes = await db().selectFrom('users').select(['email', 'password_hash']).execute();
    expect(hashes.map((h) => h.email)).toContain(user.email);
    for (const { email, password_hash } of hashes) {
      expect(password_hash, email).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  describe('common passwords', () => {
    it('are refused when a user changes their own password, and the old one still works', async () => {
      const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
      const { accessToken: token } = await api.login(user.email, TEST_PASSWORD);
      for (const password of COMMON) {
        const answer = await api.post(
          '/v2/my/password',
          { currentPassword: TEST_PASSWORD, password, passwordConfirmation: password },
          { token },
        );
        expect(expectValidationError(answer, ['password']).errors.password).toEqual([
          COMMON_PASSWORD_MESSAGE,
        ]);
      }
      expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(200);
      expect(await loginStatus(user.email, COMMON[0]!)).toBe(422);
    });

    it('are refused when an administrator sets one or creates a user with one', async () => {
      const token = await a.tokenOf(ADMIN);
      const user = await a.createUser(token, { entity: LAKESIDE });
      const set = await a.put(
        `/v2/users/${user.id}/password`,
        { password: 'Password123', password_confirmation: 'Password123' },
        { token },
      );
      expect(expectValidationError(set, ['password']).errors.password).toEqual([COMMON_PASSWORD_MESSAGE]);
      expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(200);

      const email = uniqueEmail('common');
      const created = await api.post(
        '/v2/users',
        {
          fname: 'Common',
          lname: 'Password',
          email,
          entity: LAKESIDE,
          password: 'letmein123',
          password_confirmation: 'letmein123',
        },
        { token },
      );
      expectValidationError(created, ['password']);
      expect(await db().selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    });

    it('are refused on the reset link, which stays usable for a better password', async () => {
      expect((await api.post('/v1/password-forgot', { email: REPORTS })).status).toBe(200);
      const link = new URL((await t.lastMailTo(REPORTS))!.link);
      const token = link.searchParams.get('token')!;
      const reset = (password: string) =>
        api.post('/v1/password-reset', { email: REPORTS, token, password, passwordConfirmation: password });
      expectValidationError(await reset('trustno1'), ['password']);
      const better = 'a-long-and-unusual-phrase-2026';
      expect((await reset(better)).status).toBe(200);
      expect(await loginStatus(REPORTS, better)).toBe(200);
    });

    it('accepts an uncommon password of the minimum length (control)', async () => {
      const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
      const { accessToken: token } = await api.login(user.email, TEST_PASSWORD);
      const password = 'kq7#vz2!';
      const answer = await api.post(
        '/v2/my/password',
        { currentPassword: TEST_PASSWORD, password, passwordConfirmation: password },
        { token },
      );
      expect(answer.status, answer.text).toBe(200);
    });
  });

  describe('session lifetime', () => {
    it('ends a session at its absolute expiry, however often it was refreshed', async () => {
      const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
      const first = await api.login(user.email, TEST_PASSWORD);
      const family = await db()
        .selectFrom('session_families')
        .select(['id', 'expires_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      let refreshToken = first.refreshToken;
      for (let i = 0; i < 3; i++) {
        const rotated = await api.refresh(refreshToken);
        expect(rotated.status).toBe(200);
        refreshToken = (rotated.body as { refreshToken: string }).refreshToken;
      }
      // Rotation hands each new token the family's expiry: refreshing never extends a session.
      const tokens = await db()
        .selectFrom('refresh_tokens')
        .select('expires_at')
        .where('family_id', '=', family.id)
        .execute();
      expect(tokens).toHaveLength(4);
      for (const token of tokens) expect(token.expires_at).toEqual(family.expires_at);

      const { accessToken: accessToken } = await api.login(user.email, TEST_PASSWORD);
      await db()
        .updateTable('session_families')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', user.id)
        .execute();
      expect((await api.refresh(refreshToken)).status).toBe(401);
      expect((await api.get('/v2/my/profile', { token: accessToken })).status).toBe(401);
    });
  });

  describe('the security log', () => {
    it('logs refused logins with their reason, and 401s and 403s with who, for what route', async () => {
      const unknown = uniqueEmail('nobody');
      expect(await loginStatus(unknown, 'whatever-password')).toBe(422);
      expect(await loginStatus(MANAGER, 'not-the-password')).toBe(422);
      expect(securityLines('login-refused').map((l) => [l.security!.reason, l.security!.email])).toEqual(
        expect.arrayContaining([
          ['unknown-account', unknown],
          ['wrong-password', MANAGER],
        ]),
      );

      const { accessToken: token } = await api.login(MANAGER);
      expect((await api.get('/v2/roles', { token, actingFor: NORTHWIND_AUSTIN })).status).toBe(403);
      const denied = securityLines('denied').at(-1)!;
      expect(denied).toMatchObject({
        level: 40,
        userId: await userIdOf(db(), MANAGER),
        actingEntity: NORTHWIND_AUSTIN,
        route: '/v2/roles',
      });

      expect((await api.get('/v2/my/profile', { token: `${token}x` })).status).toBe(401);
      expect(securityLines('unauthenticated').at(-1)).toMatchObject({
        security: { tokenPresented: true },
        route: '/v2/my/profile',
      });
    });

    it('logs a reused refresh token, and never writes a token, a password or a reset link', async () => {
      const session = await api.login(ADMIN);
      const rotated = await api.refresh(session.refreshToken);
      expect(rotated.status).toBe(200);
      expect((await api.refresh(session.refreshToken)).status).toBe(401);
      expect(securityLines('refresh-refused').length).toBeGreaterThan(0);

      expect((await api.post('/v1/password-forgot', { email: MANAGER })).status).toBe(200);
      const resetToken = new URL((await t.lastMailTo(MANAGER))!.link).searchParams.get('token')!;
      const text = logText.join('');
      expect(text.length).toBeGreaterThan(0);
      const { accessToken, refreshToken } = rotated.body as { accessToken: string; refreshToken: string };
      for (const secret of [
        session.accessToken,
        session.refreshToken,
        accessToken,
        refreshToken,
        resetToken,
        TEST_PASSWORD,
        'not-the-password',
        'a-long-and-unusual-phrase-2026',
      ]) {
        expect(text.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
      }
    });

    it('logs the opening of a mailed reset link by its path and request id, without its token or e-mail', async () => {
      expect((await api.post('/v1/password-forgot', { email: AGENT })).status).toBe(200);
      const link = new URL((await t.lastMailTo(AGENT))!.link);
      const resetToken = link.searchParams.get('token')!;
      expect(link.pathname).toBe('/reset-password');
      expect(link.searchParams.get('email')).toBe(AGENT);
      // Only what the link's request logs: the reset request itself rightly says to whom a mail was queued.
      const from = logText.length;
      const requestId = `reset-link-${Date.now()}`;
      const opened = await fetch(new URL(`${link.pathname}${link.search}`, t.url), {
        headers: { 'x-request-id': requestId },
      });
      await opened.text();
      const ofRequest = async () => {
        // The completion line is written when the answer has gone out, which the client may see first.
        for (let i = 0; i < 50; i++) {
          const lines = logLines().filter((line) => line.reqId === requestId);
          if (lines.some((line) => line.msg === 'request completed')) return lines;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the reset link request was not logged as completed');
      };
      const lines = await ofRequest();
      expect(lines.find((line) => line.msg === 'incoming request')).toMatchObject({
        req: { method: 'GET', url: '/reset-password' },
      });
      const text = logText.slice(from).join('');
      for (const secret of [resetToken, AGENT, encodeURIComponent(AGENT), link.search]) {
        expect(text.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
      }
    });
  });

  describe('the event log', () => {
    it('records the real user and the entity they act for on every event', async () => {
      const before = await db()
        .selectFrom('events')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirstOrThrow();
      const { accessToken: token } = await api.login(MANAGER);
      const changed = await a.patch(
        '/v2/my/profile',
        { firstName: 'Morgan', lastName: 'Manager', phone: '5125550100', ext: '301' },
        { token, actingFor: NORTHWIND_AUSTIN },
      );
      expect(changed.status, changed.text).toBe(200);
      const events = await db()
        .selectFrom('events')
        .select(['type', 'metadata'])
        .where('position', '>', String(before.max ?? 0))
        .execute();
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(event.metadata, event.type).toMatchObject({
          userId: await userIdOf(db(), MANAGER),
          entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
          requestId: expect.any(String),
        });
      }
    });

    it('refuses to update, delete or truncate events, whoever asks', async () => {
      const count = async () =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(db())).rows[0]!.n);
      const before = await count();
      expect(before).toBeGreaterThan(0);
      await expect(sql`UPDATE events SET data = '{}'::jsonb`.execute(db())).rejects.toThrow(/append-only/);
      await expect(sql`DELETE FROM events`.execute(db())).rejects.toThrow(/append-only/);
      await expect(sql`TRUNCATE events`.execute(db())).rejects.toThrow(/append-only/);
      expect(await count()).toBe(before);
      // Appending is untouched: a login still works and a profile change is still recorded.
      expect(await loginStatus(ADMIN, process.env.DEMO_PASSWORD ?? 'demo-portal-2026')).toBe(200);
    });
  });
});
