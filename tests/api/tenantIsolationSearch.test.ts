import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityApi, expectStatus } from '../support/entityApi';
import { ADMIN, LAKESIDE, MANAGER, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import {
  buildTenantWorld,
  sees,
  type Tenant,
  type TenantRecords,
  type TenantWorld,
} from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';
import { businessToday } from '../support/businessToday';

// Searches, lists, exports and reports as an agency user holding every grantable privilege: none shows a
// row of an agency outside the user's subtree, unfiltered or filtered by that agency's code, numbers or
// e-mails; another agency's sales move none of the user's figures; the agentEntityCode header naming an
// entity outside the subtree is 403. Northwind's user sees Austin's rows through the same requests.

interface ListProbe {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

// Strings that appear only in rows of the owner's records.
interface Marks {
  codes: string[];
  records: string[];
  petEmail: string;
  // The owner's parent entity: filtering by it lists the owner beside its siblings.
  parentId: number;
}

function listProbes(v: TenantRecords, marks: Marks): ListProbe[] {
  const code = v.tenant.code;
  const get = (path: string): ListProbe => ({ method: 'GET', path });
  const post = (path: string, body: unknown): ListProbe => ({ method: 'POST', path, body });
  return [
    get('/v2/quotes?limit=100'),
    get(`/v2/quotes?limit=100&filter[policyNumber]=${v.pet.policyNumber}`),
    get(`/v2/quotes?limit=100&filter[emailAddress]=${marks.petEmail}`),
    get(`/v2/quotes/match?email=${marks.petEmail}`),
    get('/v2/quotes/export'),
    get(`/v2/quotes/export?filter[policyNumber]=${v.pet.policyNumber}`),
    ...['/v2/policies', '/v2/matters'].flatMap((base) => [
      get(`${base}?limit=100`),
      get(`${base}?limit=100&filter[policy_number]=${v.pet.policyNumber}`),
      get(`${base}/export`),
      get(`${base}/export?filter[email]=${marks.petEmail}`),
    ]),
    get('/v2/renters/policies?limit=100'),
    get(`/v2/renters/policies?limit=100&filter[policy_number]=${v.renters.policyNumber}`),
    get('/v2/renters/policies/export'),
    get(`/v2/renters/policies/export?filter[policy_number]=${v.renters.policyNumber}`),
    get('/v2/commission-statements?limit=100'),
    get(`/v2/commission-statements?limit=100&filter[entityCode]=${code}`),
    post('/v2/commission-payment-reports', { filter: {} }),
    post('/v2/commission-payment-reports', { filter: { entityCode: code } }),
    get('/v2/reports/commission-statements?limit=100'),
    get(`/v2/reports/commission-statements?limit=100&filter[entityCode]=${v.tenant.entityId}`),
    get('/v2/commission-statement-reports?format=csv'),
    get(`/v2/commission-statement-reports?format=csv&filter[entityCode]=${v.tenant.entityId}`),
    get('/v2/entities?limit=100'),
    get(`/v2/entities?limit=100&filter[entityCode]=${code}`),
    get(`/v2/entities?limit=100&filter[parentEntityId]=${marks.parentId}`),
    get('/v2/users?limit=100'),
    get(`/v2/users?limit=100&filter[entityCode]=${code}`),
    get(`/v2/users?limit=100&filter[emailAddress]=${v.tenant.email}`),
    get('/v2/bank-accounts?limit=100'),
    get(`/v2/bank-accounts?limit=100&filter[entityCode]=${code}`),
    get(`/v2/lists/entities?term=${code}`),
    get(`/v2/lists/entity/codes?term=${code}`),
    get('/v2/my/entities'),
  ];
}

// Bulk statement commands by a filter naming the agency: nothing matched, nothing named.
const bulkProbes = (v: TenantRecords): ListProbe[] =>
  ['approve', 'unapprove', 'mark-paid', 'mark-unpaid'].map((name) => ({
    method: 'POST',
    path: `/v2/commission-statements/${name}`,
    body: { filter: { entityCode: v.tenant.code } },
  }));

describe.each(testDatabases())('tenant isolation of searches, lists and reports on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  let world: TenantWorld;
  const marks = new Map<string, Marks>();

  const send = async (asker: Tenant, p: ListProbe, actingFor?: string) =>
    s.api.request(p.method, p.path, { token: await e.tokenOf(asker.email), body: p.body, actingFor });

  // An ancestor's code shows on its children's rows (their parent), so it marks nothing of its own.
  const marksSeenBy = (asker: Tenant, owner: TenantRecords): string[] => {
    const m = marks.get(owner.tenant.code)!;
    return sees(owner.tenant, asker) ? m.records : [...m.codes, ...m.records];
  };

  beforeAll(async () => {
    world = await buildTenantWorld(s.t, () => s.api);
    for (const tenant of world.tenants.values()) {
      // Every tenant gets the agent dashboard, so the figures are compared for each.
      const on = await e.patch(`/v2/entities/${tenant.entityId}/attributes`, ADMIN, {
        attributes: [{ attrib_id: 28, attrib_value: '1' }],
      });
      expectStatus(on, 200);
    }
    for (const records of world.records.values()) {
      const customers = await db()
        .selectFrom('customers')
        .select(['id', 'email'])
        .where('id', 'in', [records.pet.customerId, records.renters.customerId])
        .execute();
      const staff = await db()
        .selectFrom('users')
        .select('email')
        .where('id', '=', records.staffUserId)
        .executeTakeFirstOrThrow();
      const petEmail = customers.find((c) => c.id === records.pet.customerId)!.email;
      const entity = await db()
        .selectFrom('entities')
        .select('master_entity_id')
        .where('id', '=', records.tenant.entityId)
        .executeTakeFirstOrThrow();
      marks.set(records.tenant.code, {
        codes: [records.tenant.code],
        petEmail,
        parentId: entity.master_entity_id!,
        records: [
          records.pet.policyNumber,
          records.renters.policyNumber,
          records.petQuoteUuid,
          records.pet.quoteUuid,
          records.rentersQuoteId,
          records.tenant.email,
          staff.email,
          ...customers.map((c) => c.email),
        ],
      });
    }
  }, 120_000);

  it('shows no row of an agency outside the asker’s subtree, unfiltered or filtered by its ids', async () => {
    const tenants = [...world.tenants.values()];
    const cases = tenants.flatMap((asker) =>
      [...world.records.values()]
        .filter((v) => !sees(asker, v.tenant))
        .map((victim) => ({ asker: asker.code, victim: victim.tenant.code })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), async (pair) => {
        const asker = world.tenants.get(pair.asker)!;
        const victim = world.records.get(pair.victim)!;
        const hidden = marksSeenBy(asker, victim);
        const failures: string[] = [];
        for (const p of [...listProbes(victim, marks.get(victim.tenant.code)!), ...bulkProbes(victim)]) {
          const response = await send(asker, p);
          const shown = hidden.filter((mark) => response.text.includes(mark));
          if (response.status !== 200 || shown.length > 0)
            failures.push(`${p.method} ${p.path}: ${response.status} shows ${shown.join(', ')}`);
          if (p.path.includes('/commission-statements/') && !response.text.includes('"matched":0'))
            failures.push(`${p.path} matched: ${response.text.slice(0, 200)}`);
        }
        expect(failures).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });

  it('shows the parent agency its child’s rows through the same requests', async () => {
    const parent = world.tenants.get(NORTHWIND)!;
    const child = world.records.get(NORTHWIND_AUSTIN)!;
    const visible = marksSeenBy(parent, child);
    const failures: string[] = [];
    for (const p of listProbes(child, marks.get(NORTHWIND_AUSTIN)!)) {
      const response = await send(parent, p);
      if (response.status !== 200 || !visible.some((mark) => response.text.includes(mark)))
        failures.push(`${p.method} ${p.path}: ${response.status} ${response.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('shows Northwind’s manager (a real agency role) Austin’s records and not Lakeside’s', async () => {
    const manager = { email: MANAGER } as Tenant;
    for (const [code, shown] of [
      [NORTHWIND_AUSTIN, true],
      [LAKESIDE, false],
    ] as const) {
      const v = world.records.get(code)!;
      const { renters } = v;
      const paths = [
        `/v2/quote/${v.petQuoteUuid}`,
        `/v2/policies/${v.pet.matterId}`,
        `/v2/renters/customers/${renters.customerId}/policies/${renters.matterId}`,
      ];
      for (const path of paths) {
        const response = await send(manager, { method: 'GET', path });
        expect(response.status, `${code} ${path}`).toBe(shown ? 200 : 404);
      }
      const lists = [
        `/v2/quotes?filter[policyNumber]=${v.pet.policyNumber}`,
        `/v2/policies?filter[policy_number]=${v.pet.policyNumber}`,
        `/v2/renters/policies?filter[policy_number]=${renters.policyNumber}`,
      ];
      for (const path of lists) {
        const response = await send(manager, { method: 'GET', path });
        expectStatus(response, 200);
        expect((response.body as { meta: { total: number } }).meta.total, `${code} ${path}`).toBe(
          shown ? 1 : 0,
        );
      }
    }
  });

  it('keeps every figure of the dashboard, the premium report and its export to the asker’s subtree', async () => {
    const today = businessToday();
    const figures = async (tenant: Tenant) => {
      const dashboard = await send(tenant, { method: 'GET', path: '/v2/dashboard/statistics' });
      const nwp = await send(tenant, { method: 'GET', path: `/v2/reports/nwp?toDate=${today}` });
      const nwpFile = await send(tenant, { method: 'GET', path: `/v2/reports/nwp/export?toDate=${today}` });
      expectStatus(dashboard, 200);
      expectStatus(nwp, 200);
      expectStatus(nwpFile, 200);
      return { dashboard: dashboard.body, nwp: nwp.body, nwpFile: nwpFile.text };
    };
    const cases = [...world.tenants.values()].flatMap((asker) =>
      [...world.tenants.values()]
        .filter((v) => !sees(asker, v) && !sees(v, asker))
        .map((seller) => ({ asker: asker.code, seller: seller.code })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), async (pair) => {
        const asker = world.tenants.get(pair.asker)!;
        const seller = world.tenants.get(pair.seller)!;
        const before = { asker: await figures(asker), seller: await figures(seller) };
        await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId: seller.entityId }));
        expect(await figures(asker)).toEqual(before.asker);
        // The control: the seller's own figures moved.
        expect(await figures(seller)).not.toEqual(before.seller);
      }),
      { numRuns: 6 },
    );
  });

  it('answers 403 to the agentEntityCode header naming an entity outside the asker’s subtree', async () => {
    const entities = await db().selectFrom('entities').select(['entity_code', 'path']).execute();
    const routes: ListProbe[] = [
      { method: 'GET', path: '/v2/my/entities' },
      { method: 'GET', path: '/v2/my/profile' },
      { method: 'GET', path: '/v2/quotes?limit=5' },
      { method: 'GET', path: '/v2/renters/policies?limit=5' },
      { method: 'GET', path: '/v2/dashboard/statistics' },
      { method: 'GET', path: '/v1/one-inc-session' },
      { method: 'POST', path: '/v2/renters/quotes', body: {} },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...world.tenants.values()),
        fc.constantFrom(...entities),
        fc.constantFrom(...routes),
        fc.boolean(),
        async (asker, entity, route, lowerCase) => {
          const code = lowerCase ? entity.entity_code.toLowerCase() : entity.entity_code;
          const response = await send(asker, route, code);
          const inSubtree = entity.path.startsWith(asker.path);
          if (inSubtree) expect([200, 201, 422], response.text).toContain(response.status);
          else expect(response.status, `${asker.code} as ${code}: ${response.text}`).toBe(403);
        },
      ),
      { numRuns: 40 },
    );
    // The control of the control: Northwind acts for Austin.
    const acting = await send(world.tenants.get(NORTHWIND)!, routes[0]!, NORTHWIND_AUSTIN);
    expectStatus(acting, 200);
    expect((acting.body as { acting: { entityCode: string } }).acting.entityCode).toBe(NORTHWIND_AUSTIN);
  });
});
