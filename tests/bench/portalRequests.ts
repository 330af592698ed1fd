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

// Records the API calls `page` makes from now on. `settled()` waits until none has been in flight for a
// while (the page's own "networkidle" fires once per document, so it says nothing after a link is followed
// inside the portal); `stop()` returns the calls in start order.
export function recordApiCalls(page: Page): { settled(quietMs?: number): Promise<void>; stop(): ApiCall[] } {
  const calls: ApiCall[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (!isApi(new URL(request.url()))) return;
    inFlight += 1;
    lastChange = Date.now();
  };
  const finished = (request: Request) => {
    const url = new URL(request.url());
    if (!isApi(url)) return;
    inFlight -= 1;
    lastChange = Date.now();
    const timing = request.timing();
    calls.push({
      label: `${request.method()} ${url.pathname}${url.search}`,
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  };
  page.on('request', started);
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    async settled(quietMs = 750) {
      const deadline = Date.now() + 15_000;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`API requests still in flight: ${inFlight}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      page.off('request', started);
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
