import { describe, expect, it } from 'vitest';
import {
  accountKey,
  MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
  pruneAttempts,
} from '../../src/server/auth/loginThrottle';
import { adminApi, TEST_PASSWORD } from '../support/accessAdmin';
import { expectError } from '../support/http';
import { ADMIN, LAKESIDE } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The login throttle under a parallel burst (docs/security.md "Authentication"): however many guesses arrive
// at once, no more than the limit are checked. auth.test.ts covers the limit one request at a time.
const BURST = 250;

describe.each(testDatabases())('the login throttle under a burst on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);
  const db = () => s.t.server.database.db;
  const failuresOf = async (email: string) =>
    Number(
      (
        await db()
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('key', '=', accountKey(email, '127.0.0.1'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`checks at most ${MAX_FAILURES_PER_ACCOUNT_PER_HOUR} of ${BURST} parallel wrong passwords, then 429`, async () => {
    const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        s.api.post('/v2/auth', { email: user.email, password: `wrong-guess-${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const checked = statuses.filter((status) => status !== 429);
    // Every guess that got past the throttle was checked and refused; none was answered otherwise.
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT_PER_HOUR);
    expect(checked.every((status) => status === 422)).toBe(true);
    expect(checked.length).toBe(MAX_FAILURES_PER_ACCOUNT_PER_HOUR);
    expect(await failuresOf(user.email)).toBe(MAX_FAILURES_PER_ACCOUNT_PER_HOUR);
    expectError(await s.api.post('/v2/auth', { email: user.email, password: TEST_PASSWORD }), 429);
    // A hundred password checks and 250 short transactions, one at a time on PGlite, on a busy machine.
  }, 120_000);

  it('counts no failure for parallel logins with the right password (control)', async () => {
    const user = await a.createUser(await a.tokenOf(ADMIN), { entity: LAKESIDE });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.api.post('/v2/auth', { email: user.email, password: TEST_PASSWORD }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await failuresOf(user.email)).toBe(0);
  });

  it('keeps only the last hour of attempts when pruned, as the server does at start and hourly', async () => {
    const key = `account:prune-${Date.now()}@example.test`;
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db()
      .insertInto('login_attempts')
      .values([
        { key, attempted_at: ago(61) },
        { key, attempted_at: ago(120) },
        { key, attempted_at: ago(5) },
      ])
      .execute();
    await pruneAttempts(db());
    const left = await db()
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('key', '=', key)
      .execute();
    expect(left).toHaveLength(1);
  });
});
