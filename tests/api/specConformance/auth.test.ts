import { describe, expect, it } from 'vitest';
import { AGENT, MANAGER } from '../../support/personas';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

type Json = Record<string, unknown>;

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

  // §7 "GET /v1/public/entity-brands. GET /v2/my/profile. GET /v2/my/entities", "GET /v2/dashboard/statistics",
  // "GET /v1/one-inc-session", read by §3's session records: User, Accessible entity (the acting one with its
  // attributes; attribute 28 = '1' opens the agent dashboard) and Brand.
  it("reads the session's records by SPEC's names: brand, user, accessible entities, dashboard, payment session", async () => {
    const brand = await s.api.get('/v1/public/entity-brands');
    expect(brand.status).toBe(200);
    const b = (brand.body as Json).data as Json;
    for (const key of ['legalName', 'baseURL', 'signedHorizontalLogoFile', 'name', 'quoteAppURL'])
      expect(typeof b[key], key).toBe('string');

    const login = await s.api.post('/v2/auth', { email: MANAGER, password: DEMO_PASSWORD });
    const token = (login.body as Json).accessToken as string;
    const profile = await s.api.get('/v2/my/profile', { token });
    expect(profile.status).toBe(200);
    const user = (profile.body as Json).data as Json;
    for (const key of [
      'id',
      'name',
      'firstName',
      'lastName',
      'email',
      'emailVerifiedAt',
      'privilegeCodes',
      'roles',
    ])
      expect(user, key).toHaveProperty(key);
    expect(user.email).toBe(MANAGER);
    expect(user.name).toBe(`${user.firstName as string} ${user.lastName as string}`);
    expect(user).toMatchObject({ isAdmin: false, isInternalAgent: false, isExternalAgent: true });
    expect((user.privilegeCodes as string[]).every((c) => typeof c === 'string')).toBe(true);
    expect((user.roles as string[]).every((r) => typeof r === 'string')).toBe(true);

    const mine = await s.api.get('/v2/my/entities', { token });
    expect(mine.status).toBe(200);
    const answer = mine.body as { data: Json[]; acting: Json };
    for (const entity of [...answer.data, answer.acting])
      for (const key of [
        'id',
        'parentEntityId',
        'entityCode',
        'entityName',
        'typeCode',
        'trackingCode',
        'childCount',
        'canQuote',
      ])
        expect(entity, key).toHaveProperty(key);
    const attributes = answer.acting.attributes as { attributeId: number; value: string }[];
    expect(attributes.find((a) => a.attributeId === 28)?.value).toBe('1');
    // The manager's agency has the dashboard attribute and the manager the privilege: the statistics open.
    expect((await s.api.get('/v2/dashboard/statistics', { token })).status).toBe(200);
    // The same header a SPEC client sends on its calls names the entity acted for.
    const child = answer.data.find((e) => e.parentEntityId === answer.acting.id)!;
    const acting = await s.api.get('/v2/my/entities', {
      token,
      headers: { agentEntityCode: child.entityCode as string },
    });
    expect(((acting.body as Json).acting as Json).entityCode).toBe(child.entityCode);

    const session = await s.api.get('/v1/one-inc-session', { token });
    expect(session.status).toBe(200);
    expect(typeof ((session.body as Json).data as Json).session_id).toBe('string');
  });
});
