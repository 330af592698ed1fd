import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '../../src/api/schemas/auth';
import { accountKey, MAX_FAILURES_PER_ACCOUNT_PER_HOUR } from '../../src/server/auth/loginThrottle';
import { DEMO_USERS } from '../../src/server/seed/demoData';
import { VersionConflictError, appendToStream, readStream } from '../../src/server/store/eventStore';
import { apiFor, expectError, type Api } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, MANAGER, REVIEWER } from '../support/personas';
import { TEST_METADATA, setUserEnabled } from '../support/records';
import { DEMO_PASSWORD, startTestServer, testDatabases, type TestServer } from '../support/testServer';

// DESIGN.md "Scale": the API keeps no state between requests, so N processes on one PostgreSQL agree on
// sessions, revocations and throttle counts. Two servers share one schema here, each with its own pool.
const onPostgres = testDatabases().includes('postgres');

describe.skipIf(!onPostgres)('two servers on one PostgreSQL schema', () => {
  let a: TestServer;
  let b: TestServer;
  let apiA: Api;
  let apiB: Api;

  beforeAll(async () => {
    a = await startTestServer('postgres');
    b = await startTestServer('postgres', {}, { shareWith: a });
    apiA = apiFor(a.url);
    apiB = apiFor(b.url);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const profileStatus = async (api: Api, token: string) =>
    (await api.get('/v2/my/profile', { token })).status;

  it('runs two servers with separate pools on the same schema', async () => {
    expect(b.schema).toBe(a.schema);
    expect(b.url).not.toBe(a.url);
    expect(b.server.database.db).not.toBe(a.server.database.db);
    const users = await b.server.database.db.selectFrom('users').select('email').execute();
    expect(users).toHaveLength(DEMO_USERS.length);
  });

  it('honours a session started on one server on the other, and rotates across them', async () => {
    const tokens = await apiA.login(AGENT);
    expect(await profileStatus(apiB, tokens.accessToken)).toBe(200);
    const rotatedOnB = TokenResponse.parse((await apiB.refresh(tokens.refreshToken)).body);
    expect(await profileStatus(apiA, rotatedOnB.accessToken)).toBe(200);
    const rotatedOnA = await apiA.refresh(rotatedOnB.refreshToken);
    expect(rotatedOnA.status).toBe(200);
  });

  it('detects a refresh token reused on the other server and revokes the family everywhere', async () => {
    const first = await apiA.login(MANAGER);
    const rotated = TokenResponse.parse((await apiA.refresh(first.refreshToken)).body);
    expectError(await apiB.refresh(first.refreshToken), 401);
    expectError(await apiA.refresh(rotated.refreshToken), 401);
    expect(await profileStatus(apiA, rotated.accessToken)).toBe(401);
    expect(await profileStatus(apiB, rotated.accessToken)).toBe(401);
  });

  it('lets exactly one of two servers racing with the same refresh token win', async () => {
    const tokens = await apiA.login(INTERNAL);
    const answers = await Promise.all([apiA.refresh(tokens.refreshToken), apiB.refresh(tokens.refreshToken)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    // The loser presented a used token: that is reuse, so the winner's new tokens are revoked too.
    const winner = TokenResponse.parse(answers.find((r) => r.status === 200)!.body);
    expectError(await apiB.refresh(winner.refreshToken), 401);
    expect(await profileStatus(apiA, winner.accessToken)).toBe(401);
  });

  it('ends a session on both servers when it logs out on one', async () => {
    const tokens = await apiB.login(AGENT);
    expect((await apiA.logout(tokens.refreshToken)).status).toBe(200);
    expect(await profileStatus(apiB, tokens.accessToken)).toBe(401);
    expectError(await apiB.refresh(tokens.refreshToken), 401);
  });

  it('shares login throttle counts between the servers', async () => {
    const key = accountKey(REVIEWER, '127.0.0.1');
    try {
      const rows = Array.from({ length: MAX_FAILURES_PER_ACCOUNT_PER_HOUR - 2 }, () => ({ key }));
      await a.server.database.db.insertInto('login_attempts').values(rows).execute();
      expect((await apiA.post('/v2/auth', { email: REVIEWER, password: 'wrong-password' })).status).toBe(422);
      await apiB.login(REVIEWER);
      expect((await apiB.post('/v2/auth', { email: REVIEWER, password: 'wrong-password' })).status).toBe(422);
      expectError(await apiA.post('/v2/auth', { email: REVIEWER, password: DEMO_PASSWORD }), 429);
      expectError(await apiB.post('/v2/auth', { email: REVIEWER, password: DEMO_PASSWORD }), 429);
    } finally {
      await a.server.database.db.deleteFrom('login_attempts').where('key', '=', key).execute();
    }
  });

  it('revokes sessions on one server when the password is reset through the other', async () => {
    const session = await apiA.login(ACCOUNTING);
    expect((await apiA.post('/v1/password-forgot', { email: ACCOUNTING })).status).toBe(200);
    const link = new URL((await b.lastMailTo(ACCOUNTING))!.link);
    const password = 'reset-across-servers';
    const reset = await apiB.post('/v1/password-reset', {
      email: ACCOUNTING,
      token: link.searchParams.get('token'),
      password,
      passwordConfirmation: password,
    });
    expect(reset.status).toBe(200);
    expect(await profileStatus(apiA, session.accessToken)).toBe(401);
    await apiA.login(ACCOUNTING, password);
  });

  it('sees a user deactivated through one server refused by the other', async () => {
    const session = await apiB.login(MANAGER);
    await setUserEnabled(a.server.database.db, MANAGER, false);
    try {
      expect(await profileStatus(apiB, session.accessToken)).toBe(401);
      expect((await apiB.post('/v2/auth', { email: MANAGER, password: DEMO_PASSWORD })).status).toBe(422);
    } finally {
      await setUserEnabled(b.server.database.db, MANAGER, true);
    }
    await apiA.login(MANAGER);
  });

  it('lets exactly one of two servers append at the same stream version', async () => {
    const id = randomUUID();
    const append = (server: TestServer, writer: string) =>
      server.server.database.db
        .transaction()
        .execute((trx) =>
          appendToStream(
            trx,
            'test-probe',
            id,
            0,
            [{ type: 'probe.created', data: { writer } }],
            TEST_METADATA,
          ),
        );
    const results = await Promise.allSettled([
      append(a, 'a'),
      append(b, 'b'),
      append(a, 'a2'),
      append(b, 'b2'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(VersionConflictError);
    const stream = await b.server.database.db
      .transaction()
      .execute((trx) => readStream(trx, 'test-probe', id));
    expect(stream).toHaveLength(1);
  });
});
