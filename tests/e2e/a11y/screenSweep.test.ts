import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_ROUTES } from '../../../src/api/portalRoutes';
import { startTestServer, type TestServer } from '../../support/testServer';
import { launchBrowser } from '../browser';
import { signIn, waitForPath } from '../portalPage';
import { describeViolations } from './axeAudit';
import { DESKTOP, SCREEN_SHOTS, checkAccessibility, type ScreenFindings } from './checkAccessibility';
import { ADMIN_VISITS, GUEST_VISITS, JOURNEY_VISITS, MANAGER_VISITS, type ScreenVisit } from './screenVisits';
import { loadSweepData, type SweepData } from './sweepData';

// Every screen of the portal at desktop and portrait-tablet width, on the demo book: no serious or critical
// axe violation, no sideways scrolling of the page, and a screenshot of each (tests/e2e/screenshots/screens).
const ALL_VISITS = [...GUEST_VISITS, ...ADMIN_VISITS, ...MANAGER_VISITS, ...JOURNEY_VISITS];
const ROUTE_IDS = new Set(PORTAL_ROUTES.map((route) => route.id));
// Routes whose visit is written while their screen is still on its way into the route table.
const PENDING_ROUTES = new Set(['admin-statecharts']);
const VISITS = ALL_VISITS.filter((visit) => !visit.routeId || ROUTE_IDS.has(visit.routeId));

describe('the screen list', () => {
  it('visits every route of the portal, so a new screen cannot go unchecked', () => {
    const visited = new Set(ALL_VISITS.map((visit) => visit.routeId));
    expect(PORTAL_ROUTES.filter((route) => !visited.has(route.id)).map((route) => route.id)).toEqual([]);
    const unknown = ALL_VISITS.filter(
      (visit) => visit.routeId && !ROUTE_IDS.has(visit.routeId) && !PENDING_ROUTES.has(visit.routeId),
    );
    expect(unknown.map((visit) => visit.name)).toEqual([]);
    expect(new Set(ALL_VISITS.map((visit) => visit.name)).size).toBe(ALL_VISITS.length);
  });
});

describe('every screen at desktop and tablet width', () => {
  let server: TestServer;
  let browser: Browser;
  let data: SweepData;
  const contexts: BrowserContext[] = [];
  const signedIn = new Map<string, Page>();
  const findings: ScreenFindings[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
    return page;
  }

  async function signedInPage(email: string): Promise<Page> {
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, email);
    await waitForPath(page, '/');
    return page;
  }

  // One signed-in page per persona for the signed-in screens; guest screens get a page of their own.
  async function pageFor(visit: ScreenVisit): Promise<Page> {
    if (GUEST_VISITS.includes(visit)) return visit.persona ? signedInPage(visit.persona) : newPage();
    const persona = visit.persona!;
    if (!signedIn.has(persona)) signedIn.set(persona, await signedInPage(persona));
    return signedIn.get(persona)!;
  }

  beforeAll(async () => {
    // The demo book: pet and renters policies, a year of statements.
    server = await startTestServer('pglite', { SEED_DEMO_POLICIES: 'true' });
    browser = await launchBrowser();
    data = await loadSweepData(server);
  }, 240_000);

  afterAll(async () => {
    mkdirSync(SCREEN_SHOTS, { recursive: true });
    const report = findings
      .filter((f) => f.minor.length)
      .map((f) =>
        f.minor.map((m) => `${f.name} (${m.width}):\n${describeViolations(m.violations)}`).join('\n'),
      )
      .join('\n\n');
    writeFileSync(`${SCREEN_SHOTS}/axe-moderate-and-minor.txt`, report || 'none\n');
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  for (const visit of VISITS) {
    it(visit.name, async () => {
      const page = await pageFor(visit);
      await visit.open(page, data);
      findings.push(await checkAccessibility(page, visit.name));
    });
  }
});
