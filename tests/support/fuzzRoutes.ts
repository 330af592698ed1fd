import { sql } from 'kysely';
import { expect } from 'vitest';
import { z } from 'zod';
import type * as ZodTypeProvider from 'fastify-type-provider-zod';
import { ValidationErrorBody } from '../../src/api/schemas/errors';
import { PROJECTION_TABLES } from '../../src/server/projections';
import type { RouteEntry } from '../../src/server/http/routeTable';
import type { Db } from '../../src/server/store/db';
import type { JsonSchema } from './fuzzArbitraries';
import type { ApiResponse } from './http';

// What request fuzzing needs from a running server: every route's request schemas, a cheap fingerprint of
// the database, and the checks every answer must pass.

type HttpPart = 'params' | 'querystring' | 'body';
export type RouteSchemas = Partial<Record<HttpPart, JsonSchema>>;

const captured = new Map<string, Partial<Record<HttpPart, z.ZodType>>>();
const key = (method: string, url: string) => `${method} ${url}`;

// Fastify hands every route's zod schemas, part by part, to the validator compiler when the server starts;
// a test file wraps the compiler with this (vi.mock of fastify-type-provider-zod) to learn them without the
// server exposing its route options.
export function capturingSchemas(real: typeof ZodTypeProvider): typeof ZodTypeProvider {
  return {
    ...real,
    validatorCompiler: (route) => {
      const part = route.httpPart as HttpPart;
      if (part === 'params' || part === 'querystring' || part === 'body') {
        const parts = captured.get(key(route.method, route.url)) ?? {};
        parts[part] = route.schema as z.ZodType;
        captured.set(key(route.method, route.url), parts);
      }
      return real.validatorCompiler(route);
    },
  };
}

// The route's request schemas as JSON Schema of what it accepts (input side of transforms and defaults).
export function schemasOf(route: RouteEntry): RouteSchemas {
  const parts = captured.get(key(route.method, route.url)) ?? {};
  const out: RouteSchemas = {};
  for (const [part, schema] of Object.entries(parts) as [HttpPart, z.ZodType][]) {
    out[part] = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  return out;
}

export const capturedRouteCount = () => captured.size;

// Stores outside the event log that a request can add to. login_attempts is left out: a refused login is
// recorded on purpose (the throttle), and that is its only effect.
const SIDE_TABLES = [
  'payment_sessions',
  'payment_tokens',
  'payment_charges',
  'payment_refunds',
  'renters_setup_intents',
  'idempotency_keys',
  'password_resets',
  'session_families',
  'refresh_tokens',
  'outbox',
  'table_views',
];

export type DbFingerprint = Record<string, number>;

async function countRows(db: Db, tables: readonly string[]): Promise<DbFingerprint> {
  const columns = [
    sql`(select coalesce(max(position), 0) from events) as "events.position"`,
    ...tables.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`),
  ];
  const { rows } = await sql<Record<string, string | number>>`select ${sql.join(columns)}`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([name, n]) => [name, Number(n)]));
}

// The newest event's position and the rows of the stores beside the log, in one cheap round trip: every
// change of the domain appends an event, so a write that a 4xx answer let through shows here.
export const quickFingerprint = (db: Db) => countRows(db, SIDE_TABLES);

// The same and the row count of every read table: read tables change only with an event, which the quick
// fingerprint sees, so this slower check runs once per batch of requests.
export const fullFingerprint = (db: Db) => countRows(db, [...SIDE_TABLES, ...PROJECTION_TABLES]);

// Traces of a leaked error: stack frames, source paths, error class names, fastify's internal codes.
const LEAKS = [
  /\n\s*at /,
  /\bat .*\(?(file:\/\/|\/)[^\s]*:\d+:\d+/,
  /\.(ts|js|mjs|cjs):\d+/,
  /node_modules|\/src\/server|"stack"/,
  /\b(Type|Reference|Syntax|Range|Internal)Error\b|\bError: /,
  /FST_ERR|ERR_[A-Z_]{4,}/,
  /\bduplicate key|violates .* constraint|relation ".*"|syntax error at or near|invalid input syntax/i,
];

export function leakIn(text: string): RegExp | undefined {
  return LEAKS.find((pattern) => pattern.test(text));
}

// What every answer must be, whatever was sent: no server error, and an error answer is SPEC §5/§8 JSON
// (a message; on 422 also field → messages) without internals.
export function expectSafeAnswer(response: ApiResponse, path: string, what: string): void {
  const context = `${what} → ${response.status} ${response.text.slice(0, 300)}`;
  expect(response.status, context).toBeLessThan(500);
  expectApiHeaders(response, context, /^\/v\d/.test(path));
  if (response.status < 400) return;
  expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
  expect(response.body, context).toMatchObject({ message: expect.any(String) });
  if (response.status === 422) ValidationErrorBody.strict().parse(response.body);
  else expect(Object.keys(response.body as object), context).toEqual(['message']);
  expect(leakIn(response.text), context).toBeUndefined();
}

// The headers every API answer carries, success or refusal: a CSP that loads and frames nothing from
// elsewhere, no sniffing, no caching, no framework banner.
export function expectApiHeaders(response: ApiResponse, context: string, versioned = true): void {
  const h = response.headers;
  const csp = h.get('content-security-policy') ?? '';
  expect(csp, context).toMatch(/default-src '(self|none)'/);
  expect(csp, context).toContain("frame-ancestors 'none'");
  expect(csp, context).not.toMatch(/unsafe-eval|\*|https?:/);
  expect(h.get('x-content-type-options'), context).toBe('nosniff');
  expect(h.get('x-frame-options'), context).toBe('SAMEORIGIN');
  expect(h.get('referrer-policy'), context).toBe('no-referrer');
  // /v1 and /v2 answers hold data of a session; /healthz holds nothing worth keeping out of a cache.
  if (versioned) expect(h.get('cache-control'), context).toBe('no-store');
  expect(h.get('x-request-id'), context).toMatch(/^[\w-]{8,64}$/);
  expect(h.get('x-powered-by'), context).toBeNull();
}

// Columns whose values are path parameters of some route: fuzzing with them reaches real records.
const ID_COLUMNS = [
  ['entities', 'id'],
  ['users', 'id'],
  ['roles', 'id'],
  ['quotes', 'uuid'],
  ['policies', 'matter_id'],
  ['policies', 'customer_id'],
  ['claims', 'id'],
  ['policy_documents', 'id'],
  ['policy_files', 'id'],
  ['renters_quotes', 'id'],
  ['renters_policies', 'matter_id'],
  ['renters_policies', 'customer_id'],
  ['renters_payment_accounts', 'id'],
  ['renters_payment_methods', 'id'],
  ['commission_rules', 'id'],
  ['commission_statements', 'id'],
  ['table_views', 'id'],
] as const;

// The ids of the records on the server, as path segments.
export async function knownIds(db: Db): Promise<string[]> {
  const ids = new Set<string>();
  for (const [table, column] of ID_COLUMNS) {
    const { rows } = await sql<{
      v: string | number;
    }>`select ${sql.ref(column)} as v from ${sql.table(table)} limit 50`.execute(db);
    for (const row of rows) ids.add(String(row.v));
  }
  return [...ids];
}

// The route's URL with its parameters filled in (already percent-encoded).
export function pathOf(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '1');
}
