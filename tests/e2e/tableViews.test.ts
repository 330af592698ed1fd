import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleListResponse } from '../../src/api/schemas/roles';
import { TEST_PASSWORD, adminApi, uniqueEmail } from '../support/accessAdmin';
import { apiFor } from '../support/http';
import {
  ADMIN,
  INTERNAL,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
  REVIEWER,
  SUMMIT,
} from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { portalSuite } from './portalSession';
import { pathOf, signIn, waitForPath } from './portalPage';
import { businessMonth } from '../support/businessToday';

// Tables people can shape (issue: the experience of the people who use and run it): on the policy search an
// agent hides and reorders columns with the keyboard (kept in the URL), saves the search as a view shared
// with their role, and a colleague of that role applies it; the first load shows placeholder rows and an
// empty search says what to do next. On the statement review, a reviewer ticks a page, widens the selection
// to every statement the filters match from the banner (kept in the URL across a reload, dropped by a new
// search), and approves them all.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

const PET = `Tv${randomBytes(3).toString('hex')}`;
const VIEW = `Austin pets ${randomBytes(2).toString('hex')}`;
// A colleague at the same agency holding the same role (Agent) as agent@.
const colleague = { email: uniqueEmail('colleague'), fname: 'Riley', lname: 'Chen' };

beforeAll(async () => {
  await purchasePolicies(portal.server, { petNames: [`${PET}a`, `${PET}b`] });
  const a = adminApi(() => apiFor(portal.server.url));
  const token = await a.tokenOf(ADMIN);
  const roles = RoleListResponse.parse(
    (await apiFor(portal.server.url).get('/v2/lists/roles', { token })).body,
  );
  const agent = roles.data.find((r) => r.role_name === 'Agent')!;
  await a.createUser(token, { ...colleague, entity: NORTHWIND_AUSTIN, roles: [agent.id] });
  // Three more agencies sell today, so the month has four statements (Austin's from the sales above).
  for (const code of [NORTHWIND, NORTHWIND_DALLAS, SUMMIT]) {
    await purchasePolicies(portal.server, { email: INTERNAL, actingFor: code, petNames: [`${PET}${code}`] });
  }
  const month = businessMonth();
  const generated = await apiFor(portal.server.url).post(
    '/v2/commission-statements/generate',
    {
      data: { month },
    },
    { token },
  );
  expect(generated.status, generated.text).toBe(200);
});

const table = (page: Page) => page.getByRole('table', { name: 'Policies' });
const headers = (page: Page) =>
  table(page)
    .locator('thead th')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.replace(/[▲▼]/g, '').trim()));
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id);

