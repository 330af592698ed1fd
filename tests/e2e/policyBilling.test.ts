import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MovableClock,
  addMonths,
  businessDate,
  fixedClock,
  formatBusinessDate,
  startOfBusinessDay,
} from '../../src/calendar';
import { runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { AGENT } from '../support/personas';
import { purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { startTestServer, type TestServer } from '../support/testServer';
import { SCREENSHOTS, launchBrowser } from './browser';
import { openTab } from './policyViewPage';
import { signedInAt } from './quoteJourneyPage';

// The billing on a pet policy's Payments tab: a new policy's schedule and next payment, then, with the
// server's clock moved to the day the second instalment falls due, a declined card's policy past due and a
// late payment taken with "Pay now" (declined again on the card on file, then paid once a good card is on
// file).
describe('policy billing on the Payments tab', () => {
  const clock = new MovableClock(new Date());
  const today = businessDate(clock.now());
  const due = addMonths(today, 1);
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let pepper: IssuedPolicy;
  let olive: IssuedPolicy;
  const db = (): Db => server.server.database.db;
  const payments = () => createSandboxPaymentAdapter({ db: db() });

  const cardOnFile = async (policyNumber: string, number: string) => {
    const card = await payments().tokenizeCard({
      number,
      expiryMonth: 12,
      expiryYear: 2031,
      cvc: '123',
      name: 'Pat Payer',
      zip: '78701',
    });
    if (!card.ok) throw new Error('tokenize');
    await db()
      .updateTable('billing_accounts')
      .set({ token: card.payment.token })
      .where('policy_number', '=', policyNumber)
      .execute();
  };
  const billingTab = async (policy: IssuedPolicy): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
    await signedInAt(page, AGENT, `/policies/${policy.matterId}`);
    await page.getByRole('heading', { name: `Policy ${policy.policyNumber}` }).waitFor();
    await openTab(page, 'Payments');
    await page.getByRole('table', { name: 'Billing schedule' }).waitFor();
    return page;
  };
  const billing = (page: Page) => page.getByRole('region', { name: 'Billing', exact: true });
  // Full page, so the whole schedule shows, taken from the top (a scrolled full-page shot misplaces the
  // sticky header).
  const shot = async (page: Page, name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startTestServer('pglite', {}, { clock });
    browser = await launchBrowser();
    [pepper, olive] = (await purchasePolicies(server, { petNames: ['Pepper', 'Olive'] })).policies as [
      IssuedPolicy,
      IssuedPolicy,
    ];
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  it('shows a new policy’s schedule, the down payment paid and the next instalment a month on', async () => {
    const page = await billingTab(pepper);
    const section = billing(page);
    const text = await section.innerText();
    expect(text).toMatch(new RegExp(`Next payment ${formatBusinessDate(due)} — \\$[\\d,]+\\.\\d{2}`));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const rows = section.getByRole('table', { name: 'Billing schedule' }).locator('tbody tr');
    await expect(rows.count()).resolves.toBe(12);
    await expect(rows.nth(0).innerText()).resolves.toContain(`Paid ${formatBusinessDate(today)}`);
    await expect(rows.nth(1).innerText()).resolves.toContain('Scheduled');
    // Nothing is owed today: no Pay now.
    await expect(section.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
    await shot(page, 'billing-1-new-policy');
  });

  it('takes a late payment of a declined instalment with Pay now', async () => {
    await cardOnFile(olive.policyNumber, '4000000000000002');
    clock.set(new Date(startOfBusinessDay(due).getTime() + 10 * 3_600_000));
    await runBillingDay({
      db: db(),
      payments: payments(),
      clock: fixedClock(startOfBusinessDay(due)),
      businessDate: due,
    });

    const page = await billingTab(olive);
    const section = billing(page);
    await section.getByText(`Past due since ${formatBusinessDate(due)}`).waitFor();
    await section.getByText('The payment was declined.', { exact: false }).first().waitFor();
    await shot(page, 'billing-2-past-due');

    // The card on file declines again: the dialog says so and stays open for another card, and the tab
    // says so once it is closed.
    await section.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay now' });
    const amount = (await dialog.getByRole('button', { name: /^Charge \$/ }).innerText()).replace(
      'Charge ',
      '',
    );
    await expect(dialog.innerText()).resolves.toContain(`${amount} is due by ${formatBusinessDate(due)}`);
    await shot(page, 'billing-3-confirm');
    await dialog.getByRole('button', { name: /^Charge \$/ }).click();
    await dialog.getByRole('alert').getByText('The payment was declined.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByRole('alert').getByText('The payment was declined.', { exact: true }).waitFor();
    await shot(page, 'billing-4-declined');

    // With a good card on file, the payment is taken and the account is current again.
    await cardOnFile(olive.policyNumber, '4242424242424242');
    await section.getByRole('button', { name: 'Pay now' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Charge ${amount}` })
      .click();
    await section.getByRole('status').getByText('Collected 1 instalment.').waitFor();
    await expect(section.getByText('Past due since').count()).resolves.toBe(0);
    await expect(section.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
    const second = section.getByRole('table', { name: 'Billing schedule' }).locator('tbody tr').nth(1);
    await expect(second.innerText()).resolves.toContain(`Paid ${formatBusinessDate(due)}`);
    await shot(page, 'billing-5-paid');
  });
});
