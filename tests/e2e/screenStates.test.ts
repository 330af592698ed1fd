import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { statementApi } from '../support/commissionStatementApi';
import { entityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { purchasePolicies } from '../support/policyFixtures';
import { quoteSearchFixtures } from '../support/quoteSearchFixtures';
import { entityIdOf } from '../support/records';
import { portalSuite } from './portalSession';
import { pathOf, waitForPath } from './portalPage';
import { openTab } from './policyViewPage';

// What every screen does around its data (issue 11, "states of every screen"): done work is confirmed by a
// notice that can be dismissed, leaving a form with unsaved changes asks first, a failed call reads as a
// sentence (with a reference for support) rather than a status code, and a quote or a statement prints
// without the portal around it.
const portal = portalSuite();
const { shot, signedIn } = portal;
const stamp = Date.now().toString(36);

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });
const notices = (page: Page) => page.getByRole('region', { name: 'Notifications' });

describe('screen states', () => {
  it('confirms done work with a notice that can be dismissed', async () => {
    const page = await signedIn('admin@demo.test');
    await page.goto('/admin/roles/add');
    await page.getByLabel('Name').fill(`Toast Desk ${stamp}`);
    await page.getByRole('button', { name: 'Create role' }).click();
    const notice = notices(page)
      .getByRole('status')
      .filter({ hasText: `Toast Desk ${stamp} was created.` });
    await notice.waitFor();
    await page.waitForURL(/\/admin\/roles\/\d+$/);
    expect(pathOf(page)).toMatch(/^\/admin\/roles\/\d+$/);
    await shot(page, 'states-toast', false);
    await notice.getByRole('button', { name: 'Dismiss notice' }).click();
    await notice.waitFor({ state: 'detached' });
  });

  it('asks before leaving a form with unsaved changes, and not after saving', async () => {
    const page = await signedIn('admin@demo.test');
    await page.goto('/admin/roles/add');
    await page.getByLabel('Description').fill('Half typed');
    await menuLink(page, 'Users').click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    // A dialog's root has no box of its own (its panel is fixed): wait for what it shows.
    await ask.getByRole('button', { name: 'Stay on this page' }).waitFor();
    await shot(page, 'states-unsaved-prompt', false);
    // Staying keeps what was typed.
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    await ask.getByRole('button', { name: 'Stay on this page' }).waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/admin/roles/add');
    await expect(page.getByLabel('Description').inputValue()).resolves.toBe('Half typed');
    // Leaving throws it away, once asked.
    await menuLink(page, 'Users').click();
    await ask.getByRole('button', { name: 'Leave and discard changes' }).click();
    await waitForPath(page, '/admin/users');

    // A saved form lets the user go without a question; the add screen itself leaves for the new record.
    await page.goto('/admin/roles/add');
    await page.getByLabel('Name').fill(`Saved Desk ${stamp}`);
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL(/\/admin\/roles\/\d+$/);
    await page.getByLabel('Description').fill('Changed and saved');
    await page.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('The role was saved.').waitFor();
    await menuLink(page, 'Users').click();
    await waitForPath(page, '/admin/users');
    await expect(ask.count()).resolves.toBe(0);
  });

  it('says what went wrong in words, with a reference when the server failed', async () => {
    const page = await signedIn('admin@demo.test');
    await page.route('**/v2/roles?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'x-request-id': `req-${stamp}-check` },
        body: JSON.stringify({ message: 'Server error.' }),
      }),
    );
    await page.goto('/admin/roles');
    const alert = page.getByRole('alert').filter({ hasText: 'The server could not finish this just now' });
    await alert.waitFor({ timeout: 20_000 });
    await expect(alert.innerText()).resolves.toContain(`req-${stamp}-check`);
    await expect(page.locator('main').innerText()).resolves.not.toMatch(/\b500\b|Server error\./);
    await shot(page, 'states-server-error', false);

    await page.unroute('**/v2/roles?**');
    await page.route('**/v2/roles?**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'This action is unauthorized.' }),
      }),
    );
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'You do not have permission to do this.' }).waitFor();
  });

  it('prints a statement alone, without the menu, header or buttons', async () => {
    // A sale of this month by a Northwind office, and the month's statements.
    await purchasePolicies(portal.server, {
      email: 'internal@demo.test',
      actingFor: '1234-5678-AC',
      petNames: ['Printable'],
    });
    const api = apiFor(portal.server.url);
    await statementApi(
      entityApi(() => api),
      () => portal.server,
    ).generate();
    const page = await signedIn('reviewer@demo.test');
    await page.goto('/admin/commission-review/statements');
    await page
      .getByRole('button', { name: /^Open the statement of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Statement / });
    await dialog.getByTestId('payment-total').waitFor();
    await dialog.getByRole('button', { name: 'Print the statement' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('aside').isVisible()).resolves.toBe(false);
    await expect(dialog.getByRole('button', { name: 'Print the statement' }).isVisible()).resolves.toBe(
      false,
    );
    await expect(dialog.getByTestId('payment-total').isVisible()).resolves.toBe(true);
    await shot(page, 'print-statement');
    await page.emulateMedia({ media: 'screen' });
  });

  it('prints a quote without the portal around it', async () => {
    const fixtures = quoteSearchFixtures(portal.server.url);
    const batch = await fixtures.batch([`Prin${stamp.slice(-3)}`]);
    const quote = await fixtures.cover(batch.quotes[0]!);
    const page = await signedIn('agent@demo.test');
    await page.goto(quote.route);
    await page.getByRole('button', { name: 'Print the quote' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('aside').isVisible()).resolves.toBe(false);
    await expect(page.locator('header[data-print-hide]').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await shot(page, 'print-quote');
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows a note the moment it is sent, marked as saving until the server has it', async () => {
    const { policies } = await purchasePolicies(portal.server, { petNames: ['Noted'] });
    const page = await signedIn('agent@demo.test');
    await page.goto(`/policies/${policies[0]!.matterId}`);
    await openTab(page, 'Notes');
    // The server answers a second late, so the pending note can be seen.
    await page.route('**/notes', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByLabel('Note', { exact: true }).fill(`Called the customer ${stamp}`);
    await page.getByRole('button', { name: 'Add note' }).click();
    const saving = page.getByTestId('note-saving');
    await saving.getByText(`Called the customer ${stamp}`).waitFor();
    await saving.getByText('Saving…').waitFor();
    await page.getByRole('list', { name: 'Notes' }).getByText(`Called the customer ${stamp}`).waitFor();
    await saving.waitFor({ state: 'detached' });
  });

  it('switches a quote source at once and puts it back when the server refuses', async () => {
    const page = await signedIn('admin@demo.test');
    const id = await entityIdOf(portal.server.server.database.db, '1234-5678-AC');
    await page.goto(`/admin/entities/${id}`);
    await page.getByRole('tab', { name: 'Quote sources' }).click();
    // The tab's own fields: until it has drawn, the details tab's "Entity code" and "ZIP code" match too.
    await page.getByRole('tab', { name: 'Quote sources', selected: true }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill(`web${stamp.slice(-4)}`);
    await page.getByLabel('Label', { exact: true }).fill(`Website ${stamp}`);
    await page.getByRole('button', { name: 'Add source' }).click();
    const row = page.getByRole('row').filter({ hasText: `Website ${stamp}` });
    await row.getByText('On', { exact: true }).waitFor();

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/quote-sources/**', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Server error.' }),
      });
    });
    await row.getByRole('button', { name: 'Switch off' }).click();
    // Shown off before the server has answered…
    await row.getByText('Off', { exact: true }).waitFor();
    release();
    // …and back on, with the reason, once it refused.
    await row.getByText('On', { exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'The server could not finish this just now' }).waitFor();
  });

  it('shows the shape of a record while it loads', async () => {
    const page = await signedIn('admin@demo.test');
    const id = await entityIdOf(portal.server.server.database.db, '1234-5678-AC');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/v2/entities/${id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/admin/entities/${id}`);
    const skeleton = page.getByTestId('record-skeleton');
    await skeleton.waitFor();
    await expect(skeleton.getByText('Loading entity…').count()).resolves.toBe(1);
    await shot(page, 'states-record-skeleton', false);
    release();
    await page.getByRole('tab', { name: 'Quote sources' }).waitFor();
    await expect(skeleton.count()).resolves.toBe(0);
  });
});
