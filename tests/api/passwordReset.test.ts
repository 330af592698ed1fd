import { request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, MANAGER, REPORTS, REVIEWER } from '../support/personas';
import { useTestServer } from '../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../support/testServer';

const NEW_PASSWORD = 'a-brand-new-password-2026';
const FOREIGN_SITE = 'https://evil.example/steal';

// POST with a Host header of our choosing (fetch does not let a caller set Host).
function postWithHost(url: string, path: string, host: string, body: unknown): Promise<number> {
  const target = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(testDatabases())('password reset on %s', (database) => {
  const s = useTestServer(database);
  // Each test asks for links as often as it needs: the limits on reset requests (three an hour per address)
  // are tested in abuseLimits.test.ts, so every test here starts with none counted.
  beforeEach(async () => {
    await sql`DELETE FROM abuse_counts WHERE key LIKE 'reset:%'`.execute(s.t.server.database.db);
  });

  const forgot = (email: string, headers: Record<string, string> = {}) =>
    s.api.post('/v1/password-forgot', { email, redirectURL: FOREIGN_SITE }, { headers });

  // Asks for a reset link and returns the token and e-mail the mail carries.
  const mailedToken = async (email: string) => {
    expect((await forgot(email)).status).toBe(200);
    const mail = await s.t.lastMailTo(email);
    expect(mail, `a mail to ${email}`).not.toBeNull();
    const link = new URL(mail!.link);
    return { link, token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
  };

  const reset = (body: Record<string, unknown>) => s.api.post('/v1/password-reset', body);
  const loginStatus = async (email: string, password: string) =>
    (await s.api.post('/v2/auth', { email, password })).status;

  it('answers a known and an unknown e-mail with identical 200 bodies', async () => {
    const known = await forgot(AGENT);
    const unknown = await forgot('nobody@demo.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({ message: expect.any(String) });
    expect(await s.t.lastMailTo('nobody@demo.test')).toBeNull();
  });

  it('mails a link to /reset-password on the server origin even when redirectURL is a foreign site', async () => {
    const { link, token, email } = await mailedToken(AGENT);
    expect(link.origin).toBe(new URL(s.t.url).origin);
    expect(link.pathname).toBe('/reset-password');
    expect(email).toBe(AGENT);
    expect(token).toMatch(/^[\w-]{32,}$/);
    const mail = await s.t.lastMailTo(AGENT);
    expect(mail!.body).toContain(mail!.link);
    expect(mail!.body).not.toContain('evil.example');
  });

  it('does not let forwarded or Host headers point the link at a foreign site', async () => {
    const forwarded = await forgot(AGENT, {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forwarded.status).toBe(200);
    expect(new URL((await s.t.lastMailTo(AGENT))!.link).origin).toBe(new URL(s.t.url).origin);

    expect(await postWithHost(s.t.url, '/v1/password-forgot', 'evil.example', { email: AGENT })).toBe(200);
    expect(new URL((await s.t.lastMailTo(AGENT))!.link).origin).toBe(new URL(s.t.url).origin);
  });

  it('validates the forgot-password body', async () => {
    expectValidationError(await s.api.post('/v1/password-forgot', { email: 'not-an-email' }), ['email']);
    expectValidationError(await s.api.post('/v1/password-forgot', { email: AGENT, redirectURL: 'no url' }), [
      'redirectURL',
    ]);
  });

  it('resets the password with the mailed token: old password out, new one in, sessions revoked', async () => {
    const session = await s.api.login(INTERNAL);
    const { token, email } = await mailedToken(INTERNAL);
    const response = await reset({
      email,
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: expect.any(String) });

    expect(await loginStatus(INTERNAL, DEMO_PASSWORD)).toBe(422);
    await s.api.login(INTERNAL, NEW_PASSWORD);
    expect((await s.api.get('/v2/my/profile', { token: session.accessToken })).status).toBe(401);
    expectError(await s.api.refresh(session.refreshToken), 401);
  });

  it('refuses a token used once already with 422 on token', async () => {
    const { token, email } = await mailedToken(MANAGER);
    const body = { email, token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD };
    expect((await reset(body)).status).toBe(200);
    const again = await reset({
      ...body,
      password: 'yet-another-password',
      passwordConfirmation: 'yet-another-password',
    });
    expectValidationError(again, ['token']);
    await s.api.login(MANAGER, NEW_PASSWORD);
  });

  it('invalidates every other reset link of the user once the password is reset', async () => {
    const older = await mailedToken(REVIEWER);
    const newer = await mailedToken(REVIEWER);
    expect(older.token).not.toBe(newer.token);
    const password = NEW_PASSWORD;
    expect(
      (await reset({ email: REVIEWER, token: newer.token, password, passwordConfirmation: password })).status,
    ).toBe(200);
    const stale = await reset({
      email: REVIEWER,
      token: older.token,
      password: 'attacker-password',
      passwordConfirmation: 'attacker-password',
    });
    expectValidationError(stale, ['token']);
    await s.api.login(REVIEWER, NEW_PASSWORD);
  });

  it('refuses a token presented with another e-mail, an unknown token and an expired one, changing nothing', async () => {
    const { token } = await mailedToken(ACCOUNTING);
    const body = { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD };
    expectValidationError(await reset({ ...body, email: AGENT }), ['token']);
    expectValidationError(await reset({ ...body, email: ACCOUNTING, token: 'x'.repeat(43) }), ['token']);

    await s.t.server.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expectValidationError(await reset({ ...body, email: ACCOUNTING }), ['token']);

    await s.api.login(ACCOUNTING);
    await s.api.login(AGENT);
  });

  it('rejects a short password and a mismatched confirmation with field errors; the token stays usable', async () => {
    const { token, email } = await mailedToken(REPORTS);
    const short = await reset({ email, token, password: 'short', passwordConfirmation: 'short' });
    expect(expectValidationError(short, ['password']).errors.password).toEqual([
      'The password must be at least 8 characters.',
    ]);
    const mismatch = await reset({
      email,
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: `${NEW_PASSWORD}!`,
    });
    expectValidationError(mismatch, ['passwordConfirmation']);
    expectValidationError(
      await reset({ email, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }),
      ['token'],
    );
    await s.api.login(REPORTS);

    // Nothing was consumed: the same token still resets the password.
    expect(
      (await reset({ email, token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })).status,
    ).toBe(200);
    await s.api.login(REPORTS, NEW_PASSWORD);
  });
});

describe.each(testDatabases())('password reset with PUBLIC_URL on %s', (database) => {
  const s = useTestServer(database, { PUBLIC_URL: 'https://portal.example.test/some/path' });

  it('links the mail to the configured public origin, whatever the request says', async () => {
    const response = await s.api.post(
      '/v1/password-forgot',
      { email: AGENT, redirectURL: FOREIGN_SITE },
      { headers: { 'x-forwarded-host': 'evil.example' } },
    );
    expect(response.status).toBe(200);
    const link = new URL((await s.t.lastMailTo(AGENT))!.link);
    expect(link.origin).toBe('https://portal.example.test');
    expect(link.pathname).toBe('/reset-password');
  });
});
