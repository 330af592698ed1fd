import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  AGENT,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
} from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { portalSuite } from './portalSession';
import { waitForPath } from './portalPage';
import { businessToday } from '../support/businessToday';

// The dashboard (SPEC §2 "Dashboard"; docs/reports.md "Dashboard"): the root admin sees every entity's
// figures, the demo manager Northwind's; both open it from the logo, change the period (a preset, custom
// dates, dates the server refuses) and read the cards and charts. Data: renters policies sold for Northwind's
// agencies and for Lakeside on days of the last 30 days and the 30 before, and a pet purchase today.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

const TODAY = businessToday();
const daysAgo = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shortDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
// A day as the screen writes it ("Nov 24, 2026"), and a period: one day alone, or "from – to".
const dayText = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const periodText = (fromDate: string, toDate: string) =>
  fromDate === toDate ? dayText(fromDate) : `${dayText(fromDate)} – ${dayText(toDate)}`;
const [YEAR, MONTH] = TODAY.split('-').map(Number) as [number, number];
// This year to date, and last year from 1 January to the same day (29 February: to 28 February).
const thisYear = periodText(`${YEAR}-01-01`, TODAY);
const lastYearSameSpan = periodText(
  `${YEAR - 1}-01-01`,
  TODAY.endsWith('-02-29') ? `${YEAR - 1}-02-28` : `${YEAR - 1}${TODAY.slice(4)}`,
);
// Last month, whole, and the whole month before it (month 0 of a year is December of the year before).
const monthText = (year: number, month: number) => {
  const first = new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return periodText(first, last);
};
const periodShown = (page: Page) => page.getByTestId('dashboard-period');

// Term premiums (cents) sold for Northwind's hierarchy in the last 30 days.
let northwindCents = 0;

const logo = (page: Page) => page.getByRole('link', { name: /go to start page/ });
const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

// Waits for the card to show `value`: while a new period loads, the last period's figures stay on screen.
const showsValue = (page: Page, label: string, value: string) =>
  card(page, label).getByTestId('kpi-value').getByText(value, { exact: true }).waitFor();

async function openFromLogo(page: Page): Promise<void> {
  await expect(logo(page).getAttribute('href')).resolves.toBe('/dashboard');
  await logo(page).click();
  await waitForPath(page, '/dashboard');
  await page.getByTestId('dashboard-charts').waitFor();
}

