import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWER } from '../support/personas';
import { startTestServer, type TestServer } from '../support/testServer';
import { SCREENSHOTS, launchBrowser } from './browser';
import { signIn, waitForPath } from './portalPage';

// A long table renders only the rows in sight (src/ui/table/VirtualRows.tsx): a page of 100 of the demo's
// commission statements (over 120: a year and more of them, docs/demo.md) scrolls through all of them with its header in place, by keyboard and by Tab,
// and tells assistive technology how many rows there are and which one each is.
const PATH = '/admin/commission-review/statements?reviewStatus=all&paymentStatus=all&limit=100';
const TITLE = 'Commission Review';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // The demo's year of renters business, with its commission statements.
  server = await startTestServer('pglite', { SEED_DEMO_POLICIES: 'true' });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function openLongPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await page.goto('/login');
  await signIn(page, REVIEWER);
  await waitForPath(page, '/');
  await page.goto(PATH);
  const shown = page.getByText(/^Showing 1–100 of \d+/);
  await shown.waitFor();
  const total = Number((await shown.innerText()).match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(120);
  return page;
}

const rowAt = (table: Locator, index: number) => table.locator(`tbody tr[aria-rowindex="${index}"]`);
const top = async (locator: Locator) => (await locator.boundingBox())!.y;
// Where the header sits in the scroll box: focusing the box may scroll the page, never the header in the box.
const headerInBox = async (header: Locator, box: Locator) => (await top(header)) - (await top(box));

describe('a long table', () => {
  it('scrolls through 100 rows with the header in place, rendering only the rows in sight', async () => {
    const page = await openLongPage();
    const box = page.getByRole('region', { name: TITLE });
    const table = box.getByRole('table', { name: TITLE });
    const header = table.getByRole('columnheader', { name: /Entity/ });
    const rows = table.locator('tbody tr[aria-rowindex]');

    // The whole page counts for assistive technology (header row + 100), though few rows are in the DOM.
    await expect(table.getAttribute('aria-rowcount')).resolves.toBe('101');
    await rowAt(table, 2).waitFor();
    const rendered = await rows.count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    const headerTop = await headerInBox(header, box);
    await page.screenshot({ path: `${SCREENSHOTS}/virtual-table-1-top.png` });

    // The keyboard scrolls the box: End brings the hundredth statement; the first has left the DOM.
    await box.focus();
    await page.keyboard.press('End');
    const last = rowAt(table, 101);
    await last.waitFor();
    await expect(last.getByRole('checkbox').isVisible()).resolves.toBe(true);
    await expect(rowAt(table, 2).count()).resolves.toBe(0);
    await expect(rows.count()).resolves.toBeLessThan(40);
    expect(await headerInBox(header, box)).toBeCloseTo(headerTop, 0);
    expect(await top(last)).toBeGreaterThan(await top(header));
    await page.screenshot({ path: `${SCREENSHOTS}/virtual-table-2-end.png` });

    // Halfway back by the wheel: the rows there are rendered, the header still on top of them.
    await box.hover();
    await page.mouse.wheel(0, -1600);
    await expect
      .poll(async () => Number(await rows.first().getAttribute('aria-rowindex')), { timeout: 5_000 })
      .toBeLessThan(80);
    expect(await headerInBox(header, box)).toBeCloseTo(headerTop, 0);
    const firstShown = await rows.first().getAttribute('aria-rowindex');
    expect(Number(firstShown)).toBeGreaterThan(2);
    await page.close();
  });

  it('lets Tab walk the rows past those first rendered, and keeps a selection made on rows out of sight', async () => {
    const page = await openLongPage();
    const table = page.getByRole('table', { name: TITLE });
    // Two stops a row (its checkbox and its open button): 70 presses reach well past the first rendered rows.
    await rowAt(table, 2).getByRole('checkbox').focus();
    for (let i = 0; i < 70; i++) await page.keyboard.press('Tab');
    const focusedRow = await page.evaluate(() =>
      Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')),
    );
    expect(focusedRow).toBeGreaterThan(30);
    const focused = page.locator(':focus');
    await expect(focused.isVisible()).resolves.toBe(true);
    // Focus scrolled into view below the header, not under it.
    const headerBottom = await page
      .getByRole('columnheader', { name: /Entity/ })
      .evaluate((th) => th.getBoundingClientRect().bottom);
    expect(await top(focused)).toBeGreaterThanOrEqual(headerBottom - 1);

    // Select the whole page, then find the hundredth row checked when it is rendered.
    await page.getByRole('checkbox', { name: 'Select every statement on this page' }).check();
    await page.getByRole('region', { name: TITLE }).focus();
    await page.keyboard.press('End');
    await expect(rowAt(table, 101).getByRole('checkbox').isChecked()).resolves.toBe(true);
    await page.close();
  });
});
