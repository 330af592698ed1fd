import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock, addDays, addMonths, businessDate, formatBusinessDate } from '../../src/calendar';
import type { Db } from '../../src/server/store/db';
import { runDatedWorkOn } from '../support/billingDays';
import { AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { startTestServer, type TestServer } from '../support/testServer';
import { SCREENSHOTS, launchBrowser } from './browser';
import { openTab } from './policyViewPage';
import { signedInAt } from './quoteJourneyPage';
import { openRentersTab, rentersPolicyPath } from './rentersPolicyPage';

// Pay now takes a new card typed on screen, on both lines, and staff change a pet policy's card without a
// payment (docs/billing.md "On screen"). A renters policy lapsed for non-payment on a declining card is
// reinstated by a good card given in the Pay now dialog, which is then the card on file; a pet policy's
// declined instalment is paid with a new card after the card on file declines again in the dialog.
describe('Pay now with a new card, and a pet policy’s card changed', () => {
  const clock = new MovableClock(new Date());
  const today = businessDate(clock.now());
  const petDue = addMonths(today, 1);
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let pepper: IssuedPolicy;
  let olive: IssuedPolicy;
  const db = (): Db => server.server.database.db;

  // The card on file stops working: the token billing charges now declines.
  const declining = async (line: 'pet' | 'renters', policyNumber: string) => {
    const account = await db()
      .selectFrom('billing_accounts')
      .select('token')
      .where('line', '=', line)
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('payment_tokens')
      .set({ behaviour: 'card_declined' })
      .where('token', '=', account.token!)
      .execute();
  };
  const billingOf = (page: Page) => page.getByRole('region', { name: 'Billing', exact: true });
  const paymentMethodFact = async (section: Locator) =>
    (await section.innerText()).match(/Payment method\s+(.+)/i)?.[1]?.trim();
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
  const fillCard = async (dialog: Locator, number: string) => {
    await dialog.getByLabel('Card number').fill(number);
    await dialog.getByLabel('Expiry (MM/YY)').fill('11/30');
    await dialog.getByLabel('CVC').fill('321');
    await dialog.getByLabel('Billing zip').fill('78701');
    await dialog.getByLabel('Name on card').fill('Grace Hopper');
  };
  const openPage = async (email: string, path: string): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
    await signedInAt(page, email, path);
    return page;
  };
  const petPayments = async (policy: IssuedPolicy): Promise<Page> => {
    const page = await openPage(AGENT, `/policies/${policy.matterId}`);
    await page.getByRole('heading', { name: `Policy ${policy.policyNumber}` }).waitFor();
    await openTab(page, 'Payments');
    await page.getByRole('table', { name: 'Billing schedule' }).waitFor();
    return page;
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

  it('changes a pet policy’s card without taking a payment', async () => {
    const page = await petPayments(olive);
    const section = billingOf(page);
    await expect(paymentMethodFact(section)).resolves.toBe('Card ending 4242');
    const collectedBefore = (await section.innerText()).match(/Collected\s+(\$[\d,.]+)/i)?.[1];
    // Nothing is due, so no Pay now; the card can be changed all the same.
    await expect(section.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
    await section.getByRole('button', { name: 'Change card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change card' });
    await expect(dialog.innerText()).resolves.toContain('nothing is charged now');
    await fillCard(dialog, '5555 5555 5555 4444');
    await shot(page, 'pay-now-1-change-card');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByRole('status').getByText('The card on file is now Card ending 4444.').waitFor();
    await expect(paymentMethodFact(section)).resolves.toBe('Card ending 4444');
    expect((await section.innerText()).match(/Collected\s+(\$[\d,.]+)/i)?.[1]).toBe(collectedBefore);
    const account = await db()
      .selectFrom('billing_accounts')
      .select(['token', 'last4'])
      .where('line', '=', 'pet')
      .where('policy_number', '=', olive.policyNumber)
      .executeTakeFirstOrThrow();
    expect(account.last4).toBe('4444');
    const charges = await db()
      .selectFrom('payment_charges')
      .select('idempotency_key')
      .where('token', '=', account.token!)
      .execute();
    expect(charges).toEqual([]);
  });

  it('pays a pet policy’s declined instalment with a new card after the card on file declines again', async () => {
    await declining('pet', pepper.policyNumber);
    await runDatedWorkOn(db(), clock, petDue);
    const page = await petPayments(pepper);
    const section = billingOf(page);
    await section.getByText(`Past due since ${formatBusinessDate(petDue)}`).waitFor();

    await section.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay now' });
    const charge = dialog.getByRole('button', { name: /^Charge \$/ });
    const amount = (await charge.innerText()).replace('Charge ', '');
    const said = await dialog.innerText();
    expect(said).toContain(`${amount} is due by ${formatBusinessDate(petDue)}`);
    expect(said).toContain('It is charged now to Card ending 4242.');
    await expect(dialog.getByLabel('Card on file (••4242)').isChecked()).resolves.toBe(true);
    await shot(page, 'pay-now-2-pet-dialog');

    // The card on file declines: the reason is said in the dialog, which stays open for another card.
    await charge.click();
    await dialog.getByRole('alert').getByText('The payment was declined.').waitFor();
    await shot(page, 'pay-now-3-pet-declined');
    await dialog.getByLabel('A new card').check();
    await fillCard(dialog, '5555 5555 5555 4444');
    await expect(dialog.innerText()).resolves.toContain('It is charged now to the new card');
    await shot(page, 'pay-now-4-pet-new-card');
    await charge.click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByRole('status').getByText('Collected 1 instalment.').waitFor();
    await expect(section.getByText('Past due since').count()).resolves.toBe(0);
    await expect(paymentMethodFact(section)).resolves.toBe('Card ending 4444');
  });

  it('reinstates a renters policy lapsed for non-payment with a new card typed in Pay now', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate: businessDate(clock.now()) });
    const issued = await issuePaidRentersPolicy(db(), issue);
    const { customer_id: customerId } = await db()
      .selectFrom('renters_policies')
      .select('customer_id')
      .where('policy_number', '=', issued.policyNumber)
      .executeTakeFirstOrThrow();
    await declining('renters', issued.policyNumber);
    // The run declines the bill and its three retries; thirty days after the missed due date it lapses.
    const due = issue.nextBill!.dueDate;
    for (const offset of [0, 3, 7, 14, 30]) await runDatedWorkOn(db(), clock, addDays(due, offset));

    const policy = { customerId, matterId: issued.matterId, policyNumber: issued.policyNumber };
    const page = await openPage(INTERNAL, rentersPolicyPath(policy));
    await page.getByRole('heading', { name: `Policy ${policy.policyNumber}` }).waitFor();
    await openRentersTab(page, 'Payments');
    const section = billingOf(page);
    await section.getByText(/^Lapsed on .+ to reinstate$/).waitFor();
    await expect(paymentMethodFact(section)).resolves.toBe('Card ending 4242');

    await section.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay now' });
    await expect(dialog.innerText()).resolves.toContain('Paid in full, the policy is reinstated.');
    await dialog.getByLabel('A new card').check();
    const charge = dialog.getByRole('button', { name: /^Charge \$/ });

    // A number the payment service refuses is marked beside its field; nothing is charged.
    await fillCard(dialog, '4242 4242 4242 4241');
    await charge.click();
    await dialog.getByText('Check the card details marked below.').waitFor();
    await expect(dialog.getByLabel('Card number').getAttribute('aria-invalid')).resolves.toBe('true');
    await shot(page, 'pay-now-5-renters-field-error');

    // A card with no money declines, and the dialog says so without the service's reason (docs/security.md
    // "Limits on abuse": the reason stays on the payment record), so another card can be tried.
    await dialog.getByLabel('Card number').fill('4000 0000 0000 9995');
    await charge.click();
    await dialog.getByRole('alert').getByText('The payment was declined.').waitFor();
    await expect(dialog.innerText()).resolves.not.toContain('insufficient funds');
    await shot(page, 'pay-now-6-renters-declined');

    await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
    await charge.click();
    await dialog.waitFor({ state: 'hidden' });
    await section
      .getByRole('status')
      .getByText(/Collected \d+ instalments?\. The policy is reinstated\./)
      .waitFor();
    await expect(section.getByText('Lapsed on').count()).resolves.toBe(0);
    await expect(paymentMethodFact(section)).resolves.toBe('Card ending 4444');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/pay-now-7-renters-reinstated.png`, fullPage: true });

    // The card that paid is the customer's primary method, which the policy's payment method panel names.
    const panel = page.getByRole('region', { name: 'Payment method' });
    await panel.getByTestId('renters-payment-method').getByText('Card •••• 4444').waitFor();
    const primary = await db()
      .selectFrom('renters_payment_methods')
      .select('last4')
      .where('customer_id', '=', customerId)
      .where('is_primary', '=', true)
      .execute();
    expect(primary.map((m) => m.last4)).toEqual(['4444']);
  });
});
