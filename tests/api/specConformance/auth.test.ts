import { describe, expect, it } from 'vitest';
import { AGENT } from '../../support/personas';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §7 "POST /v2/auth: body email, password; returns accessToken and refreshToken. POST /v2/auth is also
// used for logout", and §3's token response (token type, expires in, access token, refresh token). A client
// written from those lines alone: it reads the answer by SPEC's names, with no schema of the product's.
describe.each(testDatabases())('SPEC §7 POST /v2/auth, as a SPEC client calls it, on %s', (database) => {
  const s = useTestServer(database);

  it('logs in, calls with the bearer access token, and logs out', async () => {
    const login = await s.api.post('/v2/auth', { email: AGENT, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const answer = login.body as Record<string, unknown>;
    expect(Object.keys(answer).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken', 'tokenType']);
    expect(answer.tokenType).toBe('Bearer');
    expect(typeof answer.expiresIn).toBe('number');
    const accessToken = answer.accessToken as string;
    const refreshToken = answer.refreshToken as string;

    const me = await s.api.get('/v2/my/profile', { token: accessToken });
    expect(me.status).toBe(200);

    const logout = await s.api.post(
      '/v2/auth',
      { grantType: 'revoke', refreshToken },
      { token: accessToken },
    );
    expect(logout.status).toBe(200);
    expect((await s.api.get('/v2/my/profile', { token: accessToken })).status).toBe(401);
  });
});
