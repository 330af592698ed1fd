import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../store/db';
import { HttpError, ValidationFailed } from './errors';

// The Idempotency-Key header of the money commands (routes with `config: { idempotent: true }`): the first
// answer to a user's key is kept in the database and replayed to a retry, so a client that lost an answer
// may send the command again without it running twice. Without the header a route behaves as before.
declare module 'fastify' {
  interface FastifyRequest {
    // The key this request claimed and runs under; null without the header or on a replay.
    idempotency: ClaimedKey | null;
  }
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
}

interface ClaimedKey {
  userId: number;
  key: string;
  fingerprint: string;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const FIELD = 'Idempotency-Key';
// Visible ASCII only: no spaces or control characters, so two headers joined by a comma are refused too.
export const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
export const KEY_LIFETIME_HOURS = 24;
// A claim still in flight after this long belongs to a request that died (a crash, a lost connection whose
// answer was never stored): a retry of the same request may take it over rather than wait out the 24 h.
export const IN_FLIGHT_LEASE_SECONDS = 60;
const PRUNE_EVERY_MS = 60_000;

export const MESSAGES = {
  format: 'The Idempotency-Key must be 1 to 255 visible ASCII characters.',
  reused: 'This Idempotency-Key was used for a different request; use a new key for a new request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Wait for its answer, then retry.',
} as const;

// The idempotency key of the command a request runs, for its events' metadata.
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  return request.idempotency?.key ?? null;
}

// JSON with object keys sorted at every depth, so key order in the body does not change the fingerprint.
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

function fingerprintOf(request: FastifyRequest, actingEntityId: number): string {
  const described = {
    method: request.method,
    route: request.routeOptions.url,
    params: request.params ?? {},
    query: request.query ?? {},
    body: request.body ?? null,
    acting: actingEntityId,
  };
  return createHash('sha256').update(canonicalJson(described)).digest('hex');
}

function headerKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!KEY_FORMAT.test(value)) throw new ValidationFailed({ [FIELD]: [MESSAGES.format] });
  return value;
}

const hoursAgo = (hours: number) => sql<Date>`now() - make_interval(hours => ${hours})`;
const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

type Stored = {
  fingerprint: string;
  state: 'in_flight' | 'done';
  status: number | null;
  body: string | null;
};
type Outcome = { claimed: true } | { claimed: false; stored: Stored };

// One statement, atomic on PostgreSQL and PGlite alike: a new key is inserted in flight; an expired one, or
// an abandoned claim of the same request, is taken over; anything else is left for the caller to read.
async function claim(db: Db, key: ClaimedKey, attempts = 3): Promise<Outcome> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ user_id: key.userId, key: key.key, fingerprint: key.fingerprint, state: 'in_flight' })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet({
          fingerprint: key.fingerprint,
          state: 'in_flight',
          response_status: null,
          response_body: null,
          created_at: sql`now()`,
        })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', hoursAgo(KEY_LIFETIME_HOURS)),
            eb.and([
              eb('idempotency_keys.state', '=', 'in_flight'),
              eb('idempotency_keys.fingerprint', '=', key.fingerprint),
              eb('idempotency_keys.created_at', '<', secondsAgo(IN_FLIGHT_LEASE_SECONDS)),
            ]),
          ]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  if (claimed) return { claimed: true };
  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'state', 'response_status as status', 'response_body as body'])
    .where('user_id', '=', key.userId)
    .where('key', '=', key.key)
    .executeTakeFirst();
  if (stored) return { claimed: false, stored };
  // Released (a 5xx) between the two statements: claim again, a few times before calling it busy.
  if (attempts > 1) return claim(db, key, attempts - 1);
  throw new HttpError(409, MESSAGES.inFlight);
}

// Installs the key handling and answers the routes that take a key ("METHOD /path"), filled in as routes are
// registered after it, so a test can hold the list of money commands against the server's own.
export function installIdempotency(app: FastifyInstance, db: Db): string[] {
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  app.decorateRequest('idempotency', null);
  let prunedAt = 0;
  const prune = async () => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await db.deleteFrom('idempotency_keys').where('created_at', '<', hoursAgo(KEY_LIFETIME_HOURS)).execute();
  };

  // Before the body is validated: a replay answers what the first request answered, whatever it was, and the
  // fingerprint is of what the client sent. Authentication (onRequest) has run, so the key is the user's.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = headerKey(request);
    const principal = request.principal;
    if (key === null || !principal) return;
    await prune();
    const claimed: ClaimedKey = {
      userId: principal.userId,
      key,
      fingerprint: fingerprintOf(request, principal.acting.id),
    };
    const outcome = await claim(db, claimed);
    if (outcome.claimed) {
      request.idempotency = claimed;
      return;
    }
    const { stored } = outcome;
    if (stored.fingerprint !== claimed.fingerprint) {
      throw new ValidationFailed({ [FIELD]: [MESSAGES.reused] });
    }
    if (stored.state === 'in_flight' || stored.status === null || stored.body === null) {
      throw new HttpError(409, MESSAGES.inFlight);
    }
    return reply
      .code(stored.status)
      .header(REPLAYED_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(stored.body);
  });

  // The answer is stored before it is sent, so a client that saw it and retries gets it again. A 5xx (or an
  // answer that is no JSON text) releases the key: the retry runs the command afresh. So does a 429: a limit
  // refused the command before it ran, and the retry after Retry-After must not be told 429 again.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const held = request.idempotency;
    if (!held) return payload;
    const status = reply.statusCode;
    const keep = status < 500 && status !== 429 && typeof payload === 'string';
    try {
      if (keep) {
        await db
          .updateTable('idempotency_keys')
          .set({ state: 'done', response_status: status, response_body: payload })
          .where('user_id', '=', held.userId)
          .where('key', '=', held.key)
          .where('fingerprint', '=', held.fingerprint)
          .where('state', '=', 'in_flight')
          .execute();
      } else {
        await db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', held.userId)
          .where('key', '=', held.key)
          .where('fingerprint', '=', held.fingerprint)
          .where('state', '=', 'in_flight')
          .execute();
      }
    } catch (error) {
      // The command's outcome stands and is answered; the claim stays in flight until its lease runs out,
      // after which a retry runs the command again (whose own state checks refuse a second effect).
      request.log.error({ err: error, key: held.key }, 'idempotency key outcome not stored');
    }
    return payload;
  });
  return routes;
}
