import type { Db } from '../store/db';

// Failed logins are counted per account and per client address in the database, so every server process
// behind a load balancer sees the same counts.
export const MAX_FAILURES_PER_ACCOUNT_PER_HOUR = 100;
export const MAX_FAILURES_PER_ADDRESS_PER_HOUR = 300;

const HOUR_MS = 3_600_000;
const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

export async function isThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - HOUR_MS);
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', (eb) => eb.fn.countAll<string>().as('n')])
    .where('key', 'in', [accountKey(email), addressKey(ip)])
    .where('attempted_at', '>', since)
    .groupBy('key')
    .execute();
  const count = (key: string) => Number(rows.find((r) => r.key === key)?.n ?? 0);
  return (
    count(accountKey(email)) >= MAX_FAILURES_PER_ACCOUNT_PER_HOUR ||
    count(addressKey(ip)) >= MAX_FAILURES_PER_ADDRESS_PER_HOUR
  );
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values([{ key: accountKey(email) }, { key: addressKey(ip) }])
    .execute();
}

export async function pruneAttempts(db: Db): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<', new Date(Date.now() - HOUR_MS))
    .execute();
}
