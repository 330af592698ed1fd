import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer';
import { SCREENSHOTS, launchBrowser } from './browser';

// The API reference page (docs/api-reference.md) in a real browser: it renders under the app's strict
// Content-Security-Policy (no inline script or style, so a page that relied on either would lose its look
// silently), it lists the operations, and its sections are reachable by anchor.

declare global {
  interface Window {
    cspRefusals?: string[];
  }
}

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  tablet: { width: 768, height: 1024 },
};

describe('the API reference page', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(viewport: { width: number; height: number }, path = '/api/docs') {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    await page.addInitScript(() => {
      window.cspRefusals = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspRefusals!.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    return { page, problems, close: () => context.close() };
  }

  const refusals = (page: Page) => page.evaluate(() => window.cspRefusals ?? []);

  it('renders with its stylesheet, no refusal and no error, and lists the operations', async () => {
    const { page, problems, close } = await open(VIEWPORTS.desktop);
    expect(await refusals(page)).toEqual([]);
    expect(problems).toEqual([]);
    // The stylesheet applied: the sidebar is laid out beside the content, the method badges coloured.
    const layout = await page.locator('.layout').evaluate((el) => getComputedStyle(el).display);
    expect(layout).toBe('grid');
    const badge = page.locator('#postV2Entities .m-post');
    await expect
      .poll(() => badge.evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe('rgba(0, 0, 0, 0)');

    for (const id of [
      'postV2Auth',
      'getV2Entities',
      'postV2Entities',
      'postV1QuoteAction',
      'getV2RentersQuotesById',
    ]) {
      expect(await page.locator(`article#${id}`).count(), id).toBe(1);
    }
    await expect.poll(() => page.locator('#postV2Entities h3').textContent()).toBe('Add entity');
    expect(await page.locator('#postV2Entities .access').textContent()).toContain('admin_ent_add');
    expect(await page.locator('a[href="/api/openapi.json"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS}/api-docs-desktop.png` });

    // An operation's anchor from the sidebar brings it into view.
    await page.locator('.sidebar a[href="#postV2Entities"]').click();
    await expect.poll(() => page.locator('#postV2Entities').isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#postV2Entities');
    await page.screenshot({ path: `${SCREENSHOTS}/api-docs-operation.png` });
    await close();
  });

  it('reads at tablet width, the sections above the content', async () => {
    const { page, problems, close } = await open(VIEWPORTS.tablet);
    expect(await refusals(page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(await page.locator('.layout').evaluate((el) => getComputedStyle(el).display)).toBe('block');
    // Nothing is wider than the screen but the tables, which scroll in their own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS}/api-docs-tablet.png` });
    await close();
  });
});
