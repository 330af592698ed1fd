import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadPlan {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  // Paths taken in turn (one per request), e.g. a hundred different policies; `path` otherwise.
  paths?: readonly string[];
}

// Requests/s and latency of one endpoint under a bounded load on 127.0.0.1 (autocannon).
export async function load(url: string, path: string, plan: LoadPlan = {}): Promise<LoadResult> {
  const result = await autocannon({
    url: url + path,
    method: plan.method ?? 'GET',
    headers: plan.headers,
    body: plan.body,
    connections: plan.connections ?? CONNECTIONS,
    duration: SECONDS,
    ...(plan.paths?.length ? { requests: plan.paths.map((p) => ({ path: p })) } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

// The median time of `count` requests made one after another (no queueing), in ms.
export async function sequentialMedian(
  url: string,
  headers: Record<string, string>,
  count = 9,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
