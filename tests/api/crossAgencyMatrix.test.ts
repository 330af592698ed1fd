import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildNorthwind,
  crossAgencyCases,
  marksIn,
  OWN_WRITES,
  ROOT_ENTITY_READS,
  stateOf,
  type CrossCase,
  type Northwind,
} from '../support/crossAgencyFixtures';
import type { ApiResponse } from '../support/http';
import { LAKESIDE_ADMIN, LAKESIDE_MANAGER } from '../support/personas';
import { SPEC6_ACCESS } from '../support/spec6Access';
import { useTestServer } from '../support/suite';
import { sendRouteRequest } from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';

// The access matrix's cross-agency half: another agency's demo users (Lakeside's manager, and its user and
// role administrator) send every route of the server's table about Northwind's real records, one of every
// kind, with valid bodies. Each must be refused (403/404, or 422 for a record named in a body), show none
// of Northwind's rows, and change no table and not the event log. The requests are generated from the
// route table (tests/support/crossAgencyFixtures.ts), so a new route is tried, or fails the first test
// until it can be.
const OUTSIDERS = [LAKESIDE_MANAGER, LAKESIDE_ADMIN];
const REACHED: Readonly<Record<string, number>> = { [LAKESIDE_MANAGER]: 80, [LAKESIDE_ADMIN]: 30 };

const judge = (c: CrossCase, response: ApiResponse, marks: readonly string[]): string | null => {
  const { status, text } = response;
  const shown = marksIn(text, marks);
  if (shown.length > 0) return `${status} shows ${shown.join(', ')}`;
  switch (c.expect) {
    case 'refused':
      return [403, 404].includes(status) ? null : `status ${status}`;
    case 'refusedInBody':
      return [403, 404, 422].includes(status) ? null : `status ${status}`;
    case 'nothingShown':
      if (![200, 201, 403].includes(status)) return `status ${status}`;
      return /"matched":[1-9]/.test(text) ? 'matched a statement' : null;
    case 'customerRefusal':
      return status === 403 || (status === 200 && text.includes('"error":"The customer was not found."'))
        ? null
        : 'customer shown';
  }
};

describe.each(testDatabases())(
  'another agency’s users against every route about Northwind on %s',
  (database) => {
    const s = useTestServer(database);
    const db = () => s.t.server.database.db;
    let northwind: Northwind;
    const tokens = new Map<string, string>();

    beforeAll(async () => {
      northwind = await buildNorthwind(s);
      const owner = northwind.records.tenant.email;
      for (const email of [...OUTSIDERS, owner]) tokens.set(email, (await s.api.login(email)).accessToken);
    }, 180_000);

    const guarded = () =>
      s.t.server.routes.filter((r) => SPEC6_ACCESS[`${r.method} ${r.url}`]?.kind !== 'public');

    const upload = new File(['%PDF-1.4 mallory'], 'evil.pdf', { type: 'application/pdf' });
    const send = (email: string, c: CrossCase, actingFor?: string): Promise<ApiResponse> =>
      sendRouteRequest(s, tokens.get(email)!, c, upload, actingFor);

    it('has a request about Northwind for every guarded route of the table', () => {
      const { cases, missing } = crossAgencyCases(guarded(), northwind);
      expect(missing).toEqual([]);
      const tried = new Set(cases.map((c) => c.route));
      const untried = guarded()
        .map((r) => `${r.method} ${r.url}`)
        .filter((key) => !tried.has(key) && !(key in OWN_WRITES));
      expect(untried).toEqual([]);
      expect(cases.length).toBeGreaterThan(150);
      // A route added later is tried by its parameters' names, or named here until it can be.
      const later = [
        { method: 'GET', url: '/v2/entities/:entityId/widgets' },
        { method: 'GET', url: '/v2/widgets/:widgetId' },
        { method: 'POST', url: '/v2/entities/:entityId/widgets' },
        { method: 'POST', url: '/v2/widgets/recalculate' },
      ];
      expect(crossAgencyCases(later, northwind).missing).toEqual([
        'GET /v2/widgets/:widgetId: no Northwind id for :widgetId',
        'POST /v2/entities/:entityId/widgets: no valid body to send',
        'POST /v2/widgets/recalculate: names no Northwind record (add it to naming or OWN_WRITES)',
      ]);
    });

    // The control: the ids are Northwind's real records, which Northwind's own user (holding every grantable
    // privilege, and the owner of the setup intent) reads; the searches naming Northwind find it for them.
    it('names records that exist: Northwind’s own user reads each one and finds Northwind by each search', async () => {
      const { cases } = crossAgencyCases(guarded(), northwind);
      const reads = cases.filter(
        (c) => c.route.startsWith('GET ') && c.expect === 'refused' && !ROOT_ENTITY_READS.has(c.route),
      );
      const searches = cases.filter(
        (c) => c.route.startsWith('GET ') && /[?&](filter\[|term=|email=)/.test(c.path),
      );
      const failures: string[] = [];
      for (const c of [...reads, ...searches]) {
        const response = await send(northwind.records.tenant.email, c);
        const found = reads.includes(c) || marksIn(response.text, northwind.marks).length > 0;
        if (response.status !== 200 || !found)
          failures.push(`${c.route} ${c.path}: ${response.status} ${response.text.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      expect(reads.length).toBeGreaterThan(40);
      expect(searches.length).toBeGreaterThan(15);
    }, 120_000);

    // Counts are rows too: a house role held in both agencies counts, for Lakeside, Lakeside's holders only.
    it('counts none of Northwind’s users in the roles Lakeside’s administrator lists', async () => {
      const response = await s.api.get('/v2/roles?filter[name]=Agency%20Manager', {
        token: tokens.get(LAKESIDE_ADMIN),
      });
      expect(response.status, response.text).toBe(200);
      const roles = (response.body as { data: { role_name: string; user_count: number }[] }).data;
      // Northwind's manager@ and Lakeside's principal hold it; Lakeside sees one.
      expect(roles.find((r) => r.role_name === 'Agency Manager')?.user_count).toBe(1);
    });

    it.each(OUTSIDERS)(
      'refuses %s every record of Northwind, shows none of its rows and changes nothing',
      async (email) => {
        const { cases } = crossAgencyCases(guarded(), northwind);
        const failures: string[] = [];
        const reached: string[] = [];
        for (const c of cases) {
          const before = await stateOf(db());
          const response = await send(email, c);
          if (response.status !== 403) reached.push(c.route);
          const failure = judge(c, response, northwind.marks);
          if (failure) failures.push(`${c.route} ${c.path}: ${failure}: ${response.text.slice(0, 160)}`);
          const after = await stateOf(db());
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            const changed = Object.keys(after.counts).filter((t) => after.counts[t] !== before.counts[t]);
            if (after.lastEvent !== before.lastEvent) changed.push('the event log');
            failures.push(`${c.route} ${c.path}: changed ${changed.join(', ')}`);
          }
        }
        expect(failures).toEqual([]);
        // Most of these refusals are about Northwind, not a missing privilege: each persona's privileges
        // carry it past the privilege check of many routes (the manager's about 90, the administrator's
        // about 40), to the record's scope.
        expect(new Set(reached).size, 'routes that got past the privilege check').toBeGreaterThan(
          REACHED[email]!,
        );
      },
      300_000,
    );
  },
);
