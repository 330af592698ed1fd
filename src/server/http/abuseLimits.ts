import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../store/db';
import { HttpError } from './errors';
import { logSecurityEvent } from './securityLog';

// Limits on abuse (docs/security.md "Limits on abuse"): how often one policy, user, payment session, e-mail
// address or client address may do what an attacker would do by the thousand. Each count is a row in
// abuse_counts, so every server process behind one address sees the same counts; a request over a limit is
// answered 429 with Retry-After, written to the security log, and changes nothing.
const HOUR = 3_600;

// Card testing (trying stolen card numbers to learn which work) needs many new cards through Pay now. A
// customer on the phone gives one or two cards; five on one policy in an hour is already more than staff
// need, and ten for one user covers a busy hour of calls. A new card whose payment went through is forgiven
// (not counted): it paid what was due, so it cannot be tried again on the policy, and staff who take many
// payments are not stopped by their successes.
export const NEW_CARDS_PER_POLICY_PER_HOUR = 5;
export const NEW_CARDS_PER_USER_PER_HOUR = 10;
// A purchase is the same charge with a new card: a quote takes as many declined cards as a policy's Pay now,
// and a quote's declines count towards its user's ten.
export const NEW_CARDS_PER_QUOTE_PER_HOUR = 5;
// A payment session is one card form of a purchase (30 minutes): a few typing mistakes, never thirty cards.
export const TOKENIZATIONS_PER_SESSION = 10;
// A renters customer's new payment method goes through a setup intent of its own each time, so the customer
// is the key: as many methods an hour as a payment session takes.
export const TOKENIZATIONS_PER_RENTERS_CUSTOMER_PER_HOUR = 10;
// Each reset request mails a link: three an hour reach a person who lost the first mail, and stop a flood of
// mails to one inbox. One office behind one address may have many people who forgot: twenty an hour.
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 3;
export const RESET_REQUESTS_PER_CLIENT_PER_HOUR = 20;

