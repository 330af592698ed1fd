import { CompiledQuery } from 'kysely';
import type { BenchServer } from './benchServer';
import type { Figure } from './budgets';
import type { Endpoint } from './apiFigures';
import { sequentialMedian } from './loadTest';

// How much of a search's answer time is its SQL: the queries one request runs (captured from the server's
// own database handle), each explained with ANALYZE; the sum of their execution times beside the request's
// median time one at a time. The difference is what the API adds: auth, scope, validation, JSON.
export async function sqlFigures(server: BenchServer, endpoints: readonly Endpoint[]): Promise<Figure[]> {
  const db = server.server.database.db;
  const figures: Figure[] = [];
  for (const endpoint of endpoints) {
    if (!endpoint.p99Budget || endpoint.plan?.paths) continue;
    const headers = endpoint.plan?.headers ?? {};
    const url = server.url + endpoint.path;
    const http = await sequentialMedian(url, headers);
    const queries = await server.capture.during(async () => {
      await (await fetch(url, { headers })).arrayBuffer();
    });
    let sqlMs = 0;
    const reads = queries.filter((q) => /^\s*(select|with)\b/i.test(q.sql));
    for (const query of reads) {
      const result = await db.executeQuery<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(
        CompiledQuery.raw(`explain (analyze, format json) ${query.sql}`, [...query.parameters]),
      );
      const plan = result.rows[0]!['QUERY PLAN'];
      const parsed = typeof plan === 'string' ? (JSON.parse(plan) as typeof plan) : plan;
      sqlMs += parsed[0]!['Execution Time'];
    }
    figures.push({
      figure: `${server.database} · ${endpoint.name}: SQL (EXPLAIN ANALYZE, ${reads.length} queries) vs the request`,
      value: sqlMs,
      unit: 'ms SQL',
      reference: { label: 'request median ms', value: http },
    });
  }
  return figures;
}
