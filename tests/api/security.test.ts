import { describe, expect, it } from 'vitest';
import { publicRoute } from '../../src/api/access';
import { accountKey, MAX_FAILURES_PER_ACCOUNT_PER_HOUR } from '../../src/server/auth/loginThrottle';
import { buildApp } from '../../src/server/app';
import { VersionConflictError } from '../../src/server/store/eventStore';
import { CommandRejectedError } from '../../src/server/store/aggregate';
import { apiFor, expectError, type ApiResponse } from '../support/http';
import { AGENT, REPORTS } from '../support/personas';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';

const MB = 1024 * 1024;

// Traces of a leaked error: stack frames, source paths, error class names.
function expectNoStackTrace(response: ApiResponse, what: string): void {
  expect(response.text, what).not.toMatch(/\n\s*at /);
  expect(response.text, what).not.toMatch(/\bat .*\(?(file:\/\/|\/)[^\s]*:\d+:\d+/);
  expect(response.text, what).not.toMatch(/\.(ts|js):\d+/);
  expect(response.text, what).not.toMatch(/node_modules|\/src\/|stack/i);
  expect(response.text, what).not.toMatch(/(Type|Reference|Syntax)Error|FST_ERR/);
}

describe.each(testDatabases())('security basics on %s', (database) => {
  const s = useTestServer(database);

  describe('headers', () => {
    it('sends CSP and the usual helmet headers on answers and errors alike', async () => {
      const token = (await s.api.login(AGENT)).accessToken;
      const answers = [
        await s.api.get('/v2/my/profile', { token }),
        await s.api.get('/v1/public/entity-brands'),
        await s.api.get('/v2/my/profile'),
        await s.api.get('/v2/no-such-thing'),
        await s.api.post('/v2/auth', {}),
      ];
      for (const response of answers) {
        const h = response.headers;
        const csp = h.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(h.get('x-content-type-options')).toBe('nosniff');
        expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(h.get('strict-transport-security')).toMatch(/max-age=\d+/);
        expect(h.get('referrer-policy')).toBe('no-referrer');
        expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
        expect(h.get('x-powered-by')).toBeNull();
        expect(h.get('cache-control')).toBe('no-store');
        expect(h.get('x-request-id')).toMatch(/^[\w-]{8,64}$/);
      }
      const ids = answers.map((r) => r.headers.get('x-request-id'));
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
      const given = await s.api.get('/healthz', { headers: { 'x-request-id': 'trace-1234-abcd' } });
      expect(given.headers.get('x-request-id')).toBe('trace-1234-abcd');
      for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'semi;colon-1234']) {
        const response = await s.api.get('/healthz', { headers: { 'x-request-id': bad } });
        expect(response.headers.get('x-request-id'), bad).not.toBe(bad);
        expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  });

  describe('bodies', () => {
    it('answers a 1.5 MB JSON body with 413 and a JSON message', async () => {
      const rawBody = JSON.stringify({ email: AGENT, password: 'x'.repeat(1.5 * MB) });
      const response = await s.api.request('POST', '/v2/auth', { rawBody });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(expectError(response, 413).message).toMatch(/too large/i);
      expectNoStackTrace(response, '413');
    });

    it('accepts a body just under the limit (it fails validation, not the size check)', async () => {
      const rawBody = JSON.stringify({ email: AGENT, password: 'x'.repeat(MB - 100) });
      expect((await s.api.request('POST', '/v2/auth', { rawBody })).status).toBe(422);
    });

    it('answers a form-encoded body with 415 and a JSON message', async () => {
      const response = await s.api.request('POST', '/v1/password-forgot', {
        rawBody: 'email=agent@demo.test',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectError(response, 415);
    });
  });

  describe('errors', () => {
    it('answers an unknown /v2 path with 404 JSON, with or without a token', async () => {
      const token = (await s.api.login(AGENT)).accessToken;
      for (const [method, path] of [
        ['GET', '/v2/no-such-thing'],
        ['GET', '/v2/my/profile/extra'],
        ['POST', '/v2/no-such-thing'],
        ['DELETE', '/v2/my/profile'],
        ['GET', '/v1/no-such-thing'],
      ] as const) {
        for (const options of [{}, { token }]) {
          const response = await s.api.request(method, path, options);
          expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
          expect(expectError(response, 404).message).toBe('Not found.');
        }
      }
    });

    it('never shows a stack trace in any error body', async () => {
      const token = (await s.api.login(AGENT)).accessToken;
      const throttledEmail = REPORTS;
      await s.t.server.database.db
        .insertInto('login_attempts')
        .values(
          Array.from({ length: MAX_FAILURES_PER_ACCOUNT_PER_HOUR }, () => ({
            key: accountKey(throttledEmail, '127.0.0.1'),
          })),
        )
        .execute();
      const errors: [string, ApiResponse][] = [
        ['401', await s.api.get('/v2/my/profile')],
        ['401 bad token', await s.api.get('/v2/my/profile', { token: 'x.y.z-not-a-token' })],
        ['403', await s.api.get('/v2/lists/access/privileges', { token })],
        ['403 acting', await s.api.get('/v2/my/entities', { token, actingFor: '2345-6789-CD' })],
        ['404', await s.api.get('/v2/nothing-here')],
        ['413', await s.api.request('POST', '/v2/auth', { rawBody: `"${'x'.repeat(1.5 * MB)}"` })],
        ['422 json', await s.api.request('POST', '/v2/auth', { rawBody: '{"email":' })],
        ['422 fields', await s.api.post('/v2/auth', { email: 12, password: { nested: true } })],
        [
          '422 deep',
          await s.api.post('/v1/password-reset', {
            email: [],
            token: null,
            password: 1,
            passwordConfirmation: {},
          }),
        ],
        ['429', await s.api.post('/v2/auth', { email: throttledEmail, password: DEMO_PASSWORD })],
        [
          '415',
          await s.api.request('POST', '/v2/auth', {
            rawBody: '<xml/>',
            headers: { 'content-type': 'application/xml' },
          }),
        ],
        [
          'prototype',
          await s.api.request('POST', '/v2/auth', { rawBody: '{"__proto__": {"polluted": true}}' }),
        ],
      ];
      for (const [what, response] of errors) {
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        expect(response.body, `${what}: ${response.text.slice(0, 200)}`).toMatchObject({
          message: expect.any(String),
        });
        expectNoStackTrace(response, what);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('turns unexpected errors into 500 {message} and store conflicts into 409, without internals', async () => {
      const { app } = await buildApp({
        config: s.t.config,
        db: s.t.server.database.db,
        distDir: '/nonexistent-dist',
        logger: false,
      });
      const config = { access: publicRoute };
      app.get('/v2/test/crash', { config }, async () => {
        throw new TypeError('secret detail at /srv/app/src/server/x.ts:12:3');
      });
      app.get('/v2/test/conflict', { config }, async () => {
        throw new VersionConflictError('user', '1', 3);
      });
      app.get('/v2/test/rejected', { config }, async () => {
        throw new CommandRejectedError('user', '1', 'user.deactivated', 'inactive');
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const address = app.server.address();
        const api = apiFor(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
        const crash = await api.get('/v2/test/crash');
        expect(expectError(crash, 500)).toEqual({ message: 'Server error.' });
        expect(crash.text).not.toContain('secret detail');
        for (const path of ['/v2/test/conflict', '/v2/test/rejected']) {
          const response = await api.get(path);
          expect(expectError(response, 409).message).not.toMatch(/user\/1|inactive|version 3/);
          expectNoStackTrace(response, path);
        }
        expectNoStackTrace(crash, '500');
      } finally {
        await app.close();
      }
    });
  });
});
