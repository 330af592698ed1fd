import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../src/api/tokens';
import { DEMO_PASSWORD, type TestServer } from '../support/testServer';

// Largest contentful paint of a navigation, as the page's own PerformanceObserver saw it, beside the same
// navigation's time to first byte (what the server and the loopback cost; the rest is the portal's own:
// scripts, session, data and rendering). Each run has a context of its own, so nothing is cached.
export interface PaintSample {
  lcp: number;
  ttfb: number;
  // Every script the page fetched by then (what it really loaded, not only what index.html names).
  scripts: string[];
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
}

export async function signInByApi(server: TestServer, email: string): Promise<SignedIn> {
  const response = await fetch(`${server.url}/v2/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} failed: HTTP ${response.status}`);
  return (await response.json()) as SignedIn;
}

// A context whose local storage holds the tokens a sign-in stores: the tab of a user who is signed in.
export function contextFor(browser: Browser, server: TestServer, tokens?: SignedIn): Promise<BrowserContext> {
  const localStorage = tokens
    ? [
        { name: ACCESS_TOKEN_KEY, value: tokens.accessToken },
        { name: REFRESH_TOKEN_KEY, value: tokens.refreshToken },
      ]
    : [];
  return browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
    storageState: { cookies: [], origins: [{ origin: server.url, localStorage }] },
  });
}

async function readPaint(page: Page): Promise<Omit<PaintSample, 'scripts'>> {
  return page.evaluate(
    () =>
      new Promise<{ lcp: number; ttfb: number }>((resolve, reject) => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const ttfb = navigation?.responseStart ?? Number.NaN;
        const timer = setTimeout(() => reject(new Error('No largest-contentful-paint entry')), 5_000);
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          clearTimeout(timer);
          resolve({ lcp: entries[entries.length - 1]!.startTime, ttfb });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

// Opens `path` in a fresh tab, waits until `ready` shows and the network is quiet, then reads the paint.
export async function paintOf(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<PaintSample> {
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const paint = await readPaint(page);
  await page.close();
  return { ...paint, scripts };
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
