import { sql } from 'kysely';
import type { Db } from '../../src/server/store/db';
import { DEMO_PASSWORD } from '../support/testServer';
import type { BenchServer } from './benchServer';
import type { Budget, Figure } from './budgets';
import { CONNECTIONS, load, sequentialMedian, type LoadPlan } from './loadTest';

// The API figures of issue 10: for each endpoint requests/s, p50 and p99 at 32 connections beside GET /healthz
// of the same run (the framework's ceiling on this machine), on the large book.

export interface Endpoint {
  name: string;
  path: string;
  plan?: LoadPlan;
  // p99 budget in ms for searches and views; a throughput budget as a share of /healthz.
  p99Budget?: number;
  shareBudget?: number;
}

export async function login(url: string, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/v2/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Login of ${email} answered ${response.status}`);
  const body = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${body.accessToken}` };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

// A hundred records of the large book spread over it, so views do not read one hot row.
async function sample(db: Db) {
  const pets = await sql<{ matter_id: number }>`
    select matter_id from policies order by random() limit 100`.execute(db);
  const renters = await sql<{ matter_id: number; customer_id: number }>`
    select matter_id, customer_id from renters_policies order by random() limit 100`.execute(db);
  return { pets: pets.rows, renters: renters.rows };
}

export async function endpointsOf(server: BenchServer, budgetMs: number): Promise<Endpoint[]> {
  const { url } = server;
  const admin = await login(url, 'admin@demo.test');
  const manager = await login(url, 'manager@demo.test');
  const reviewer = await login(url, 'reviewer@demo.test');
  const reports = await login(url, 'reports@demo.test');
  const { pets, renters } = await sample(server.server.database.db);
  const month = new Date().toISOString().slice(0, 7);
  const search = (name: string, path: string, headers = admin): Endpoint => ({
    name,
    path,
    plan: { headers },
    p99Budget: budgetMs,
  });
  return [
    { name: 'GET /healthz', path: '/healthz' },
    {
      name: 'POST /v2/auth (login; argon2id, 4 connections)',
      path: '/v2/auth',
      plan: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'agent@demo.test', password: DEMO_PASSWORD }),
        connections: 4,
      },
    },
    { ...search('GET /v2/policies (first page, newest)', '/v2/policies'), shareBudget: 0.25 },
    search('GET /v2/policies (name "smith")', '/v2/policies?filter[full_name]=smith'),
    search('GET /v2/policies (phone prefix)', '/v2/policies?filter[phone_number]=512555'),
    search('GET /v2/policies (pet name "lu")', '/v2/policies?filter[petName]=lu'),
    search(
      'GET /v2/policies (purchased in the last 30 days)',
      `/v2/policies?filter[date_type]=purchase&filter[date_from]=${daysAgo(30)}&filter[date_to]=${daysAgo(0)}`,
    ),
    search('GET /v2/policies (page 1,000)', '/v2/policies?page=1000'),
    search('GET /v2/policies (sorted by pet name)', '/v2/policies?sort=petName&order=asc'),
    search('GET /v2/policies (agency scope)', '/v2/policies', manager),
    {
      name: 'GET /v2/policies/{matterId} (100 policies)',
      path: '/v2/policies/1',
      plan: { headers: admin, paths: pets.map((p) => `/v2/policies/${p.matter_id}`) },
      p99Budget: budgetMs,
    },
    search('GET /v2/quotes (first page)', '/v2/quotes'),
    search('GET /v2/quotes (name "garcia")', '/v2/quotes?filter[customerName]=garcia'),
    search('GET /v2/renters/policies (first page)', '/v2/renters/policies'),
    {
      name: 'GET /v2/renters/customers/{id}/policies/{matterId} (100 policies)',
      path: '/v2/renters/policies',
      plan: {
        headers: admin,
        paths: renters.map((r) => `/v2/renters/customers/${r.customer_id}/policies/${r.matter_id}`),
      },
      p99Budget: budgetMs,
    },
    search(
      'GET /v2/commission-statements (review defaults)',
      '/v2/commission-statements?filter[reviewStatus]=Pending&filter[paymentStatus]=Not%20Paid',
      reviewer,
    ),
    search(
      'GET /v2/commission-statements (12 months, 100 rows)',
      `/v2/commission-statements?filter[date]=${month}&filter[months]=12&limit=100`,
      reviewer,
    ),
    {
      name: 'GET /v2/dashboard/statistics (admin, 30 days)',
      path: '/v2/dashboard/statistics',
      plan: { headers: admin },
    },
    {
      name: 'GET /v2/reports/nwp (a year)',
      path: `/v2/reports/nwp?fromDate=${daysAgo(365)}&toDate=${daysAgo(0)}`,
      plan: { headers: reports, connections: 4 },
    },
  ];
}