describe('table columns and saved views', () => {
  it('hides and reorders columns from the keyboard, kept in the URL across a reload', async () => {
    const page = await signedIn('agent@demo.test');
    await page.goto(`/policies?petName=${PET}`);
    await table(page).getByText(`${PET}a`).waitFor();
    const before = await headers(page);
    expect(before).toEqual([
      'Policy',
      'Pet',
      'Status',
      'Policyholder',
      'City / State',
      'Purchased',
      'Effective',
      'Agency',
    ]);

    // Open the chooser with the keyboard, untick Status, move Agency up twice.
    await page.getByRole('button', { name: /^Columns/ }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByLabel('Choose columns');
    await panel.waitFor();
    // The first column is the row's link: it cannot be hidden.
    await expect(panel.getByRole('checkbox', { name: 'Policy (always shown)' }).isDisabled()).resolves.toBe(
      true,
    );
    await panel.getByRole('checkbox', { name: 'Status' }).focus();
    await page.keyboard.press('Space');
    await waitForPath(
      page,
      `/policies?petName=${PET}&cols=policyNumber%2CpetName%2CfullName%2CstateCode%2CpurchaseDate%2CeffectiveDate%2CentityCode`,
    );
    await panel.getByRole('button', { name: 'Move Agency up' }).focus();
    await page.keyboard.press('Enter');
    // Focus stays on the moved column's button, so a second Enter moves it again.
    await expect.poll(() => focusedName(page)).toBe('Move Agency up');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => headers(page))
      .toEqual(['Policy', 'Pet', 'Policyholder', 'City / State', 'Agency', 'Purchased', 'Effective']);
    await panel.getByText('Agency moved to position 5 of 7.').waitFor({ state: 'attached' });
    await shot(page, 'table-columns-desktop', false);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    const chosen = pathOf(page);
    expect(chosen).toContain('cols=policyNumber%2CpetName%2CfullName%2CstateCode%2CentityCode%2C');
    await page.reload();
    await table(page).getByText(`${PET}a`).waitFor();
    expect(pathOf(page)).toBe(chosen);
    await expect(headers(page)).resolves.toEqual([
      'Policy',
      'Pet',
      'Policyholder',
      'City / State',
      'Agency',
      'Purchased',
      'Effective',
    ]);
    // The filters' Clear keeps the columns.
    await page.getByRole('button', { name: 'Clear' }).click();
    await waitForPath(
      page,
      `/policies?cols=${new URL(page.url()).searchParams.get('cols')!.replace(/,/g, '%2C')}`,
    );
    await expect(headers(page)).resolves.toHaveLength(7);
  });

  it('saves a view shared with a role, which a colleague of that role applies', async () => {
    const page = await signedIn('agent@demo.test');
    // An old link may name a column the table no longer has: the table skips it, and so does the view.
    await page.goto(
      `/policies?petName=${PET}&cols=policyNumber%2CpetName%2Cretired%2CentityCode&sort=petName&order=asc`,
    );
    await table(page).getByText(`${PET}b`).waitFor();

    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as a new view' });
    await dialog.getByLabel('Name').fill(VIEW);
    await dialog.getByRole('checkbox', { name: 'Agent' }).check();
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Saved the view “${VIEW}”.`).waitFor();
    await page.getByRole('button', { name: `View: ${VIEW}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toMatch(/^\d+$/);
    expect(new URL(page.url()).searchParams.get('cols')).toBe('policyNumber,petName,entityCode');

    // A colleague of the Agent role finds it under "Shared with you", by its owner's name.
    const other = await portal.freshPage();
    await other.setViewportSize({ width: 768, height: 1024 });
    await other.goto('/login');
    await signIn(other, colleague.email, TEST_PASSWORD);
    await waitForPath(other, '/');
    await other.goto('/policies');
    await table(other).locator('tbody tr').first().waitFor();
    await expect(headers(other)).resolves.toHaveLength(8);
    await other.getByRole('button', { name: 'Saved views' }).click();
    const item = other.getByRole('menuitem', { name: new RegExp(VIEW) });
    await item.getByText('shared by Sam Patel').waitFor();
    await shot(other, 'table-views-tablet', false);
    await item.click();
    await table(other).getByText(`${PET}b`).waitFor();
    await expect(headers(other)).resolves.toEqual(['Policy', 'Pet', 'Agency']);
    const params = new URL(other.url()).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      petName: PET,
      cols: 'policyNumber,petName,entityCode',
      sort: 'petName',
      order: 'asc',
    });
    // By pet name, as the view sorts (the default is newest purchase first).
    await table(other).locator('tbody tr').first().getByText(`${PET}a`).waitFor();
    // Not theirs to change: no update, rename or delete.
    await other.getByRole('button', { name: `View: ${VIEW}` }).click();
    await other.getByRole('menuitem', { name: 'Save as new view…' }).waitFor();
    await expect(other.getByRole('menuitem', { name: /Delete/ }).count()).resolves.toBe(0);
    await other.keyboard.press('Escape');
  });

  it('shows placeholder rows while the first page loads, and a next step when nothing matches', async () => {
    const page = await signedIn('agent@demo.test');
    await page.route('**/v2/policies?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.goto(`/policies?petName=${PET}zzz`);
    const skeleton = table(page).getByTestId('skeleton-row');
    await skeleton.first().waitFor();
    await expect(skeleton.count()).resolves.toBeGreaterThan(2);
    await expect(table(page).getAttribute('aria-busy')).resolves.toBe('true');
    await expect(table(page).getByText('Loading…').count()).resolves.toBe(1);
    await shot(page, 'table-skeleton', false);

    await table(page).getByText('No policy matches these filters.').waitFor();
    await expect(skeleton.count()).resolves.toBe(0);
    await shot(page, 'table-empty-state', false);
    await table(page).getByRole('button', { name: 'Clear the filters' }).click();
    await waitForPath(page, '/policies');
    await table(page).locator('tbody tr').first().getByRole('link').waitFor();
    await page.unroute('**/v2/policies?**');
  });
});

