import { sql } from 'kysely';
import type { Db } from '../store/db';

// Failed logins are counted per account and per client address in the database, so every server process
// behind a load balancer sees the same counts.
export const MAX_FAILURES_PER_ACCOUNT_PER_HOUR = 100;
export const MAX_FAILURES_PER_ADDRESS_PER_HOUR = 300;

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;
// Advisory lock classes of the throttle (the two-key form pg_advisory_xact_lock(class, hash), which never
// meets a single-key lock); a hash shared by two keys only makes their attempts wait for each other.
const ACCOUNT_LOCK = 1_001;
const ADDRESS_LOCK = 1_002;

// A login attempt counted as a failure from before its password is checked until it is forgiven.
export interface Attempt {
  ids: string[];
}

// Counts the attempt as a failure before the password is checked, or answers null when the account or the
// address has reached its limit. Checking first and recording after the (slow) password check let a burst
// of parallel guesses all see the same count: 250 at once got 107 through a limit of 100. Now attempts on
// one account, and from one address, take their turn at a lock held only while they count and record, and
// an attempt still being checked counts already (tests/api/authThrottle.test.ts).
export async function beginAttempt(db: Db, email: string, ip: string): Promise<Attempt | null> {
  const account = accountKey(email);
  const address = addressKey(ip);
  return db.transaction().execute(async (trx) => {
    // Always the account first, then the address: two attempts never wait for each other in a circle.
    await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${account}))`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${address}))`.execute(trx);
    const recent = (key: string) => sql`(
      SELECT count(*) FROM login_attempts WHERE key = ${key} AND attempted_at > now() - interval '1 hour'
    )`;
    const { rows } = await sql<{ id: string }>`
      INSERT INTO login_attempts (key)
      SELECT key FROM (VALUES (${account}), (${address})) AS attempt (key)
      WHERE ${recent(account)} < ${MAX_FAILURES_PER_ACCOUNT_PER_HOUR}
        AND ${recent(address)} < ${MAX_FAILURES_PER_ADDRESS_PER_HOUR}
      RETURNING id`.execute(trx);
    return rows.length > 0 ? { ids: rows.map((r) => String(r.id)) } : null;
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
