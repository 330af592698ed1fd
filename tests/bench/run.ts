import autocannon from 'autocannon';
import { DEMO_PASSWORD, startTestServer, testDatabases, type TestServer } from '../support/testServer';
import { measureLoginTiming, type LoginTiming } from './loginTiming';

// `npm run bench`: requests/s, p50 and p99 per endpoint at a bounded load on 127.0.0.1, each beside
// GET /healthz measured in the same run (the framework's ceiling on this machine), since machines are noisy.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface Row {
  database: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  url: string,
  path: string,
  init: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
  } = {},
) {
  const result = await autocannon({
    url: url + path,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
    connections: init.connections ?? CONNECTIONS,
    duration: SECONDS,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const PLANS_TWO_PETS = {
  zip: '78701',
  startDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()),
  pets: [
    { species: 'DOG', breedCode: 'BEAGLE', age: 3 },
    { species: 'CAT', breedCode: 'ABYSSINIAN', age: 2 },
  ],
};

async function login(server: TestServer, email: string): Promise<string> {
  const response = await fetch(`${server.url}/v2/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

const loginTimings: (LoginTiming & { database: string })[] = [];

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<Row[]> {
  // A generous throttle: the login benchmark makes many logins from one address.
  // With the demo's twenty pet policies, so the policy search and view read real rows.
  const server = await startTestServer(database, { SEED_DEMO_POLICIES: 'true' });
  try {
    const token = await login(server, 'manager@demo.test');
    const auth = { authorization: `Bearer ${token}` };
    const admin = { authorization: `Bearer ${await login(server, 'admin@demo.test')}` };
    const json = { 'content-type': 'application/json' };
    const reviewer = { authorization: `Bearer ${await login(server, 'reviewer@demo.test')}` };
    // A statement of the demo's year of commission history, for the detail read.
    const statements = (await (
      await fetch(`${server.url}/v2/commission-statements?limit=1`, { headers: reviewer })
    ).json()) as { data: { id: number; entityId: number }[] };
    const statement = statements.data[0]!;
    const month = new Date().toISOString().slice(0, 7);
    const reports = { authorization: `Bearer ${await login(server, 'reports@demo.test')}` };
    const yearAgo = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}-01`;
    const cases: [string, Parameters<typeof measure>[2] & { path: string }][] = [
      ['GET /healthz', { path: '/healthz' }],
      ['GET /v1/public/entity-brands', { path: '/v1/public/entity-brands' }],
      ['GET /v2/my/profile', { path: '/v2/my/profile', headers: auth }],
      ['GET /v2/my/entities', { path: '/v2/my/entities', headers: auth }],
      [
        'GET /v2/my/profile (agentEntityCode)',
        { path: '/v2/my/profile', headers: { ...auth, agententitycode: '1234-5678-AC' } },
      ],
      ['GET /v2/entities (search, first page)', { path: '/v2/entities?sort=entityName', headers: admin }],
      ['GET /v2/entities (name filter)', { path: '/v2/entities?filter[entityName]=north', headers: admin }],
      ['GET /v2/entities (agency scope)', { path: '/v2/entities', headers: auth }],
      ['GET /v2/entities/{id}', { path: '/v2/entities/2', headers: admin }],
      ['GET /v2/users (search)', { path: '/v2/users', headers: admin }],
      ['GET /v2/roles (search)', { path: '/v2/roles', headers: admin }],
      [
        'POST /v1/quote/action (plans, two pets)',
        {
          path: '/v1/quote/action',
          method: 'POST',
          headers: { ...admin, ...json },
          body: JSON.stringify({ method: 'GET', action: 'plans', data: PLANS_TWO_PETS }),
        },
      ],
      ['GET /v2/quotes (search)', { path: '/v2/quotes', headers: admin }],
      ['GET /v2/policies (search)', { path: '/v2/policies', headers: admin }],
      ['GET /v2/policies (pet name filter)', { path: '/v2/policies?filter[petName]=lu', headers: admin }],
      ['GET /v2/policies (agency scope)', { path: '/v2/policies', headers: auth }],
      ['GET /v2/policies/{matterId}', { path: '/v2/policies/1', headers: admin }],
      [
        'GET /v2/commission-statements (review defaults)',
        {
          path: '/v2/commission-statements?filter[reviewStatus]=Pending&filter[paymentStatus]=Not%20Paid',
          headers: reviewer,
        },
      ],
      [
        'GET /v2/commission-statements (12 months, 100 rows)',
        {
          path: `/v2/commission-statements?filter[date]=${month}&filter[months]=12&limit=100`,
          headers: reviewer,
        },
      ],
      [
        'GET /v2/entities/{id}/commission-statements/{id}',
        {
          path: `/v2/entities/${statement.entityId}/commission-statements/${statement.id}`,
          headers: reviewer,
        },
      ],
      [
        'POST /v2/commission-statements/generate (month up to date)',
        {
          path: '/v2/commission-statements/generate',
          method: 'POST',
          headers: { ...admin, ...json },
          body: JSON.stringify({ data: { month } }),
          connections: 4,
        },
      ],
      // Reports over the demo's year of renters business (≈ 290 adjustments, 121 statements).
      ['GET /v2/reports (registry)', { path: '/v2/reports', headers: reports }],
      ['GET /v2/reports/nwp (year to date)', { path: '/v2/reports/nwp', headers: reports }],
      [
        'GET /v2/reports/nwp (13 months, one agency)',
        { path: `/v2/reports/nwp?fromDate=${yearAgo}&entityCode=1234-5678-AB`, headers: reports },
      ],
      [
        'GET /v2/reports/nwp/export (13 months, CSV)',
        { path: `/v2/reports/nwp/export?fromDate=${yearAgo}`, headers: reports },
      ],
      [
        'GET /v2/reports/commission-statements',
        { path: '/v2/reports/commission-statements', headers: reports },
      ],
      [
        'GET /v2/commission-statement-reports (CSV, all)',
        { path: '/v2/commission-statement-reports', headers: reports },
      ],
      ['GET /v2/dashboard/statistics (admin, 30 days)', { path: '/v2/dashboard/statistics', headers: admin }],
      [
        'GET /v2/dashboard/statistics (manager, 13 months)',
        { path: `/v2/dashboard/statistics?fromDate=${yearAgo}`, headers: auth },
      ],
      // Login is bound by argon2id (19 MiB, t=2) by design; 4 connections keep the queue short.
      [
        'POST /v2/auth (login)',
        {
          path: '/v2/auth',
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: 'agent@demo.test', password: DEMO_PASSWORD }),
          connections: 4,
        },
      ],
    ];
    const rows: Row[] = [];
    for (const [endpoint, { path, ...init }] of cases) {
      rows.push({ database, endpoint, ...(await measure(server.url, path, init)) });
    }
    loginTimings.push({ database, ...(await measureLoginTiming(server)) });
    return rows;
  } finally {
    await server.close();
  }
}

const all: Row[] = [];
for (const database of testDatabases()) all.push(...(await benchDatabase(database)));

console.info(`\n${CONNECTIONS} connections, ${SECONDS} s per endpoint\n`);
console.info('database | endpoint | req/s | × /healthz | p50 ms | p99 ms | errors');
console.info('--- | --- | ---: | ---: | ---: | ---: | ---:');
for (const row of all) {
  const ceiling = all.find((r) => r.database === row.database && r.endpoint === 'GET /healthz')!.rps;
  console.info(
    `${row.database} | ${row.endpoint} | ${Math.round(row.rps)} | ${(row.rps / ceiling).toFixed(2)} | ${row.p50} | ${row.p99} | ${row.errors}`,
  );
}

console.info('\nLogin answer time, median of 40 sequential requests each (ms)\n');
console.info('database | right password | wrong password | unknown e-mail | unknown ÷ wrong');
console.info('--- | ---: | ---: | ---: | ---:');
for (const t of loginTimings) {
  console.info(
    `${t.database} | ${t.right.toFixed(1)} | ${t.wrongPassword.toFixed(1)} | ${t.unknownEmail.toFixed(1)} | ${(t.unknownEmail / t.wrongPassword).toFixed(2)}`,
  );
}
