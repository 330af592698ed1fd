import { rebuildProjections } from '../../src/server/projections';
import { login } from './apiFigures';
import type { BenchServer } from './benchServer';
import type { Figure } from './budgets';

const TARGET = 10_000;

async function pendingTotal(server: BenchServer, headers: Record<string, string>, months: number) {
  const month = new Date().toISOString().slice(0, 7);
  const response = await fetch(
    `${server.url}/v2/commission-statements?filter[date]=${month}&filter[months]=${months}&filter[reviewStatus]=Pending&filter[entityCode]=7&limit=1`,
    { headers },
  );
  const body = (await response.json()) as { meta: { total: number } };
  return { month, total: body.meta.total };
}

async function bulk(server: BenchServer, headers: Record<string, string>, command: string, filter: object) {
  const started = performance.now();
  const response = await fetch(`${server.url}/v2/commission-statements/${command}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ filter }),
  });
  const body = (await response.json()) as { data?: { affected: number } };
  if (!response.ok || !body.data) throw new Error(`Bulk ${command} answered ${response.status}`);
  return { seconds: (performance.now() - started) / 1000, affected: body.data.affected };
}

// Bulk approve of 10,000 pending statements by filter (the large book's agencies, as many recent months as
// it takes), as the review screen's "approve all matching" sends it; then unapproved again, so the next run
// finds them pending. Skipped when the book has fewer pending statements.
export async function bulkApproveFigures(server: BenchServer): Promise<Figure[]> {
  const reviewer = await login(server.url, 'reviewer@demo.test');
  let months = 1;
  let found = await pendingTotal(server, reviewer, months);
  while (found.total < TARGET && months < 24) found = await pendingTotal(server, reviewer, ++months);
  if (found.total < TARGET) return [];
  const filter = { date: found.month, months, reviewStatus: 'Pending', entityCode: '7' };
  const approved = await bulk(server, reviewer, 'approve', filter);
  const unapproved = await bulk(server, reviewer, 'unapprove', { ...filter, reviewStatus: 'Approved' });
  const note = `${approved.affected.toLocaleString('en-US')} statements of ${months} months`;
  return [
    {
      figure: `${server.database} · bulk approve by filter`,
      value: approved.seconds,
      unit: 's',
      budget: { kind: 'at most', value: 3 },
      note,
    },
    {
      figure: `${server.database} · bulk unapprove by filter (restores them)`,
      value: unapproved.seconds,
      unit: 's',
      note: `${unapproved.affected.toLocaleString('en-US')} statements`,
    },
  ];
}

// A full projection rebuild (`npm run projections:rebuild`) of the benchmark's database.
export async function rebuildFigure(server: BenchServer): Promise<Figure> {
  const started = performance.now();
  const events = await rebuildProjections(server.server.database.db);
  const seconds = (performance.now() - started) / 1000;
  return {
    figure: `${server.database} · projection rebuild`,
    value: events / seconds,
    unit: 'events/s',
    budget: { kind: 'at least', value: 20_000 },
    note: `${events.toLocaleString('en-US')} events in ${seconds.toFixed(0)} s`,
  };
}
