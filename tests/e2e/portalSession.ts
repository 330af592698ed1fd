import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer';
import { SCREENSHOTS, launchBrowser } from './browser';
import { signIn, waitForPath } from './portalPage';

export interface Portal {
  // Set in beforeAll: read it inside tests and hooks only.
  server: TestServer;
  // A page in a context of its own (own storage, so own session), at the suite's viewport.
  freshPage(): Promise<Page>;
  // A fresh page signed in as this demo user, on the home page.
  signedIn(email: string): Promise<Page>;
  // Full-page by default; long forms are shot at viewport size, since full-page shots misplace sticky bars.
  shot(page: Page, name: string, fullPage?: boolean): Promise<Buffer>;
}

// One test server and one browser for the enclosing file, closed afterwards; browser errors are logged.
export function portalSuite(viewport = { width: 1366, height: 860 }): Portal {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const portal: Portal = {
    server: undefined as unknown as TestServer,
    async freshPage() {
      const context = await browser.newContext({ baseURL: portal.server.url, viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
      return page;
    },
    async signedIn(email) {
      const page = await portal.freshPage();
      await page.goto('/login');
      await signIn(page, email);
      await waitForPath(page, '/');
      return page;
    },
    shot: (page, name, fullPage = true) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage }),
  };
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    portal.server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal.server?.close();
  });
  return portal;
}