describe('selecting across pages', () => {
  it('widens a ticked page to every statement the filters match, and acts on all of them', async () => {
    const page = await signedIn(REVIEWER);
    await page.goto('/admin/commission-review/statements?limit=2');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText(/^Showing 1–2 of\s*4$/).waitFor();
    const statements = page.getByRole('table', { name: 'Commission Review' });
    const pageBox = page.getByRole('checkbox', { name: 'Select every statement on this page' });
    const banner = page.getByRole('status').filter({ hasText: 'selected.' });

    // Half a page ticked: the header box is mixed, and no banner yet.
    await statements
      .getByRole('checkbox', { name: /^Select / })
      .nth(1)
      .check();
    await expect(pageBox.evaluate((box) => (box as HTMLInputElement).indeterminate)).resolves.toBe(true);
    await expect(banner.count()).resolves.toBe(0);
    await pageBox.check();
    await banner.getByText('All 2 statements on this page are selected.').waitFor();
    await banner.getByRole('button', { name: 'Select all 4 matching statements' }).click();
    await banner.getByText('All 4 statements matching the filters are selected.').waitFor();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText(/All\s*4\s*matching selected/).waitFor();
    await shot(page, 'table-select-all', false);

    // Every match is in the URL, so a reload (or a copied link) keeps it.
    const selectedInUrl = () => new URL(page.url()).searchParams.get('selected');
    await waitForPath(page, '/admin/commission-review/statements?limit=2&selected=all');
    await page.reload();
    await banner.getByText('All 4 statements matching the filters are selected.').waitFor();
    await bulk.getByText(/All\s*4\s*matching selected/).waitFor();
    await expect(
      statements
        .locator('tbody')
        .getByRole('checkbox')
        .evaluateAll((all) => all.map((b) => (b as HTMLInputElement).checked)),
    ).resolves.toEqual([true, true]);
    await shot(page, 'table-select-all-reloaded', false);

    // The next page shows its rows ticked too; unticking one goes back to ticked rows, which the URL does
    // not keep.
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(/^Showing 3–4 of\s*4$/).waitFor();
    const boxes = statements.locator('tbody').getByRole('checkbox');
    await expect(
      boxes.evaluateAll((all) => all.map((b) => (b as HTMLInputElement).checked)),
    ).resolves.toEqual([true, true]);
    await boxes.first().uncheck();
    await bulk.getByText(/^1\s*selected$/).waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await expect.poll(selectedInUrl).toBeNull();

    // Every match again; a new search, even one matching the same four, selects nothing.
    await pageBox.check();
    await banner.getByRole('button', { name: 'Select all 4 matching statements' }).click();
    await expect.poll(selectedInUrl).toBe('all');
    const filters = page.getByRole('search', { name: 'Statement search' });
    await filters.getByLabel('Minimum payment').fill('0');
    await filters.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, '/admin/commission-review/statements?limit=2&minAmount=0');
    await pager.getByText(/^Showing 1–2 of\s*4$/).waitFor();
    await bulk.getByText('Select statements, or act on all matching').waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await page.reload();
    await pager.getByText(/^Showing 1–2 of\s*4$/).waitFor();
    await bulk.getByText('Select statements, or act on all matching').waitFor();
    await expect(pageBox.isChecked()).resolves.toBe(false);

    // Every match of this search, approved in one run over the filter.
    await pageBox.check();
    await banner.getByRole('button', { name: 'Select all 4 matching statements' }).click();
    await bulk.getByRole('button', { name: 'Approve selected', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve 4' }).click();
    await expect(page.getByTestId('bulk-result').innerText()).resolves.toContain('4 statements approved');
    await pager.getByText('No results').waitFor();
  });
});
