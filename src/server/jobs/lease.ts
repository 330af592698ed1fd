import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';

// Claims held across processes (docs/jobs.md "Two processes"): a claim is a random name written into the row
// it holds, with a lease on the database's clock (every process reads the same one, and the sandbox's moved
// business clock plays no part). The holder renews the lease while it works; a claim whose lease ran out
// belonged to a process that stopped, and another may take the row.

// How long a claim holds without being renewed, and how often its holder renews it.
export const LEASE_SECONDS = 60;
const RENEW_EVERY_MS = (LEASE_SECONDS * 1_000) / 4;

export function newClaim(): string {
  return randomUUID();
}

// The database's clock: leases are kept on it, not on the business clock, which a sandbox moves by days and
// which each process keeps apart.
export function databaseNow(): RawBuilder<Date> {
  // eslint-disable-next-line no-restricted-syntax -- a lease is timed by the one clock every process shares
  return sql<Date>`now()`;
}

// The instant a lease taken or renewed now runs out.
export function leaseEnd(seconds = LEASE_SECONDS): RawBuilder<Date> {
  return sql<Date>`${databaseNow()} + ${`${seconds} seconds`}::interval`;
}

// Renews a claim's lease until the returned stop is called (it waits for a renewal under way). A failed
// renewal is only reported: the next one tries again, and a claim that lapses is refused at its end.
export function keepRenewing(
  renew: () => Promise<unknown>,
  onError: (error: unknown) => void,
  everyMs = RENEW_EVERY_MS,
): () => Promise<void> {
  let pending: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    pending = renew().catch(onError);
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await pending;
  };
}