// Each limit's name, as the security log and docs/security.md's table name it.
export const LIMIT_NAMES = [
  'new-cards-per-policy',
  'new-cards-per-user',
  'new-cards-per-quote',
  'tokenizations-per-session',
  'tokenizations-per-renters-customer',
  'reset-requests-per-address',
  'reset-requests-per-client',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export interface Limit {
  name: LimitName;
  key: string;
  max: number;
  windowSeconds: number;
}

export const limits = {
  newCardsPerPolicy: (line: string, policyNumber: string): Limit => ({
    name: 'new-cards-per-policy',
    key: `new-card:policy:${line}:${policyNumber}`,
    max: NEW_CARDS_PER_POLICY_PER_HOUR,
    windowSeconds: HOUR,
  }),
  newCardsPerUser: (userId: number): Limit => ({
    name: 'new-cards-per-user',
    key: `new-card:user:${userId}`,
    max: NEW_CARDS_PER_USER_PER_HOUR,
    windowSeconds: HOUR,
  }),
  newCardsPerQuote: (line: string, quoteId: string): Limit => ({
    name: 'new-cards-per-quote',
    key: `new-card:quote:${line}:${quoteId}`,
    max: NEW_CARDS_PER_QUOTE_PER_HOUR,
    windowSeconds: HOUR,
  }),
  // The window outlasts the session (30 minutes), so the count is per session for its whole life.
  tokenizationsPerSession: (sessionId: string): Limit => ({
    name: 'tokenizations-per-session',
    key: `tokenize:session:${sessionId}`,
    max: TOKENIZATIONS_PER_SESSION,
    windowSeconds: HOUR,
  }),
  tokenizationsPerRentersCustomer: (customerId: number): Limit => ({
    name: 'tokenizations-per-renters-customer',
    key: `tokenize:renters-customer:${customerId}`,
    max: TOKENIZATIONS_PER_RENTERS_CUSTOMER_PER_HOUR,
    windowSeconds: HOUR,
  }),
  resetRequestsPerAddress: (email: string): Limit => ({
    name: 'reset-requests-per-address',
    key: `reset:address:${email.trim().toLowerCase()}`,
    max: RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
    windowSeconds: HOUR,
  }),
  resetRequestsPerClient: (ip: string): Limit => ({
    name: 'reset-requests-per-client',
    key: `reset:client:${ip}`,
    max: RESET_REQUESTS_PER_CLIENT_PER_HOUR,
    windowSeconds: HOUR,
  }),
};

// The advisory lock class of these counts (login attempts use 1001 and 1002).
const COUNT_LOCK = 1_003;

export type Counted = { ids: string[] };
export type OverLimit = { limit: Limit; retryAfterSeconds: number };

// Counts one request under every limit, or none when one of them is reached. As the login throttle does,
// requests under one key take turns at a lock held only while they count, so a parallel burst cannot all see
// the same count and all pass.
export async function countRequest(db: Db, all: readonly Limit[]): Promise<Counted | OverLimit> {
  const ordered = [...all].sort((a, b) => a.key.localeCompare(b.key));
  const result = await db.transaction().execute(async (trx): Promise<Counted | OverLimit> => {
    // Always in key order: two requests never wait for each other in a circle.
    for (const limit of ordered)
      await sql`SELECT pg_advisory_xact_lock(${COUNT_LOCK}, hashtext(${limit.key}))`.execute(trx);
    for (const limit of ordered) {
      // The newest `max` counts in the window: when there are that many, a slot frees up when the oldest of
      // them leaves the window.
      const { rows } = await sql<{ wait: number | string }>`
        SELECT ceil(extract(epoch FROM counted_at + make_interval(secs => ${limit.windowSeconds}) - now())) AS wait
        FROM abuse_counts
        WHERE key = ${limit.key} AND counted_at > now() - make_interval(secs => ${limit.windowSeconds})
        ORDER BY counted_at DESC
        LIMIT ${limit.max}`.execute(trx);
      if (rows.length >= limit.max)
        return { limit, retryAfterSeconds: Math.max(1, Number(rows[rows.length - 1]!.wait)) };
    }
    const ids: string[] = [];
    for (const limit of ordered) {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO abuse_counts (key, expires_at)
        VALUES (${limit.key}, now() + make_interval(secs => ${limit.windowSeconds}))
        RETURNING id`.execute(trx);
      ids.push(String(rows[0]!.id));
    }
    return { ids };
  });
  await pruneNowAndThen(db);
  return result;
}

// A counted request that turned out not to be abuse (a new card that paid) is taken off the counts.
export async function forgiveRequest(db: Db, counted: Counted): Promise<void> {
  if (counted.ids.length === 0) return;
  await sql`DELETE FROM abuse_counts WHERE id = ANY(${counted.ids}::bigint[])`.execute(db);
}

// A charge with a new card under its limits: counted before it runs, and taken off the counts when it was no
// try of a card (refused before the charge) or the card paid; only declines stay counted.
export async function chargeUnderLimits<T>(
  db: Db,
  request: FastifyRequest,
  all: readonly Limit[],
  charge: () => Promise<T>,
  declined: (result: T) => boolean,
): Promise<T> {
  const counted = await enforceLimits(db, request, all, NEW_CARDS_REFUSAL);
  let result: T;
  try {
    result = await charge();
  } catch (error) {
    await forgiveRequest(db, counted);
    throw error;
  }
  if (!declined(result)) await forgiveRequest(db, counted);
  return result;
}

export const NEW_CARDS_REFUSAL = 'Too many new cards were tried. Try again later.';

// Counts past their window are deleted by whichever request comes along, at most once a minute per process.
let prunedAt = 0;
async function pruneNowAndThen(db: Db): Promise<void> {
  if (Date.now() - prunedAt < 60_000) return;
  prunedAt = Date.now();
  await sql`DELETE FROM abuse_counts WHERE expires_at < now()`.execute(db);
}

// A request over a limit: 429 with the seconds until it would be counted again (the error handler sends them
// as Retry-After).
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'TooManyRequests';
  }
}

// Counts the request under its limits, or logs the refusal and throws 429 before anything is done.
export async function enforceLimits(
  db: Db,
  request: FastifyRequest,
  all: readonly Limit[],
  message: string,
): Promise<Counted> {
  const counted = await countRequest(db, all);
  if ('ids' in counted) return counted;
  logSecurityEvent(request, {
    kind: 'rate-limited',
    limit: counted.limit.name,
    retryAfterSeconds: counted.retryAfterSeconds,
  });
  throw new TooManyRequests(message, counted.retryAfterSeconds);
}
