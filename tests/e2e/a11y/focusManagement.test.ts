import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PolicySearchResponse } from '../../../src/api/schemas/policySearch';
import { entityApi, expectStatus } from '../../support/entityApi';
import { apiFor } from '../../support/http';
import { ADMIN, AGENT, REVIEWER } from '../../support/personas';
import { userIdOf } from '../../support/records';
import { startTestServer, type TestServer } from '../../support/testServer';
import { launchBrowser } from '../browser';
import { signIn, waitForPath } from '../portalPage';
import { DESKTOP, TABLET } from './checkAccessibility';
import { activate, expectFocus, focused, tabTo, type Focused } from './keyboard';

// Where focus goes, and what is announced, as a keyboard or screen-reader user moves through the portal:
// the skip link, the heading of each new screen and the page title, dialogs that hold focus and give it
// back, forms whose failed submit lands on the first wrong field, and the side menu on a tablet.
let server: TestServer;
let browser: Browser;
let petMatterId: number;
let agentUserId: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startTestServer('pglite', { SEED_DEMO_POLICIES: 'true' });
  browser = await launchBrowser();
  const e = entityApi(() => apiFor(server.url));
  const policies = await e.get('/v2/policies?limit=1', ADMIN);
  expectStatus(policies, 200);
  petMatterId = PolicySearchResponse.parse(policies.body).data[0]!.matterId;
  agentUserId = await userIdOf(server.server.database.db, AGENT);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function signedIn(email: string, viewport: { width: number; height: number } = DESKTOP) {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await page.goto('/login');
  await signIn(page, email);
  await waitForPath(page, '/');
  return page;
}

// A fresh load of the path: focus starts at the top of the document, as a browser leaves it.
async function loaded(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').waitFor();
  await page.waitForLoadState('networkidle');
}

const inDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

// Tabs round the open dialog: focus never leaves it.
async function expectFocusTrapped(page: Page, presses = 12): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await inDialog(page), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
}

