import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_ROUTES } from '../../src/api/portalRoutes';
import { startTestServer, type TestServer } from '../support/testServer';
import { ADMIN } from '../support/personas';
import { launchBrowser } from './browser';
import { signIn, waitForPath } from './portalPage';
import { ADMIN_VISITS } from './a11y/screenVisits';
import { loadSweepData, type SweepData } from './a11y/sweepData';

// No screen prints a raw ISO date or timestamp (docs/conventions.md "Dates and times"): every main screen of
// the demo, as the administrator sees it, shows its dates through the business calendar ("Nov 27, 2026",
// "Nov 26, 2026, 7:45 PM CST"). Form fields' values are not text on the page, so a date input passes.
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;
const SHOTS = 'tests/e2e/screenshots/dates';
const ROUTE_IDS = new Set(PORTAL_ROUTES.map((route) => route.id));
const VISITS = ADMIN_VISITS.filter((visit) => !visit.routeId || ROUTE_IDS.has(visit.routeId));

describe('dates on the demo’s screens', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let data: SweepData;

  beforeAll(async () => {
    server = await startTestServer('pglite', { SEED_DEMO_POLICIES: 'true' });
    browser = await launchBrowser();
    data = await loadSweepData(server);
    // A reader far from the business: the words must not change with the browser's zone.
    context = await browser.newContext({ baseURL: server.url, timezoneId: 'Asia/Tokyo' });
    page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
    await page.goto('/login');
    await signIn(page, ADMIN);
    await waitForPath(page, '/');
    mkdirSync(SHOTS, { recursive: true });
  }, 600_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  for (const visit of VISITS) {
    it(`${visit.name} shows no ISO date`, async () => {
      await visit.open(page, data);
      await page.waitForLoadState('networkidle');
      // E-mail addresses of the demo's customers may carry a date of their own making.
      const text = (await page.locator('body').innerText()).replace(/\S+@\S+/g, '');
      const found = [...new Set(text.match(ISO_DATE) ?? [])];
      if (found.length) await page.screenshot({ path: `${SHOTS}/${visit.name}.png`, fullPage: true });
      expect(found, `${visit.name}: ${found.map((iso) => around(text, iso)).join(' | ')}`).toEqual([]);
    });
  }
});

// The words around a find, to say where on the screen it is.
function around(text: string, found: string): string {
  const at = text.indexOf(found);
  return text.slice(Math.max(0, at - 40), at + found.length + 40).replace(/\s+/g, ' ');
}
