import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isAllowed, type AccessSubject } from '../../src/api/access';
import { MyEntitiesResponse, ProfileResponse } from '../../src/api/schemas/session';
import type { RouteEntry } from '../../src/server/http/routeTable';
import {
  fuzzValue,
  hostileString,
  pathSegment,
  queryText,
  toJsonText,
  type JsonSchema,
} from '../support/fuzzArbitraries';
import {
  capturedRouteCount,
  expectSafeAnswer,
  fullFingerprint,
  knownIds,
  pathOf,
  quickFingerprint,
  schemasOf,
} from '../support/fuzzRoutes';
import { ADMIN, AGENT, HOUSE, LAKESIDE, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer, type SuiteServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

vi.mock('fastify-type-provider-zod', async (original) => {
  const { capturingSchemas } = await import('../support/fuzzRoutes');
  return capturingSchemas(await original());
});

// Requests per route for a user the route admits (FUZZ_RUNS=100 fuzzes harder); a route that refuses the
// user gets one (its 403 must be as safe as any answer, and change nothing).
const RUNS_ALLOWED = Number(process.env.FUZZ_RUNS ?? 10);
const TIME_LIMIT = 240_000 * Math.max(1, RUNS_ALLOWED / 10);
// Routes that hash a password (argon2, ~50 ms) or send mail get a handful of runs, and logins stay far
// below the throttle's 100 failures per account and hour.
const FEW_RUNS: Record<string, number> = {
  'POST /v2/auth': 4,
  'POST /v1/password-forgot': 3,
  'POST /v1/password-reset': 4,
  'POST /v2/users/:id/password-reset': 3,
  'PUT /v2/users/:id/password': 4,
  'POST /v2/my/password': 4,
};
// Long enough for any schema's limits, short of Node's 16 KiB header limit (which answers before fastify).
const MAX_QUERY = 6_000;
const hasBody = (method: string) => !['GET', 'HEAD'].includes(method);

interface FuzzInput {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  // The agentEntityCode header: now and then an entity (the user's own, another, none) or junk.
  actingFor: string | null;
}

const actingFor = fc.option(
  fc.oneof(
    fc.constantFrom(HOUSE, NORTHWIND, NORTHWIND_AUSTIN, LAKESIDE, '9999-9999-ZZ', '1234-5678-ac'),
    // Header values travel as Latin-1: printable ASCII of the hostile strings.
    hostileString.filter((v) => v.length < 200 && /^[\x20-\x7e]*$/.test(v)),
  ),
  { freq: 5 },
);

function inputArbitrary(route: RouteEntry, known: readonly string[]): fc.Arbitrary<FuzzInput> {
  const schemas = schemasOf(route);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramSchema = (name: string): JsonSchema => schemas.params?.properties?.[name] ?? { type: 'string' };
  const params = fc.record(
    Object.fromEntries(names.map((name) => [name, pathSegment(paramSchema(name), known)])),
  );
  // Routes without a query schema still get a query now and then: it must be ignored, never break them.
  const query = schemas.querystring
    ? fuzzValue(schemas.querystring)
    : fc.option(fuzzValue({ type: 'object' }), { freq: 4 });
  const body = hasBody(route.method) ? fuzzValue(schemas.body ?? {}) : fc.constant(undefined);
  return fc.record({ params, query, body, actingFor });
}

function describeInput(
  route: RouteEntry,
  path: string,
  query: string,
  bodyText: string | undefined,
  actingAs: string | null,
): string {
  const cut = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s);
  const body = bodyText === undefined ? '' : ` body ${cut(bodyText)}`;
  const acting = actingAs === null ? '' : ` acting for ${JSON.stringify(actingAs)}`;
  return `${route.method} ${cut(path)}${query ? `?${cut(query)}` : ''}${body}${acting}`;
}

// What the portal learns of a user's access (profile and acting entity), for SPEC §6's isAllowed.
async function subjectOf(s: SuiteServer, token: string): Promise<AccessSubject> {
  const profile = ProfileResponse.parse((await s.api.get('/v2/my/profile', { token })).body).data;
  const entities = MyEntitiesResponse.parse((await s.api.get('/v2/my/entities', { token })).body);
  return {
    privilegeCodes: profile.privilegeCodes,
    isAdmin: profile.isAdmin,
    isInternalAgent: profile.isInternalAgent,
    actingEntityAttributes: entities.acting.attributes,
  };
}

interface FuzzOutcome {
  failures: string[];
  statuses: Map<number, number>;
}