describe('dashboard', () => {
  beforeAll(async () => {
    const db = portal.server.server.database.db;
    const sell = async (entityCode: string, day: string) => {
      const issue = rentersPolicyIssue({
        entityId: await entityIdOf(db, entityCode),
        termInterval: 'annual',
        effectiveDate: day,
      });
      await issueTestRentersPolicy(db, { ...issue, soldAt: new Date(`${day}T15:00:00Z`) });
      return issue.termPremiumCents;
    };
    for (const [code, days] of [
      [NORTHWIND, 1],
      [NORTHWIND_AUSTIN, 3],
      [NORTHWIND_DALLAS, 9],
      [NORTHWIND_AUSTIN, 16],
      [NORTHWIND, 24],
    ] as const) {
      northwindCents += await sell(code, daysAgo(days));
    }
    await sell(NORTHWIND_AUSTIN, daysAgo(38));
    await sell(NORTHWIND, daysAgo(45));
    await sell(LAKESIDE, daysAgo(2));
    await sell(LAKESIDE, daysAgo(12));
    await sell(LAKESIDE, daysAgo(50));
    // Today: a pet quote of two pets bought by agent@ for Austin (two policies).
    const bought = await purchasePolicies(portal.server, { email: AGENT, petNames: ['Biscuit', 'Mochi'] });
    northwindCents += bought.quote.policies.reduce((s, p) => s + Math.round(p.annual_premium * 100), 0);
  });

  it('the root admin opens it from the logo and sees every entity’s figures, then changes the period', async () => {
    const page = await signedIn(ADMIN);
    await openFromLogo(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('All entities').waitFor();
    await expect(page.getByLabel('Period', { exact: true }).inputValue()).resolves.toBe('last30');
    for (const label of [
      'Quotes started',
      'Quotes converted',
      'Conversion rate',
      'Policies written',
      'Written premium',
      'Cancellations',
      'Commission earned',
      'Commission pending',
    ]) {
      await card(page, label).waitFor();
    }
    // Five Northwind and two Lakeside renters sales, and two pet policies, in the last 30 days; two before.
    await showsValue(page, 'Policies written', '9');
    await expect(card(page, 'Policies written').getByTestId('kpi-previous').innerText()).resolves.toContain(
      '3',
    );
    const trend = card(page, 'Policies written').getByTestId('kpi-trend');
    await expect(trend.innerText()).resolves.toContain('↑ 200.0%');
    await expect(trend.getAttribute('data-tone')).resolves.toBe('good');
    await showsValue(page, 'Quotes started', '1');
    // The last 30 days are compared with the 30 days before them.
    await expect(periodShown(page).innerText()).resolves.toBe(
      `${periodText(daysAgo(29), TODAY)} compared with ${periodText(daysAgo(59), daysAgo(30))}`,
    );
    await expect(page.getByRole('img').count()).resolves.toBeGreaterThanOrEqual(3);
    await page.getByText('Written premium per day').waitFor();
    await shot(page, 'dashboard-1-admin');

    // A preset goes into the URL, so the view can be bookmarked.
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
    await waitForPath(page, '/dashboard?period=last7');
    await showsValue(page, 'Policies written', '5');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'This year' });
    await waitForPath(page, '/dashboard?period=thisYear');
    await page.getByText(/Written premium per (month|day)/).waitFor();
    // This year to date is compared with last year to the same day, not with the days just before it.
    await periodShown(page).getByText(`${thisYear} compared with ${lastYearSameSpan}`).waitFor();
    await shot(page, 'dashboard-2-this-year');

    // Custom dates: refused when the end is before the start, under the field; taken when right.
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom dates' });
    await page.getByLabel('From', { exact: true }).fill(daysAgo(5));
    await page.getByLabel('To', { exact: true }).fill(daysAgo(10));
    await page.getByRole('button', { name: 'Apply' }).click();
    const toErrors = page.locator('[data-field-errors="toDate"]');
    await toErrors.waitFor();
    await expect(toErrors.innerText()).resolves.toContain('must not be before the start date');
    await page.getByRole('alert').getByText('Check the dates').waitFor();
    await shot(page, 'dashboard-3-refused-dates', false);
    await page.getByLabel('From', { exact: true }).fill(daysAgo(20));
    await page.getByLabel('To', { exact: true }).fill(daysAgo(1));
    await page.getByRole('button', { name: 'Apply' }).click();
    await waitForPath(page, `/dashboard?period=custom&from=${daysAgo(20)}&to=${daysAgo(1)}`);
    await showsValue(page, 'Policies written', '6');

    // Opened again from a bookmark, the custom period is still there.
    await page.goto(`/dashboard?period=custom&from=${daysAgo(20)}&to=${daysAgo(1)}`);
    await expect(page.getByLabel('Period', { exact: true }).inputValue()).resolves.toBe('custom');
    await expect(page.getByLabel('From', { exact: true }).inputValue()).resolves.toBe(daysAgo(20));
  });

  it('the demo manager sees Northwind and its agencies only', async () => {
    const page = await signedIn(MANAGER);
    await openFromLogo(page);
    await page.getByText(`Northwind Pet Agency (${NORTHWIND}) and the agencies beneath it`).waitFor();
    // Five renters sales and two pet policies of Northwind's hierarchy; Lakeside's are not here.
    await showsValue(page, 'Policies written', '7');
    await showsValue(page, 'Written premium', usd.format(northwindCents / 100));
    await showsValue(page, 'Cancellations', '0');
    await shot(page, 'dashboard-4-manager');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last month' });
    await waitForPath(page, '/dashboard?period=lastMonth');
    // Last month, whole, against the whole month before it.
    await periodShown(page)
      .getByText(`${monthText(YEAR, MONTH - 1)} compared with ${monthText(YEAR, MONTH - 2)}`)
      .waitFor();
    await shot(page, 'dashboard-5-manager-last-month');
  });

  it('sends an agent without the dashboard from the logo to quote search, and back from /dashboard', async () => {
    const page = await signedIn(AGENT);
    await expect(logo(page).getAttribute('href')).resolves.toBe('/quotes');
    await logo(page).click();
    await waitForPath(page, '/quotes');
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname !== '/dashboard', { timeout: 15_000 });
    await expect(page.getByTestId('dashboard-charts').count()).resolves.toBe(0);
  });
});
