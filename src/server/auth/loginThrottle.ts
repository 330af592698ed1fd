import { sql } from 'kysely';
import type { Db } from '../store/db';

// Failed logins are counted per account from one client address, and per client address, in the database, so
// every server process behind a load balancer sees the same counts. The account's count is kept per address
// so that a stranger's wrong passwords lock the stranger out, never the agent signing in from their own
// address; the address's own limit stops one client guessing across many accounts.
export const MAX_FAILURES_PER_ACCOUNT_PER_HOUR = 100;
export const MAX_FAILURES_PER_ADDRESS_PER_HOUR = 300;

// The key of an account's failures from one client address.
export const accountKey = (email: string, ip: string) => `account:${email.toLowerCase()} from:${ip}`;
export const addressKey = (ip: string) => `address:${ip}`;
// Advisory lock classes of the throttle (the two-key form pg_advisory_xact_lock(class, hash), which never
// meets a single-key lock); a hash shared by two keys only makes their attempts wait for each other.
const ACCOUNT_LOCK = 1_001;
const ADDRESS_LOCK = 1_002;

// A login attempt counted as a failure from before its password is checked until it is forgiven.
export interface Attempt {
  ids: string[];
}

// The attempt was refused: the seconds until the oldest failure that keeps it over its limit is an hour old.
export interface Throttled {
  retryAfterSeconds: number;
}

// Counts the attempt as a failure before the password is checked, or answers when the account (from this
// address) or the address has reached its limit. Checking first and recording after the (slow) password
// check let a burst of parallel guesses all see the same count: 250 at once got 107 through a limit of 100.
// Now attempts on one account from one address, and from one address, take their turn at a lock held only
// while they count and record, and an attempt still being checked counts already
// (tests/api/authThrottle.test.ts).
export async function beginAttempt(db: Db, email: string, ip: string): Promise<Attempt | Throttled> {
  const account = accountKey(email, ip);
  const address = addressKey(ip);
  return db.transaction().execute(async (trx) => {
    // Always the account first, then the address: two attempts never wait for each other in a circle.
    await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${account}))`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${address}))`.execute(trx);
    for (const [key, max] of [
      [account, MAX_FAILURES_PER_ACCOUNT_PER_HOUR],
      [address, MAX_FAILURES_PER_ADDRESS_PER_HOUR],
    ] as const) {
      // The newest `max` failures of the hour: with that many, the oldest of them frees a slot an hour on.
      const { rows } = await sql<{ wait: number | string }>`
        SELECT ceil(extract(epoch FROM attempted_at + interval '1 hour' - now())) AS wait
        FROM login_attempts
        WHERE key = ${key} AND attempted_at > now() - interval '1 hour'
        ORDER BY attempted_at DESC
        LIMIT ${max}`.execute(trx);
      if (rows.length >= max) return { retryAfterSeconds: Math.max(1, Number(rows[rows.length - 1]!.wait)) };
    }
    const { rows } = await sql<{ id: string }>`
      INSERT INTO login_attempts (key) VALUES (${account}), (${address}) RETURNING id`.execute(trx);
    return { ids: rows.map((r) => String(r.id)) };
  });
}

// The password was right: the attempt is no failure after all.
export async function forgiveAttempt(db: Db, attempt: Attempt): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', 'in', attempt.ids).execute();
}

export async function pruneAttempts(db: Db): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<', new Date(Date.now() - 3_600_000))
    .execute();
}
