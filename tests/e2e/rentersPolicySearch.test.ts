import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDate, formatBusinessDate } from '../../src/calendar';
import { formatPhone } from '../../src/ui/format';
import { ADMIN, AGENT, HOUSE, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { addDays, issueRentersPolicies, businessToday } from '../support/rentersPolicyFixtures';
import { portalSuite } from './portalSession';
import { waitForPath } from './portalPage';

// /renters/policies: renters policy search through the portal, over policies issued straight into the test
// server's database the way the purchase issues them.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

const LAST_NAME = `Rz${randomBytes(3).toString('hex')}`;

type Issued = Awaited<ReturnType<typeof issueRentersPolicies>>;
let batch: Issued;
let house: Issued[number];

beforeAll(async () => {
  const db = portal.server.server.database.db;
  // Twelve policies of one policyholder's last name for Northwind Austin (agent@), sold in this order.
  batch = await issueRentersPolicies(db, 12, {
    entityId: await entityIdOf(db, NORTHWIND_AUSTIN),
    lastName: LAST_NAME,
  });
  // The house's, with a name of the same start: no Northwind agent may see it.
  [house] = (await issueRentersPolicies(db, 1, {
    entityId: await entityIdOf(db, HOUSE),
    lastName: `${LAST_NAME}house`,
    state: 'CA',
  })) as [Issued[number]];
});

const tableRows = (page: Page) => page.getByRole('table', { name: 'Renter policies' }).locator('tbody tr');
const newest = () => [...batch].reverse();

describe('renters policy search', () => {
  it('finds policies by name, shows the renters row and links each to its policy', async () => {
    const page = await signedIn(AGENT);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Renter Policies', exact: true })
      .click();
    await waitForPath(page, '/renters/policies');
    await page.getByRole('heading', { name: 'Renter Policies' }).waitFor();

    await page.getByLabel('Full name').fill(LAST_NAME.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, `/renters/policies?full_name=${LAST_NAME.toLowerCase()}`);
    // The house's policy with a name of the same start stays out of sight.
    await page.getByText('Showing 1–10 of 12').waitFor();
    await expect(page.getByText(house.policyNumber).count()).resolves.toBe(0);

    // Newest sale first: the last policy issued leads, with every field of the SPEC §3 row.
    const last = batch[11]!;
    const first = tableRows(page).first();
    await first.getByText(`Robin12 ${LAST_NAME}`, { exact: true }).waitFor();
    const cells = await first.locator('td').allInnerTexts();
    expect(cells.map((cell) => cell.replace(/\s+/g, ' ').trim())).toEqual([
      `Robin12 ${LAST_NAME}`,
      `${last.policyNumber} Monthly`,
      `${formatPhone(last.issue.customer.phone)} ${last.issue.customer.email}`,
      'Austin, TX',
      // Sold on the business day of the sale, which UTC's may already have passed.
      formatBusinessDate(businessDate(new Date())),
      formatBusinessDate(last.issue.effectiveDate),
      'Active',
    ]);
    expect(formatBusinessDate('2026-11-22')).toBe('Nov 22, 2026');
    await shot(page, 'renters-policies-search');

    // The policy screen comes later (and agent@ may not open it); the link names the customer and matter.
    const link = first.getByRole('link', { name: `Robin12 ${LAST_NAME}` });
    await expect(link.getAttribute('href')).resolves.toBe(
      `/renters/customers/${last.customerId}/policies/${last.matterId}`,
    );
  });

  it('shows the house policy to a user who sees every agency', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(`/renters/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 13').waitFor();
    await tableRows(page).first().getByText(house.policyNumber).waitFor();
    await tableRows(page).first().getByText('Los Angeles, CA').waitFor();
  });

  it('pages and sorts in the URL, and a shared link opens the same search', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/renters/policies');
    await page.getByLabel('Full name').fill(LAST_NAME);
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, `/renters/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 12').waitFor();

    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, `/renters/policies?full_name=${LAST_NAME}&page=2`);
    await page.getByText('Showing 11–12 of 12').waitFor();
    await expect(tableRows(page).count()).resolves.toBe(2);
    await tableRows(page).last().getByText(batch[0]!.policyNumber).waitFor();

    const byNumber = batch.map((p) => p.policyNumber).sort();
    await page.getByRole('button', { name: 'Policy', exact: true }).click();
    await waitForPath(page, `/renters/policies?full_name=${LAST_NAME}&sort=policy_number&order=asc`);
    await page.getByText('Showing 1–10 of 12').waitFor();
    await tableRows(page).first().getByText(byNumber[0]!).waitFor();
    await tableRows(page).nth(1).getByText(byNumber[1]!).waitFor();

    await page.goto(`/renters/policies?full_name=${LAST_NAME}&sort=policy_number&order=desc&page=2`);
    await page.getByText('Showing 11–12 of 12').waitFor();
    await tableRows(page).last().getByText(byNumber[0]!).waitFor();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe(LAST_NAME);
  });

  it('exports every matching row as CSV, not only the page shown', async () => {
    const page = await signedIn(AGENT);
    await page.goto(`/renters/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 12').waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('renters-policies.csv');
    const lines = readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^policy_number,full_name,term_interval,/);
    expect(lines).toHaveLength(13);
    // Newest sale first, as the table shows them.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(newest().map((p) => p.policyNumber));
    // The notice names the rows the file holds.
    await page.getByText(`renters-policies.csv was downloaded: ${lines.length - 1} rows.`).waitFor();
  });

  it('refuses a file that ends before the rows the server announced', async () => {
    const page = await signedIn(AGENT);
    await page.goto(`/renters/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 12').waitFor();
    // The server's answer cut after its header and five rows, as a dropped connection would leave it.
    await page.route('**/v2/renters/policies/export**', async (route) => {
      const response = await route.fetch();
      const lines = (await response.text()).split('\r\n');
      expect(response.headers()['x-total-count']).toBe('12');
      await route.fulfill({
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="renters-policies.csv"',
          'x-total-count': '12',
        },
        body: `${lines.slice(0, 6).join('\r\n')}\r\n`,
      });
    });
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page
      .getByText('The export failed. The file ended early: 5 of 12 rows arrived. Try again.')
      .waitFor();
    expect(downloads).toBe(0);
  });

  it('filters on the day sold by default, or on the effective day when asked', async () => {
    const page = await signedIn(AGENT);
    const today = businessToday();
    const tomorrow = addDays(today, 1);
    await page.goto(`/renters/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 12').waitFor();

    // "Sold" is the server's default, so the URL leaves the date type out.
    await page.getByLabel('From').fill(tomorrow);
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, `/renters/policies?full_name=${LAST_NAME}&date_from=${tomorrow}`);
    await page.getByText('No renters policy matches these filters.').waitFor();
    await expect(page.getByRole('button', { name: 'Export CSV' }).isDisabled()).resolves.toBe(true);

    await page.getByLabel('Date type').selectOption('effective');
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForPath(
      page,
      `/renters/policies?full_name=${LAST_NAME}&date_from=${today}&date_type=effective&date_to=${today}`,
    );
    await page.getByText('Showing 1–10 of 12').waitFor();
  });

  it('says which filter the server refused', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/renters/policies?date_from=2026-02-02&date_to=2026-02-01');
    await page.getByText('Check the filters').waitFor();
    await page.getByText('The end date must not be before the start date.').waitFor();
    await shot(page, 'renters-policies-search-invalid', false);
  });
});