// Fuzzes every route as one user: each request must be answered safely, and a 4xx must change nothing.
// A failing route is reported with fast-check's counterexample, shrunk to one request.
async function fuzzEveryRoute(s: SuiteServer, email: string): Promise<FuzzOutcome> {
  const { accessToken: token } = await s.api.login(email);
  const subject = await subjectOf(s, token);
  const db = s.t.server.database.db;
  const known = await knownIds(db);
  const outcome: FuzzOutcome = { failures: [], statuses: new Map() };
  for (const route of s.t.server.routes) {
    const name = `${route.method} ${route.url}`;
    const runs = isAllowed(route.access, subject)
      ? Math.min(RUNS_ALLOWED, FEW_RUNS[name] ?? RUNS_ALLOWED)
      : 1;
    const batchBefore = await fullFingerprint(db);
    let state = await quickFingerprint(db);
    let onlyRefused = true;
    const property = fc.asyncProperty(inputArbitrary(route, known), async (input) => {
      const path = pathOf(route.url, input.params);
      const query = queryText(input.query).slice(0, MAX_QUERY);
      const bodyText = input.body === undefined ? undefined : toJsonText(input.body);
      const what = describeInput(route, path, query, bodyText, input.actingFor);
      const response = await s.api.request(route.method, query ? `${path}?${query}` : path, {
        token,
        rawBody: bodyText,
        ...(input.actingFor === null ? {} : { actingFor: input.actingFor }),
      });
      outcome.statuses.set(response.status, (outcome.statuses.get(response.status) ?? 0) + 1);
      expectSafeAnswer(response, path, what);
      const after = await quickFingerprint(db);
      if (response.status >= 400) {
        expect(after, `a ${response.status} changed the database: ${what}`).toEqual(state);
      } else {
        onlyRefused = false;
      }
      state = after;
    });
    // A failure shrinks for a bounded time: the smallest request found by then is reported.
    const details = await fc.check(property, { numRuns: runs, interruptAfterTimeLimit: 30_000 });
    if (details.failed) {
      const error = details.errorInstance;
      const message = error instanceof Error ? error.message : String(error);
      outcome.failures.push(
        `${name} (seed ${details.seed}, path ${details.counterexamplePath}): ${message.slice(0, 1_500)}`,
      );
    } else if (onlyRefused) {
      const batchAfter = await fullFingerprint(db);
      if (!isDeepStrictEqual(batchAfter, batchBefore)) {
        outcome.failures.push(
          `${name}: refused requests changed ${JSON.stringify({ batchBefore, batchAfter })}`,
        );
      }
    }
  }
  return outcome;
}

describe.each(testDatabases())('request fuzzing of every route on %s', (database) => {
  const s = useTestServer(database);

  // A pet policy and a renters policy of the agent's agency, so that fuzzed ids also hit real records.
  beforeAll(async () => {
    await purchasePolicies(s.t, { email: AGENT, petNames: ['Rex'] });
    const db = s.t.server.database.db;
    await issueTestRentersPolicy(
      db,
      rentersPolicyIssue({ entityId: await entityIdOf(db, NORTHWIND_AUSTIN) }),
    );
  });

  it('knows the request schemas of every route that validates anything', () => {
    expect(capturedRouteCount()).toBeGreaterThan(100);
    const withSchemas = s.t.server.routes.filter((route) => Object.keys(schemasOf(route)).length > 0);
    expect(withSchemas.length).toBeGreaterThan(100);
    for (const route of s.t.server.routes.filter((r) => r.url.includes(':'))) {
      expect(schemasOf(route).params, `${route.method} ${route.url} validates its path`).toBeDefined();
    }
  });

  it('sees a write in both fingerprints, so a refusal that writes could not go unnoticed', async () => {
    const db = s.t.server.database.db;
    const { accessToken: token } = await s.api.login(ADMIN);
    const [quick, full] = [await quickFingerprint(db), await fullFingerprint(db)];
    const role = { role_name: `fuzz probe ${Date.now()}`, role_desc: 'probe', privileges: [] };
    expect((await s.api.post('/v2/roles', role, { token })).status).toBe(201);
    const [quickAfter, fullAfter] = [await quickFingerprint(db), await fullFingerprint(db)];
    expect(quickAfter['events.position']).toBeGreaterThan(quick['events.position']!);
    expect(fullAfter.roles).toBe(full.roles! + 1);
  });

  // The agent goes first: the admin's fuzzing may disable or change demo users, the agent among them.
  it(
    'answers an external agent safely on every route, and their refused requests change nothing',
    async () => {
      const { failures, statuses } = await fuzzEveryRoute(s, AGENT);
      expect(failures).toEqual([]);
      expect(statuses.get(403) ?? 0).toBeGreaterThan(50);
      expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
    },
    TIME_LIMIT,
  );

  it(
    'answers the root admin safely on every route, and their refused requests change nothing',
    async () => {
      const { failures, statuses } = await fuzzEveryRoute(s, ADMIN);
      expect(failures).toEqual([]);
      // The fuzzing reached the schemas (422), the handlers' own checks (404) and successful answers.
      expect(statuses.get(422) ?? 0).toBeGreaterThan(200);
      expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
      expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(0);
    },
    TIME_LIMIT,
  );
});
