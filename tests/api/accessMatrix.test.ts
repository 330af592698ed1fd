import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MyEntitiesResponse, ProfileResponse } from '../../src/api/schemas/session';
import { issueAccessToken } from '../../src/server/auth/accessTokens';
import type { Api } from '../support/http';
import { ADMIN, PERSONA_EMAILS } from '../support/personas';
import {
  allowedPersonas,
  RENTERS_ADDRESS_ACCESS,
  SPEC6_ACCESS,
  SPEC_PERSONAS,
  specAllows,
} from '../support/spec6Access';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { businessToday } from '../support/businessToday';

// The server's route table against SPEC §6 as tests/support/spec6Access.ts writes it: every route, every
// demo persona (as themselves and acting for other entities), and every kind of bad token. Its other half,
// another agency's personas against Northwind's real records, is tests/api/crossAgencyMatrix.test.ts.

// Ids that exist nowhere keep a permitted request free of side effects (a 404 or 422, never a write).
function concretePath(url: string): string {
  return url
    .replace(/:(\w+)\??/g, (_m, name: string) => (/uuid/i.test(name) ? randomUUID() : '999999999'))
    .replace(/\*/g, 'probe');
}

// A few requests in flight at a time: the server answers them in turn anyway, but the HTTP round trips
// overlap.
async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>, size = 4): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

// A read that names no record (a list, a search, a report, the dashboard) must answer a permitted caller
// with 2xx: refusing nobody is not enough, it has to work. Those with required filters get them here.
const LIST_QUERIES: Readonly<Record<string, string>> = {
  'GET /v2/quotes/match': '?email=nobody-matches@example.test',
  'GET /v2/my/table-views': '?table=policies',
  'GET /v2/renters/coverage-options': `?state=TX&effective_date=${businessToday()}`,
};
// Reads whose record is named in the query rather than the path get a made-up one, like the path ids.
const RECORD_QUERIES: Readonly<Record<string, string>> = {
  'GET /v2/policies/documents': '?policyNumber=PET-TX-99999999',
  'GET /v2/policies/events': '?policyNumber=PET-TX-99999999',
  'GET /v2/policies/payments': '?policyNumber=PET-TX-99999999',
  'GET /v2/policies/rates': '?policyNumber=PET-TX-99999999',
  'GET /v2/downloadReceipt': '?policyNumber=PET-TX-99999999',
  'GET /v2/renters/downloadReceipt': '?policyNumber=RNT-TX-99999999',
  'GET /v2/renters/payment-methods/lookup': `?setupIntentId=${randomUUID()}`,
};
const queryOf = (key: string) => LIST_QUERIES[key] ?? RECORD_QUERIES[key] ?? '';

const readsWithoutIds = (route: { method: string; url: string; key: string }) =>
  route.method === 'GET' && !/[:*]/.test(route.url) && !(route.key in RECORD_QUERIES);
// The one write a permitted caller may send empty and see succeed: an empty change of one's own profile,
// which changes nothing.
const EMPTY_WRITES_THAT_SUCCEED = new Set(['PATCH /v2/my/profile']);
// What a permitted call may answer: 2xx for a read without ids; otherwise the made-up record's 404 or the
// empty body's 422, nothing else (a 2xx there would be a write with a made-up id, a 5xx a failure, a 409 a
// state check before the existence check).
const allowedAnswer = (route: { method: string; url: string; key: string }) =>
  readsWithoutIds(route) || EMPTY_WRITES_THAT_SUCCEED.has(route.key) ? /^2\d\d$/ : /^(404|422)$/;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Claims {
  sub: string;
  sid: string;
  jti: string;
  iat: number;
  exp: number;
}
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Claims;

