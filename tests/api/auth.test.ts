import { describe, expect, it } from 'vitest';
import { TokenResponse } from '../../src/api/schemas/auth';
import { issueAccessToken } from '../../src/server/auth/accessTokens';
import {
  accountKey,
  MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
  MAX_FAILURES_PER_ADDRESS_PER_HOUR,
} from '../../src/server/auth/loginThrottle';
import { expectError, expectValidationError, type Api } from '../support/http';
import { ACCOUNTING, ADMIN, AGENT, INTERNAL, MANAGER, REPORTS, REVIEWER } from '../support/personas';
import { setUserEnabled } from '../support/records';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';

const BAD_CREDENTIALS = {
  message: 'These credentials do not match our records.',
  errors: { email: ['These credentials do not match our records.'] },
};

const profileStatus = async (api: Api, token: string) => (await api.get('/v2/my/profile', { token })).status;

function claimsOf(accessToken: string): { sub: string; sid: string } {
  const payload = accessToken.split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; sid: string };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(testDatabases())('POST /v2/auth on %s', (database) => {
  const s = useTestServer(database);

  describe('login', () => {
    it('answers good credentials with the token response, and the access token works', async () => {
      const response = await s.api.post('/v2/auth', { email: AGENT, password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      const tokens = TokenResponse.strict().parse(response.body);
      expect(tokens.tokenType).toBe('Bearer');
      expect(tokens.expiresIn).toBe(s.t.config.accessTokenTtlSeconds);
      expect(tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(tokens.refreshToken.length).toBeGreaterThanOrEqual(32);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await profileStatus(s.api, tokens.accessToken)).toBe(200);
    });

    it('matches the e-mail in any letter case', async () => {
      await s.api.login('Agent@Demo.TEST');
    });

    it('answers a wrong password and an unknown e-mail with the same 422 body', async () => {
      const wrongPassword = await s.api.post('/v2/auth', { email: AGENT, password: 'not-the-password' });
      const unknownEmail = await s.api.post('/v2/auth', {
        email: 'nobody@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(wrongPassword.status).toBe(422);
      expect(unknownEmail.status).toBe(422);
      expect(wrongPassword.body).toEqual(BAD_CREDENTIALS);
      expect(unknownEmail.text).toBe(wrongPassword.text);
    });

    it.each([
      ['an empty object', {}, ['email', 'password']],
      ['a missing password', { email: AGENT }, ['password']],
      ['an empty password', { email: AGENT, password: '' }, ['password']],
      ['a missing e-mail', { password: DEMO_PASSWORD }, ['email']],
      ['an invalid e-mail', { email: 'not-an-email', password: DEMO_PASSWORD }, ['email']],
      ['a number for the password', { email: AGENT, password: 12345678 }, ['password']],
      ['an unknown field', { email: AGENT, password: DEMO_PASSWORD, remember: true }, ['remember']],
      ['an unknown grant type', { grantType: 'password', refreshToken: 'x' }, ['grantType']],
      ['a refresh without its token', { grantType: 'refresh_token' }, ['refreshToken']],
      ['a logout without its token', { grantType: 'revoke' }, ['refreshToken']],
    ])('answers %s with 422 and field messages', async (_name, body, fields) => {
      const response = await s.api.post('/v2/auth', body);
      const error = expectValidationError(response, fields);
      expect(error.message).toBe('Validation error.');
      expect(Object.keys(error.errors).sort()).toEqual([...fields].sort());
    });

    it.each([
      ['malformed JSON', '{"email": "agent@demo.test", '],
      ['an empty JSON body', ''],
    ])('answers %s with 422', async (_name, rawBody) => {
      const response = await s.api.request('POST', '/v2/auth', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expectValidationError(response, ['body']);
    });

    it('answers a JSON array or string with 422', async () => {
      for (const body of [[], 'agent@demo.test', 42])
        expectValidationError(await s.api.post('/v2/auth', body), []);
    });

    it('refuses a deactivated user the same way as a wrong password, and ends their sessions', async () => {
      const db = s.t.server.database.db;
      const before = await s.api.login(ACCOUNTING);
      await setUserEnabled(db, ACCOUNTING, false);
      try {
        const response = await s.api.post('/v2/auth', { email: ACCOUNTING, password: DEMO_PASSWORD });
        expect(response.status).toBe(422);
        expect(response.body).toEqual(BAD_CREDENTIALS);
        expect(await profileStatus(s.api, before.accessToken)).toBe(401);
        expectError(await s.api.refresh(before.refreshToken), 401);
      } finally {
        await setUserEnabled(db, ACCOUNTING, true);
      }
      await s.api.login(ACCOUNTING);
    });
  });

  describe('refresh and logout', () => {
    it('rotates the refresh token: each one works once', async () => {
      const first = await s.api.login(MANAGER);
      const second = TokenResponse.parse((await s.api.refresh(first.refreshToken)).body);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(await profileStatus(s.api, second.accessToken)).toBe(200);
      const third = await s.api.refresh(second.refreshToken);
      expect(third.status).toBe(200);
      TokenResponse.strict().parse(third.body);
    });

    it('revokes the whole family when a used refresh token comes back', async () => {
      const first = await s.api.login(MANAGER);
      const rotated = TokenResponse.parse((await s.api.refresh(first.refreshToken)).body);
      expect(await profileStatus(s.api, rotated.accessToken)).toBe(200);

      expectError(await s.api.refresh(first.refreshToken), 401);

      expectError(await s.api.refresh(rotated.refreshToken), 401);
      expect(await profileStatus(s.api, rotated.accessToken)).toBe(401);
      expect(await profileStatus(s.api, first.accessToken)).toBe(401);
      // Another session of the same user is not touched.
      const other = await s.api.login(MANAGER);
      expect(await profileStatus(s.api, other.accessToken)).toBe(200);
    });

    it('refuses an unknown refresh token with 401', async () => {
      expectError(await s.api.refresh('a'.repeat(43)), 401);
    });

    it('logs out with grantType revoke: the access token and the refresh token stop working', async () => {
      const tokens = await s.api.login(INTERNAL);
      const other = await s.api.login(INTERNAL);
      const response = await s.api.logout(tokens.refreshToken);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: expect.any(String) });
      expect(await profileStatus(s.api, tokens.accessToken)).toBe(401);
      expectError(await s.api.refresh(tokens.refreshToken), 401);
      // Logout ends this session only.
      expect(await profileStatus(s.api, other.accessToken)).toBe(200);
    });

    it('answers a logout with an unknown or already revoked token with 200 as well', async () => {
      const tokens = await s.api.login(INTERNAL);
      expect((await s.api.logout(tokens.refreshToken)).status).toBe(200);
      expect((await s.api.logout(tokens.refreshToken)).status).toBe(200);
      expect((await s.api.logout('b'.repeat(43))).status).toBe(200);
    });
  });

  describe('throttling', () => {
    const insertFailures = async (email: string, count: number, attemptedAt = new Date()) => {
      const rows = Array.from({ length: count }, () => ({
        key: accountKey(email, '127.0.0.1'),
        attempted_at: attemptedAt,
      }));
      await s.t.server.database.db.insertInto('login_attempts').values(rows).execute();
    };
    const clearFailures = (email: string) =>
      s.t.server.database.db
        .deleteFrom('login_attempts')
        .where('key', '=', accountKey(email, '127.0.0.1'))
        .execute();

    it(`answers 429 after ${MAX_FAILURES_PER_ACCOUNT_PER_HOUR} failed logins in an hour, even with the right password`, async () => {
      try {
        await insertFailures(REVIEWER, MAX_FAILURES_PER_ACCOUNT_PER_HOUR - 1);
        // One more real failure reaches the limit.
        expect((await s.api.post('/v2/auth', { email: REVIEWER, password: 'wrong-password' })).status).toBe(
          422,
        );
        const throttled = await s.api.post('/v2/auth', { email: REVIEWER, password: DEMO_PASSWORD });
        expectError(throttled, 429);
        // The e-mail's letter case does not escape the count; other accounts are not affected.
        expectError(
          await s.api.post('/v2/auth', { email: REVIEWER.toUpperCase(), password: DEMO_PASSWORD }),
          429,
        );
        await s.api.login(REPORTS);
      } finally {
        await clearFailures(REVIEWER);
      }
      await s.api.login(REVIEWER);
    });

    it('counts failures per client address, which a forged X-Forwarded-For does not change', async () => {
      const db = s.t.server.database.db;
      const rows = Array.from({ length: MAX_FAILURES_PER_ADDRESS_PER_HOUR }, () => ({
        key: 'address:127.0.0.1',
      }));
      try {
        await db.insertInto('login_attempts').values(rows).execute();
        const forged = await s.api.post(
          '/v2/auth',
          { email: INTERNAL, password: DEMO_PASSWORD },
          { headers: { 'x-forwarded-for': '203.0.113.9' } },
        );
        expectError(forged, 429);
      } finally {
        await db.deleteFrom('login_attempts').where('key', '=', 'address:127.0.0.1').execute();
      }
      await s.api.login(INTERNAL);
    });

    it('counts only the failures of the last hour', async () => {
      try {
        await insertFailures(
          REPORTS,
          MAX_FAILURES_PER_ACCOUNT_PER_HOUR * 2,
          new Date(Date.now() - 61 * 60_000),
        );
        await insertFailures(REPORTS, MAX_FAILURES_PER_ACCOUNT_PER_HOUR - 1);
        await s.api.login(REPORTS);
      } finally {
        await clearFailures(REPORTS);
      }
    });
  });

  describe('access tokens', () => {
    const forged = async () => {
      const tokens = await s.api.login(AGENT);
      const [header, payload, signature] = tokens.accessToken.split('.') as [string, string, string];
      const claims = claimsOf(tokens.accessToken);
      const secret = s.t.config.accessTokenSecret;
      const admin = await s.t.server.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ADMIN)
        .executeTakeFirstOrThrow();
      const flip = (text: string) => text.slice(0, -1) + (text.endsWith('A') ? 'B' : 'A');
      return {
        valid: tokens.accessToken,
        freshlySigned: issueAccessToken(Number(claims.sub), claims.sid, secret, 900),
        cases: {
          expired: issueAccessToken(Number(claims.sub), claims.sid, secret, 900, Date.now() - 2 * 3_600_000),
          'a tampered signature': `${header}.${payload}.${flip(signature)}`,
          'a tampered payload (another user id)': `${header}.${b64({ ...claims, sub: String(admin.id) })}.${signature}`,
          'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
          'alg none with the original signature': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
          'another secret': issueAccessToken(Number(claims.sub), claims.sid, 'x'.repeat(48), 900),
          'an unknown session': issueAccessToken(
            Number(claims.sub),
            '00000000-0000-4000-8000-000000000000',
            secret,
            900,
          ),
          garbage: 'garbage-garbage-garbage',
          'two parts': `${header}.${payload}`,
        } as Record<string, string>,
      };
    };

    it('accepts a well-formed token signed with the server secret (control case)', async () => {
      const { valid, freshlySigned } = await forged();
      expect(await profileStatus(s.api, valid)).toBe(200);
      expect(await profileStatus(s.api, freshlySigned)).toBe(200);
    });

    it('answers 401 for expired, tampered, alg none, foreign and garbage tokens', async () => {
      const { cases } = await forged();
      for (const [name, token] of Object.entries(cases)) {
        const response = await s.api.get('/v2/my/profile', { token });
        expect(response.status, name).toBe(401);
        expect(response.body, name).toEqual({ message: 'Unauthenticated.' });
      }
    });

    it('reads the Bearer scheme name in any letter case', async () => {
      const { valid } = await forged();
      expect(
        (await s.api.get('/v2/my/profile', { headers: { authorization: `bearer ${valid}` } })).status,
      ).toBe(200);
    });

    it('answers 401 for a missing token and for other authorization schemes', async () => {
      const { valid } = await forged();
      for (const authorization of [undefined, valid, `Basic ${valid}`, `Bearer`, `Bearer ${valid} extra`]) {
        const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
        expect((await s.api.get('/v2/my/profile', { headers })).status, String(authorization)).toBe(401);
      }
    });
  });
});
