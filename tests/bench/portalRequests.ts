import type { Page, Request } from 'playwright-core';

// The API requests a screen makes and how they chain: a request that starts only after another has
// finished waited for it (a waterfall), whatever the reason. Depth 1 means every request went out at once.
export interface ApiCall {
  label: string;
  start: number;
  end: number;
}

export interface RequestChain {
  calls: ApiCall[];
  depth: number;
  // The longest chain, first request first.
  chain: ApiCall[];
}

const isApi = (url: URL) => /^\/v\d+\//.test(url.pathname);

// Records the API calls `page` finishes from now on; `stop()` returns them in start order.
export function recordApiCalls(page: Page): { stop(): ApiCall[] } {
  const calls: ApiCall[] = [];
  const finished = (request: Request) => {
    const url = new URL(request.url());
    if (!isApi(url)) return;
    const timing = request.timing();
    calls.push({
      label: `${request.method()} ${url.pathname}${url.search}`,
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    stop() {
      page.off('requestfinished', finished);
      page.off('requestfailed', finished);
      return calls.sort((a, b) => a.start - b.start);
    },
  };
}

export function chainOf(calls: readonly ApiCall[]): RequestChain {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  const before: (number | null)[] = [];
  sorted.forEach((call, i) => {
    depth[i] = 1;
    before[i] = null;
    for (let j = 0; j < i; j++) {
      if (sorted[j]!.end <= call.start && depth[j]! + 1 > depth[i]!) {
        depth[i] = depth[j]! + 1;
        before[i] = j;
      }
    }
  });
  const chain: ApiCall[] = [];
  let at: number | null = depth.length ? depth.indexOf(Math.max(...depth)) : null;
  while (at !== null) {
    chain.unshift(sorted[at]!);
    at = before[at]!;
  }
  return { calls: sorted, depth: Math.max(0, ...depth), chain };
}

export const chainText = (chain: readonly ApiCall[]) => chain.map((c) => c.label).join(' → ');
