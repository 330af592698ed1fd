import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCommissionHistory } from '../../src/server/seed/demoCommissionHistory';
import { REPORTS } from '../support/personas';
import { portalSuite } from './portalSession';
import { waitForPath } from './portalPage';
import { businessToday } from '../support/businessToday';

// The reports (issue 8) as the demo's reporting user meets them: the registry, the net written premium
// report over the demo's year of renters business (chart, totals, CSV), and the commission statements
// report (newest month first, totals, CSV and PDF). Data: the demo's commission history, seeded here.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

const TODAY = businessToday();
const YEAR_AGO = `${Number(TODAY.slice(0, 4)) - 1}${TODAY.slice(4, 7)}-01`;
const moneyOf = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));
const numberOf = (text: string) => Number(text.replace(/[^0-9]/g, ''));

// The figure tile of that label: its value and the line under it.
async function tile(page: Page, label: string): Promise<{ value: string; note: string }> {
  const term = page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
  await term.waitFor();
  const box = term.locator('..');
  const [value, note] = await box.locator('dd').allTextContents();
  return { value: value ?? '', note: note ?? '' };
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), body: readFileSync(await file.path()) };
}

describe('reports', () => {
  beforeAll(async () => {
    const { db } = portal.server.server.database;
    await seedDemoCommissionHistory(db, TODAY, portal.server.config.accessTokenSecret);
  });

  it('lists the reports, runs the net written premium report over a year, and exports it', async () => {
    const page = await signedIn(REPORTS);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
    await waitForPath(page, '/reporting');
    await page.getByRole('link', { name: /Net written premium/ }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Commission statements',
      'Net written premium',
    ]);
    await shot(page, 'reports-registry');

    await page.getByRole('link', { name: /Net written premium/ }).click();
    await waitForPath(page, '/reporting/nwp');
    const filters = page.getByRole('search', { name: 'Net written premium filters' });
    // A reversed period is refused under its field and changes nothing.
    await filters.getByLabel('From').fill(TODAY);
    await filters.getByLabel('To').fill(YEAR_AGO);
    await filters.getByRole('button', { name: 'Run report' }).click();
    await page.getByText('The end date must not be before the start date.').waitFor();

    await filters.getByLabel('From').fill(YEAR_AGO);
    await filters.getByLabel('To').fill(TODAY);
    await filters.getByRole('button', { name: 'Run report' }).click();
    await waitForPath(page, `/reporting/nwp?fromDate=${YEAR_AGO}&toDate=${TODAY}`);
    await page.getByRole('img', { name: 'Premium by month' }).waitFor();
    const net = await tile(page, 'Net written premium');
    const adjustments = numberOf(net.note);
    expect(adjustments).toBeGreaterThan(100);
    // The table's sum of totals is the headline figure; written less returned is the net.
    const footer = page.getByRole('row', { name: /Net written premium/ });
    expect(moneyOf((await footer.getByRole('cell').last().textContent()) ?? '')).toBe(moneyOf(net.value));
    const written = moneyOf((await tile(page, 'Written')).value);
    const returned = moneyOf((await tile(page, 'Returned')).value);
    expect(returned).toBeLessThan(0);
    expect(Math.round((written + returned) * 100)).toBe(Math.round(moneyOf(net.value) * 100));
    // Thirteen months: the one a year ago through this one.
    expect(await page.getByRole('img', { name: 'Premium by month' }).locator('g rect').count()).toBe(26);
    await shot(page, 'reports-nwp');

    const csv = await download(page, 'Export CSV');
    expect(csv.name).toBe(`net-written-premium-${YEAR_AGO}-${TODAY}.csv`);
    const rows = csv.body.toString('utf8').split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      'recordedOn,policyNumber,line,entityCode,entityName,stateCode,eventCode,businessType,premium',
    );
    expect(rows.length - 1).toBe(adjustments);
    await page
      .getByText(`${csv.name} was downloaded: ${adjustments.toLocaleString('en-US')} rows.`)
      .waitFor();
  });

  it('breaks the net written premium down by where the sales came from, under More filters', async () => {
    const page = await signedIn(REPORTS);
    await page.goto(`/reporting/nwp?fromDate=${YEAR_AGO}&toDate=${TODAY}`);
    const filters = page.getByRole('search', { name: 'Net written premium filters' });
    // The primary filters stay few: the attribution waits behind More filters.
    expect(await filters.getByLabel('Break down by').count()).toBe(0);
    await filters.getByRole('button', { name: 'More filters' }).click();

    // A quote source that is not a number is refused under its field, as the quote search refuses it.
    await filters.getByLabel('Quote source').fill('abc');
    await filters.getByRole('button', { name: 'Run report' }).click();
    await page.getByText('The quote source is a whole number.').waitFor();

    await filters.getByLabel('Quote source').fill('');
    await filters.getByLabel('Break down by').selectOption('Platform');
    await filters.getByRole('button', { name: 'Run report' }).click();
    await waitForPath(page, `/reporting/nwp?fromDate=${YEAR_AGO}&toDate=${TODAY}&groupBy=quotingPlatform`);
    const table = page.getByRole('table', { name: 'Net written premium by platform' });
    await table.waitFor();
    const net = moneyOf((await tile(page, 'Net written premium')).value);
    // The demo's renters sales carry no quote attribution: they are the "No platform recorded" row.
    await table.getByRole('rowheader', { name: 'No platform recorded' }).waitFor();
    const groups = await table.locator('tbody tr td:nth-of-type(2)').allTextContents();
    expect(Math.round(groups.reduce((sum, g) => sum + moneyOf(g), 0) * 100)).toBe(Math.round(net * 100));
    const footer = table.getByRole('row', { name: /All sales/ });
    expect(moneyOf((await footer.getByRole('cell').nth(1).textContent()) ?? '')).toBe(net);
    await shot(page, 'reports-nwp-breakdown');

    const csv = await download(page, 'Export CSV');
    const header = csv.body.toString('utf8').split('\r\n')[0];
    expect(header).toBe(
      'recordedOn,policyNumber,line,entityCode,entityName,stateCode,eventCode,businessType,premium,quotingPlatform,quoteMethod,entitySourceId,partnerCode,group',
    );

    // Only sales of quotes from a connected system: the section stays open with the choice kept.
    await filters.getByLabel('Platform', { exact: true }).selectOption('Connected system');
    await filters.getByRole('button', { name: 'Run report' }).click();
    await page.waitForURL(/quotingPlatform=API/);
    await page.getByText(/sold through quotes with platform connected system/).waitFor();
    expect(await filters.getByLabel('Platform', { exact: true }).inputValue()).toBe('API');
    await shot(page, 'reports-nwp-attribution-filter');
  });

  it('runs the commission statements report newest month first, with totals and its files', async () => {
    const page = await signedIn(REPORTS);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Commission Statements' })
      .click();
    await waitForPath(page, '/reporting/commission-statements');
    const table = page.getByRole('table', { name: 'Commission statements' });
    await table.getByRole('row').nth(1).waitFor();
    const months = await table.locator('tbody tr td:first-child').allTextContents();
    const thisMonth = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    expect(months[0]).toBe(thisMonth);
    await page.getByRole('img', { name: 'Payment total by statement month' }).waitFor();
    const statements = numberOf((await tile(page, 'Statements')).value);
    expect(statements).toBeGreaterThan(100);

    // Paid statements only: the paid total is the payment total.
    const filters = page.getByRole('search', { name: 'Statement report filters' });
    await filters.getByLabel('Payment status').selectOption('Paid');
    await filters.getByRole('button', { name: 'Run report' }).click();
    await waitForPath(page, '/reporting/commission-statements?paymentStatus=Paid');
    await page
      .getByRole('term')
      .filter({ hasText: /^Statements$/ })
      .waitFor();
    await expect.poll(async () => numberOf((await tile(page, 'Statements')).value)).toBeLessThan(statements);
    const paid = numberOf((await tile(page, 'Statements')).value);
    expect((await tile(page, 'Paid')).value).toBe((await tile(page, 'Payment total')).value);
    await shot(page, 'reports-statements');

    const csv = await download(page, 'Download CSV');
    expect(csv.name).toBe(`commission-statements-report-${TODAY}.csv`);
    expect(csv.body.toString('utf8').split('\r\n').filter(Boolean).length - 1).toBe(paid);
    await page.getByText(`${csv.name} was downloaded: ${paid.toLocaleString('en-US')} rows.`).waitFor();
    const pdf = await download(page, 'Download PDF');
    expect(pdf.name).toBe(`commission-statements-report-${TODAY}.pdf`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