describe.each(testDatabases())('the SPEC §6 access matrix on %s', (database) => {
  const s = useTestServer(database);
  const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
  const routes = () => s.t.server.routes.map((r) => ({ method: r.method, url: r.url, key: keyOf(r) }));
  const guarded = () => routes().filter((r) => SPEC6_ACCESS[r.key]?.kind !== 'public');

  // Each demo user logs in once; the acting cases reuse the user's token with the agentEntityCode header.
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const email of PERSONA_EMAILS) tokens.set(email, (await s.api.login(email)).accessToken);
  });
  const tokenOf = (email: string) => tokens.get(email)!;

  const call = (api: Api, method: string, url: string, token?: string, actingFor?: string) =>
    api.request(method, `${concretePath(url)}${queryOf(`${method} ${url}`)}`, {
      token,
      actingFor,
      ...(hasBody(method) ? { body: {} } : {}),
    });

  it('has a SPEC §6 entry for every route of the server, and none for a route it lacks', () => {
    const table = routes().map((r) => r.key);
    expect(table.length).toBeGreaterThan(100);
    const missing = table.filter((key) => !(key in SPEC6_ACCESS));
    const stale = Object.keys(SPEC6_ACCESS).filter((key) => !table.includes(key));
    expect(missing, 'routes with no SPEC §6 entry in tests/support/spec6Access.ts').toEqual([]);
    expect(stale, 'SPEC §6 entries for routes the server does not have').toEqual([]);
    // The reads that must answer 2xx are many, and every query given here belongs to a route.
    expect(routes().filter(readsWithoutIds).length).toBeGreaterThan(40);
    for (const key of [...Object.keys(LIST_QUERIES), ...Object.keys(RECORD_QUERIES)])
      expect(table, 'a query for a route the server does not have').toContain(key);
  });

  // The matrix's expectations rest on these facts; check them against what the server says of each user.
  it('knows each persona as the server does: user type, role codes and the acting entity', async () => {
    for (const who of SPEC_PERSONAS.filter((p) => !p.actingRefused)) {
      const options = { token: tokenOf(who.email), actingFor: who.actingFor };
      const profile = ProfileResponse.parse((await s.api.get('/v2/my/profile', options)).body).data;
      expect(
        {
          isAdmin: profile.isAdmin,
          isInternal: profile.isInternalAgent,
          isExternal: profile.isExternalAgent,
        },
        who.label,
      ).toEqual({ isAdmin: who.isAdmin, isInternal: who.isInternalAgent, isExternal: who.isExternalAgent });
      expect(profile.privilegeCodes, who.label).toEqual(expect.arrayContaining([...who.codes]));
      const { acting } = MyEntitiesResponse.parse((await s.api.get('/v2/my/entities', options)).body);
      if (who.actingFor) expect(acting.entityCode, who.label).toBe(who.actingFor);
      const dashboard = acting.attributes.some((a) => a.attributeId === 28 && a.value === '1');
      expect(dashboard, `${who.label}: agent dashboard attribute`).toBe(who.agentDashboard);
    }
    // Both kinds of persona are present, so the matrix exercises the acting refusal too.
    expect(SPEC_PERSONAS.some((p) => p.actingRefused)).toBe(true);
  });

  // One test per persona, so a failure names the persona and the time limit holds per persona.
  it.each(SPEC_PERSONAS.map((who) => [who.label, who] as const))(
    'answers %s 403 exactly where SPEC §6 refuses, and 2xx, 404 or 422 as the route allows where it allows',
    async (_label, who) => {
      const answers = await inBatches(routes(), (route) =>
        call(s.api, route.method, route.url, tokenOf(who.email), who.actingFor),
      );
      const wrong = routes().flatMap((route, i) => {
        const { status, text } = answers[i]!;
        const allowed = allowedPersonas(route.key).has(who.label);
        const fine = allowed ? allowedAnswer(route).test(String(status)) : status === 403;
        const said = `SPEC ${allowed ? 'allows' : 'refuses'}, answered ${status} ${text.slice(0, 80)}`;
        return fine ? [] : [`${route.key} ${said}`];
      });
      expect(wrong).toEqual([]);
    },
  );

  // The one route whose privilege depends on its body (the address type). A valid body for a policy that
  // exists nowhere: 403 where SPEC refuses the type, otherwise the missing policy's 404.
  it('refuses each renters address type to exactly the personas SPEC §6 refuses it', async () => {
    const address = { line_1: '500 Lamar Blvd', city: 'Austin', state_code: 'TX', zip_code: '78703' };
    const cases = SPEC_PERSONAS.flatMap((who) =>
      Object.entries(RENTERS_ADDRESS_ACCESS).map(([type, rule]) => ({
        who,
        type,
        allowed: specAllows(rule, who),
      })),
    );
    const answers = await inBatches(cases, ({ who, type }) =>
      s.api.post(
        '/v2/renters/policies/999999999/addresses',
        {
          data: {
            ...address,
            address_type: type,
            ...(type === 'INTPARTY' ? { name: 'Lamar Lofts LLC' } : {}),
          },
        },
        { token: tokenOf(who.email), actingFor: who.actingFor },
      ),
    );
    const wrong = cases.flatMap(({ who, type, allowed }, i) => {
      const { status, text } = answers[i]!;
      const fine = status === (allowed ? 404 : 403);
      return fine
        ? []
        : [`${who.label}: ${type} SPEC ${allowed ? 'allows' : 'refuses'}, answered ${status} ${text}`];
    });
    expect(wrong).toEqual([]);
    expect(cases.some((c) => c.allowed) && cases.some((c) => !c.allowed)).toBe(true);
  });

  // Every forged token is the root admin's, who passes every check: accepting one could not hide as a 403.
  // Each has a control that differs only in what makes it bad and is accepted.
  const badTokens = new Map<string, string | undefined>();
  const controls = new Map<string, string>();
  beforeAll(async () => {
    const secret = s.t.config.accessTokenSecret;
    const adminToken = tokenOf(ADMIN);
    const root = claimsOf(adminToken);
    const [header, , signature] = adminToken.split('.') as [string, string, string];
    const sign = (input: string) => createHmac('sha256', secret).update(input).digest('base64url');
    // Payload changed (a longer life), signature kept.
    const extended = `${header}.${b64({ ...root, exp: root.exp + 86_400 })}`;
    // A session of its own, so the logout leaves the shared admin token alone; accepted until then.
    const session = await s.api.login(ADMIN);
    const live = await s.api.get('/v2/my/profile', { token: session.accessToken });
    expect(live.status, 'a token of a session before its logout').toBe(200);
    expect((await s.api.logout(session.refreshToken)).status).toBe(200);
    badTokens.set('no token', undefined);
    controls.set('the admin token', adminToken);
    badTokens.set(
      'an expired token',
      issueAccessToken(Number(root.sub), root.sid, secret, 900, Date.now() - 7_200_000),
    );
    controls.set('one issued now', issueAccessToken(Number(root.sub), root.sid, secret, 900));
    badTokens.set('a tampered token', `${extended}.${signature}`);
    controls.set('the tampered claims signed with the secret', `${extended}.${sign(extended)}`);
    badTokens.set('an alg none token', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(root)}.`);
    badTokens.set(
      'a token of another secret',
      issueAccessToken(Number(root.sub), root.sid, 'x'.repeat(64), 900),
    );
    badTokens.set('a token of a logged-out session', session.accessToken);
  });
  const BAD_TOKEN_KINDS = [
    'no token',
    'an expired token',
    'a tampered token',
    'an alg none token',
    'a token of another secret',
    'a token of a logged-out session',
  ];

  it('accepts the tokens the bad ones differ from (control)', async () => {
    expect([...badTokens.keys()]).toEqual(BAD_TOKEN_KINDS);
    for (const [name, token] of controls) {
      expect((await s.api.get('/v2/my/profile', { token })).status, name).toBe(200);
    }
  });

  it.each(BAD_TOKEN_KINDS)('answers 401 on every guarded route to %s', async (kind) => {
    expect(guarded().length).toBeGreaterThan(100);
    const token = badTokens.get(kind);
    const answers = await inBatches(guarded(), (route) => call(s.api, route.method, route.url, token));
    const wrong = guarded().flatMap((route, i) => {
      const { status, body, text } = answers[i]!;
      const fine = status === 401 && JSON.stringify(body) === '{"message":"Unauthenticated."}';
      return fine ? [] : [`${route.key} answered ${status} ${text.slice(0, 80)}`];
    });
    expect(wrong).toEqual([]);
  });
});