describe('focus after navigation', () => {
  it('offers "Skip to content" first, and it takes focus to the screen', async () => {
    const page = await signedIn(ADMIN);
    await loaded(page, '/policies');
    await page.keyboard.press('Tab');
    await expectFocus(page, { role: 'link', name: 'Skip to content' }, 'first Tab on a page');
    await expect(page.getByRole('link', { name: 'Skip to content' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expectFocus(page, { role: 'main', name: '' }, 'after the skip link');
    // The next stop is inside the screen, past the menu and the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  it("moves focus to the new screen's heading and names the page in its title", async () => {
    const page = await signedIn(ADMIN);
    await loaded(page, '/policies');
    await expect(page.title()).resolves.toBe('Policies · Harbor Mutual');
    await activate(page, 'link', 'Quotes');
    await waitForPath(page, '/quotes');
    await expectFocus(page, { role: 'heading', name: 'Quotes' }, 'after following a menu link');
    await expect(page.title()).resolves.toBe('Quotes · Harbor Mutual');

    // A row's link opens a record: its heading takes focus in turn.
    await loaded(page, '/policies');
    await activate(page, 'link', /^PET-[A-Z]{2}-\d+ /);
    await page.waitForURL((url) => /^\/policies\/\d+$/.test(url.pathname));
    await expectFocus(page, { role: 'heading', name: /^Policy / }, 'after opening a policy');
    await expect(page.title()).resolves.toBe('Policy · Harbor Mutual');

    // Choosing a tab (arrow keys within the tab list) changes the query only: focus stays on the tab.
    await tabTo(page, { role: 'tab', name: 'Claims' });
    for (let i = 0; i < 6 && (await focused(page)).name !== 'Events'; i += 1) {
      await page.keyboard.press('ArrowRight');
    }
    await page.waitForURL((url) => url.searchParams.get('tab') === 'events');
    await expectFocus(page, { role: 'tab', name: 'Events' }, 'after choosing a tab');

    await page.goto('/no-such-screen');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(page.title()).resolves.toBe('Page not found · Harbor Mutual');
  });
});

describe('dialogs', () => {
  it('a confirmation holds focus while open and gives it back to its button on Escape', async () => {
    const page = await signedIn(ADMIN);
    await loaded(page, `/admin/users/${agentUserId}`);
    await activate(page, 'button', 'Deactivate');
    await page.getByRole('dialog').getByRole('heading').waitFor();
    expect(await inDialog(page), 'focus moved into the dialog').toBe(true);
    await expectFocusTrapped(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocus(page, { role: 'button', name: 'Deactivate' }, 'after Escape');
  });

  it('a form dialog (cancel a policy) holds focus and gives it back when closed', async () => {
    const page = await signedIn(ADMIN);
    await loaded(page, `/policies/${petMatterId}`);
    await activate(page, 'button', 'Cancel policy');
    await page.getByRole('dialog').getByRole('heading').waitFor();
    expect(await inDialog(page)).toBe(true);
    await expectFocusTrapped(page);
    await tabTo(page, { role: 'button', name: 'Close' });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocus(page, { role: 'button', name: 'Cancel policy' }, 'after Close');
  });

  async function openStatement(page: Page): Promise<Focused> {
    await loaded(page, '/admin/commission-review/statements');
    await tabTo(page, { role: 'button', name: /^Open the statement of / });
    const opener = await focused(page);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('heading').first().waitFor();
    return opener;
  }

  it("a statement's detail holds focus while open and closes on Escape", async () => {
    const page = await signedIn(REVIEWER);
    await openStatement(page);
    expect(await inDialog(page)).toBe(true);
    await expectFocusTrapped(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  // The row's button must survive the URL change that opens the dialog (?statement=…): DataTable calls the
  // cell functions rather than mounting them, so rebuilt columns keep their elements.
  it("a statement's detail gives focus back to the row's button that opened it", async () => {
    const page = await signedIn(REVIEWER);
    const opener = await openStatement(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocus(page, { role: 'button', name: opener.name }, 'after Escape');
  });
  it("ticking a statement's row with Space keeps focus on its checkbox, and the next Tab goes on from it", async () => {
    const page = await signedIn(REVIEWER);
    await loaded(page, '/admin/commission-review/statements');
    await tabTo(page, { role: 'checkbox', name: /^Select (?!every)/ });
    const box = await focused(page);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await focused(page)).state).toContain('checked');
    await expectFocus(page, { role: 'checkbox', name: box.name }, 'after Space');
    await page.keyboard.press('Tab');
    await expectFocus(page, { role: 'button', name: /^Open the statement of / }, 'Tab after Space');
  });
});

describe('forms announce their errors', () => {
  it('a refused submit lands on the first wrong field, which names its message', async () => {
    const page = await signedIn(ADMIN);
    await loaded(page, '/admin/users/add');
    await activate(page, 'button', 'Create user');
    await expectFocus(page, { role: 'textbox', name: 'First name' }, 'after a refused submit');
    const described = await page.evaluate(() => {
      const input = document.activeElement!;
      const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      return {
        invalid: input.getAttribute('aria-invalid'),
        text: ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      };
    });
    expect(described.invalid).toBe('true');
    expect(described.text).toMatch(/required/i);
  });

  it('a refused sign-in lands on the field that says why', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    await loaded(page, '/login');
    await page.keyboard.press('Tab');
    await page.keyboard.type(AGENT);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    const message = await page.evaluate(() => {
      const id = document.activeElement!.getAttribute('aria-describedby') ?? '';
      return document.getElementById(id.split(' ').pop()!)?.textContent;
    });
    expect(message).toMatch(/do not match/);
  });
});

describe('the side menu on a tablet', () => {
  it('opens over the page with focus in it, closes with Escape, and hides its links from Tab', async () => {
    const page = await signedIn(ADMIN, TABLET);
    await loaded(page, '/policies');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).isVisible()).resolves.toBe(false);
    await tabTo(page, { role: 'button', name: 'Show menu' });
    // Closed, the menu's links are no stops of the Tab key: the next one is the header's.
    await page.keyboard.press('Tab');
    await expectFocus(page, { role: 'link', name: 'Home' }, 'Tab past the closed menu');
    await tabTo(page, { role: 'button', name: 'Show menu' }, true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('#main-menu'))))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expectFocus(page, { role: 'button', name: 'Show menu' }, 'after Escape');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
  });
});