const p99Budget = (ms: number): Budget => ({ kind: 'at most', value: ms });

export async function apiFigures(server: BenchServer, budgetMs: number): Promise<Figure[]> {
  const endpoints = await endpointsOf(server, budgetMs);
  const size = `${server.policies.toLocaleString('en-US')} policies`;
  const figures: Figure[] = [];
  let healthz = 0;
  for (const endpoint of endpoints) {
    const result = await load(server.url, endpoint.path, endpoint.plan);
    // Requests abandoned when the load stopped may still hold the database: let them finish first.
    await settled(server);
    if (endpoint.name === 'GET /healthz') healthz = result.rps;
    const connections = endpoint.plan?.connections ?? CONNECTIONS;
    const label = `${server.database} · ${endpoint.name}`;
    const errors = result.errors > 0 ? `, ${result.errors} errors` : '';
    figures.push({
      figure: `${label} req/s`,
      value: result.rps,
      unit: 'req/s',
      reference: { label: '/healthz req/s', value: healthz },
      ...(endpoint.shareBudget
        ? { budget: { kind: 'at least', value: endpoint.shareBudget, onRatio: true } }
        : {}),
      note: `${size}, ${connections} connections${errors}`,
    });
    // No answer within the run is no figure: it must not pass a budget as 0 ms.
    const answered = result.rps > 0;
    figures.push({
      figure: `${label} p50 / p99${answered ? '' : ' (no request answered in the run)'}`,
      value: answered ? result.p99 : Number.NaN,
      unit: 'ms p99',
      reference: { label: 'p50 ms', value: result.p50 },
      ...(endpoint.p99Budget ? { budget: p99Budget(endpoint.p99Budget) } : {}),
    });
    // The embedded database answers one query at a time, so at 32 connections a request's p99 is mostly its
    // wait behind the others: the time of one request alone shows what the query itself costs.
    if (server.database === 'pglite' && endpoint.p99Budget && !endpoint.plan?.paths) {
      figures.push({
        figure: `${label} alone, median of 9 one at a time`,
        value: await sequentialMedian(server.url + endpoint.path, endpoint.plan?.headers ?? {}),
        unit: 'ms',
        reference: { label: 'p99 ms at 32 connections', value: answered ? result.p99 : Number.NaN },
      });
    }
  }
  return figures;
}

// Waits (at most a minute) until a request that reads the database answers within 100 ms again.
async function settled(server: BenchServer): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    await (await fetch(`${server.url}/v1/public/entity-brands`)).arrayBuffer();
    if (performance.now() - started < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// The year's net written premium report, one request at a time (issue 10: at most 500 ms).
export async function nwpFigure(server: BenchServer): Promise<Figure> {
  const reports = await login(server.url, 'reports@demo.test');
  const median = await sequentialMedian(
    `${server.url}/v2/reports/nwp?fromDate=${daysAgo(365)}&toDate=${daysAgo(0)}`,
    reports,
  );
  const healthz = await sequentialMedian(`${server.url}/healthz`, {});
  return {
    figure: `${server.database} · GET /v2/reports/nwp over a year, median of 9 one at a time`,
    value: median,
    unit: 'ms',
    reference: { label: '/healthz ms', value: healthz },
    budget: { kind: 'at most', value: 500 },
    note: `${server.policies.toLocaleString('en-US')} policies`,
  };
}
