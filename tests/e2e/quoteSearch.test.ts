import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT, INTERNAL } from '../support/personas';
import { quoteSearchFixtures, type QuoteBatch } from '../support/quoteSearchFixtures';
import { portalSuite } from './portalSession';
import { waitForPath } from './portalPage';

// /quotes: quote search through the portal, over quotes made through the API first.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

const FIRST_NAMES = [
  'Lena',
  'Abby',
  'Kurt',
  'Cleo',
  'Jude',
  'Dora',
  'Ivan',
  'Emil',
  'Hugo',
  'Faye',
  'Gina',
  'Bram',
];
const PHONE = `512${String(Date.now()).slice(-7)}`;

let batch: QuoteBatch;
let house: QuoteBatch;

beforeAll(async () => {
  const fixtures = quoteSearchFixtures(portal.server.url);
  // The third quote has a phone of its own; the last one has its coverage chosen.
  batch = await fixtures.batch(FIRST_NAMES, { phone: (i) => (i === 2 ? PHONE : '5125550199') });
  batch.quotes[11] = await fixtures.cover(batch.quotes[11]!);
  // Made by a house agent for the house: no Northwind agent may see it.
  house = await fixtures.batch(['Olga'], { email: INTERNAL });
});

const tableRows = (page: Page) => page.getByRole('table', { name: 'Quotes' }).locator('tbody tr');

async function searchName(page: Page, name: string) {
  await page.getByLabel('Customer name').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await waitForPath(page, `/quotes?customerName=${name}`);
}

async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { file, bytes: readFileSync(path) };
}

describe('quote search', () => {
  it('finds quotes by customer name and phone, pages and sorts them in the URL', async () => {
    const page = await signedIn(AGENT);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Quotes', exact: true })
      .click();
    await waitForPath(page, '/quotes');
    await page.getByRole('heading', { name: 'Quotes' }).waitFor();

    await searchName(page, batch.lastName);
    await page.getByText('Showing 1–10 of 12').waitFor();
    // Newest first: the last quote made leads, with its Central-time creation time.
    const first = tableRows(page).first();
    await first.getByText(`Bram ${batch.lastName}`).waitFor();
    const madeAt = new Date(batch.quotes[11]!.created_at);
    const chicago = (options: Intl.DateTimeFormatOptions) =>
      madeAt.toLocaleString('en-US', { timeZone: 'America/Chicago', ...options });
    const day = chicago({ month: 'short', day: 'numeric', year: 'numeric' });
    const time = chicago({ hour: 'numeric', minute: '2-digit' });
    // CST or CDT: every time is shown with its zone.
    const zone = chicago({ timeZoneName: 'short' }).split(' ').at(-1)!;
    await first.getByTitle(`${day}, ${time} ${zone}`).waitFor();
    await expect(first.innerText()).resolves.toContain(`${day}\n${time} ${zone}`);
    await expect(first.innerText()).resolves.toContain('Rex, Tom');
    await expect(first.innerText()).resolves.toContain('(512) 555-0199');
    await shot(page, 'quotes-search');

    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, `/quotes?customerName=${batch.lastName}&page=2`);
    await page.getByText('Showing 11–12 of 12').waitFor();
    await expect(tableRows(page).count()).resolves.toBe(2);
    await tableRows(page).last().getByText(`Lena ${batch.lastName}`).waitFor();

    await page.getByRole('button', { name: /^Customer/ }).click();
    await waitForPath(page, `/quotes?customerName=${batch.lastName}&sort=customerName&order=asc`);
    await tableRows(page).first().getByText(`Abby ${batch.lastName}`).waitFor();
    await page.getByRole('button', { name: /^Customer/ }).click();
    await waitForPath(page, `/quotes?customerName=${batch.lastName}&sort=customerName&order=desc`);
    await tableRows(page).first().getByText(`Lena ${batch.lastName}`).waitFor();

    await page.getByRole('button', { name: 'Clear' }).click();
    await waitForPath(page, '/quotes');
    await page.getByLabel('Phone').fill(`(${PHONE.slice(0, 3)}) ${PHONE.slice(3, 6)}-${PHONE.slice(6)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–1 of 1').waitFor();
    await tableRows(page).first().getByText(`Kurt ${batch.lastName}`).waitFor();

    // A shared link opens the same search.
    await page.goto(`/quotes?customerName=${batch.lastName}&sort=customerName&order=asc&page=2`);
    await page.getByText('Showing 11–12 of 12').waitFor();
    await expect(page.getByLabel('Customer name').inputValue()).resolves.toBe(batch.lastName);
  });

  it('exports the filtered rows as CSV and downloads a quote as PDF', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/quotes');
    await searchName(page, batch.lastName);
    await page.getByText('Showing 1–10 of 12').waitFor();

    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.file.suggestedFilename()).toBe('quotes.csv');
    const lines = csv.bytes.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,referringEntityCode,/);
    // Every filtered row, not only the page shown, newest first.
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      batch.quotes.map((q) => q.uuid).reverse(),
    );
    // The notice names the rows the file holds.
    await page.getByText(`quotes.csv was downloaded: ${lines.length - 1} rows.`).waitFor();

    const covered = batch.quotes[11]!;
    const pdf = await downloaded(page, () =>
      tableRows(page)
        .first()
        .getByRole('button', { name: `PDF of Bram ${batch.lastName}` })
        .click(),
    );
    expect(pdf.file.suggestedFilename()).toBe(`quote-${covered.uuid}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shot(page, 'quotes-downloads');
  });

  it('shows a bar while the export runs, and Cancel stops it without saving a file', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/quotes');
    await searchName(page, batch.lastName);
    await page.getByText('Showing 1–10 of 12').waitFor();
    // The export's answer is held until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v2/quotes/export**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    // Before the server has answered: the bar moves without a figure.
    await page.getByRole('progressbar', { name: 'Exporting: counting the rows…' }).waitFor();
    await page
      .getByRole('status', { name: 'Download progress' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.getByText('The download was cancelled; no file was saved.').waitFor();
    await expect(page.getByRole('progressbar', { name: /^Exporting/ }).count()).resolves.toBe(0);
    release();
    await page.unroute('**/v2/quotes/export**');

    // Exporting again works, and the file holds the rows the notice names.
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    const rows = csv.bytes.toString('utf8').trim().split('\r\n').length - 1;
    expect(rows).toBe(12);
    await page.getByText(`quotes.csv was downloaded: ${rows} rows.`).waitFor();
    expect(downloads).toBe(1);
  });

  it('resumes a quote at its journey step', async () => {
    const page = await signedIn(AGENT);
    await page.goto(`/quotes?customerName=${batch.lastName}&sort=customerName&order=asc`);
    await tableRows(page).first().getByText(`Abby ${batch.lastName}`).waitFor();
    const abby = batch.quotes[FIRST_NAMES.indexOf('Abby')]!;
    await tableRows(page)
      .first()
      .getByRole('link', { name: `Resume Abby ${batch.lastName}` })
      .click();
    await waitForPath(page, abby.route);
    expect(abby.route).toBe(`/quotes/journey/underwriting-questions/${abby.uuid}`);
  });

  it('shows an external agent only the quotes of their agency', async () => {
    const agent = await signedIn(AGENT);
    await agent.goto(`/quotes?customerName=${house.lastName}`);
    await agent.getByText('No quote matches these filters.').waitFor();
    await agent.getByRole('button', { name: 'Clear the filters' }).waitFor();
    await expect(agent.getByRole('button', { name: 'Export CSV' }).isDisabled()).resolves.toBe(true);
    await shot(agent, 'quotes-search-empty');

    const staff = await signedIn(INTERNAL);
    await staff.goto(`/quotes?customerName=${house.lastName}`);
    await staff.getByText('Showing 1–1 of 1').waitFor();
    await tableRows(staff).first().getByText(`Olga ${house.lastName}`).waitFor();
  });

  it('says which filter the server refused', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/quotes?createdFrom=2026-02-02&createdTo=2026-02-01');
    await page.getByText('Check the filters').waitFor();
    await page.getByText('The end date must not be before the start date.').waitFor();
    await shot(page, 'quotes-search-invalid', false);
  });
});
