import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { PAYING_CARD } from '../support/rentersQuoteApi';
import { rentersPolicyIn } from '../support/rentersRewriteApi';
import { signIn, waitForPath } from './portalPage';
import { portalSuite } from './portalSession';
import {
  acceptTermsAndBuy,
  daysFromToday,
  fillCustomer,
  fillInterestedParty,
  fillProperty,
  fillRentersCard,
  waitForRentersStep,
} from './rentersJourneyPage';
import { editRentersAddress, openRentersPolicy, rentersCard, scrollToTop } from './rentersPolicyPage';

// The renters line end to end, as internal@ works it in the portal: quote and buy a policy, find it in the
// policy search, change its mailing address and payment method, cancel it (preview, then commit), and
// rewrite it through the journey prefilled from it; the old policy then names the policy that replaced it.
const portal = portalSuite({ width: 1440, height: 1000 });
const { freshPage, shot } = portal;
const LAST = `Story${randomBytes(3).toString('hex')}`;

const policyHeading = (page: Page, policyNumber: string) =>
  page.getByRole('heading', { name: `Policy ${policyNumber}` });

async function bought(page: Page): Promise<string> {
  await waitForRentersStep(page, 'purchased');
  const number = page.getByTestId('policy-number');
  await number.waitFor();
  return (await number.innerText()).trim();
}

describe('the renters story', () => {
  it('quotes, buys, edits, cancels and rewrites a renters policy', { timeout: 240_000 }, async () => {
    const page = await freshPage();
    await page.goto('/login');
    await signIn(page, INTERNAL);
    await waitForPath(page, '/');

    // 1. Quote and buy.
    await page.goto('/renters/quotes/journey-start');
    await page.getByRole('form', { name: 'Property' }).waitFor();
    await fillProperty(page);
    await fillInterestedParty(page);
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    await waitForRentersStep(page, 'coverage');
    await page.getByRole('form', { name: 'Coverage' }).waitFor();
    await page.getByLabel('Contents coverage').fill('20000');
    await page.getByRole('button', { name: 'Price and continue to customer' }).click();
    await waitForRentersStep(page, 'customer');
    await fillCustomer(page, 'Grace', LAST);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForRentersStep(page, 'payment');
    await fillRentersCard(page, PAYING_CARD);
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await waitForRentersStep(page, 'review');
    await acceptTermsAndBuy(page);
    const oldNumber = await bought(page);
    expect(oldNumber).toMatch(/^RNT-TX-\d{8}$/);
    await shot(page, 'renters-story-1-bought');

    // 2. Find it in the policy search and open it.
    await page.goto('/renters/policies');
    await page.getByLabel('Full name').fill(LAST);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByRole('table', { name: 'Renter policies' }).locator('tbody tr');
    await rows.first().getByText(oldNumber).waitFor();
    await rows
      .first()
      .getByRole('link', { name: `Grace ${LAST}` })
      .click();
    await policyHeading(page, oldNumber).waitFor();
    const oldPolicyUrl = new URL(page.url()).pathname;

    // 3. The mailing address.
    await editRentersAddress(page, 'Edit mailing address', {
      line1: '500 Lamar Blvd',
      line2: 'Suite 4',
      city: 'Austin',
      zip: '78703',
    });
    await rentersCard(page, 'Mailing address').getByText('500 Lamar Blvd').waitFor();

    // 4. The payment method.
    const payment = page.getByRole('region', { name: 'Payment method' });
    await payment.getByRole('button', { name: 'Update payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update payment method' });
    await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
    await dialog.getByLabel('Expiry (MM/YY)').fill('11/30');
    await dialog.getByLabel('CVC').fill('321');
    await dialog.getByLabel('Name on card').fill(`Grace ${LAST}`);
    await dialog.getByRole('button', { name: 'Save payment method' }).click();
    await payment.getByText('The payment method is now Card •••• 4444.').waitFor();
    await scrollToTop(page);
    await shot(page, 'renters-story-2-edited');

    // 5. Cancel: preview, then commit.
    await cancelPolicy(page, oldNumber);
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await policyHeading(page, oldNumber).waitFor();
    await scrollToTop(page);
    await shot(page, 'renters-story-3-cancelled');

    // 6. Rewrite: the journey opens prefilled from the cancelled policy, its edits included.
    await page.getByRole('link', { name: 'Rewrite policy' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/renters/quotes/journey-start' && url.searchParams.get('rewriteOf') === oldNumber,
    );
    await page.getByText(`Rewriting ${oldNumber}`).waitFor();
    await expect(page.getByLabel('Property street', { exact: true }).inputValue()).resolves.toBe(
      '200 Congress Ave',
    );
    await expect(page.getByLabel('Interested party name').inputValue()).resolves.toBe(
      'Congress Towers Management',
    );
    // It starts where the flat-cancelled policy's cover ended: its own effective date.
    await expect(page.getByLabel('Effective date').inputValue()).resolves.toBe(daysFromToday(10));
    await shot(page, 'renters-story-4-rewrite-start', false);
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    await waitForRentersStep(page, 'coverage');
    await page.getByRole('form', { name: 'Coverage' }).waitFor();
    await expect(page.getByLabel('Contents coverage').inputValue()).resolves.toBe('20000');
    await page.getByRole('button', { name: 'Price and continue to customer' }).click();
    await waitForRentersStep(page, 'customer');
    await expect(page.getByLabel('Last name').inputValue()).resolves.toBe(LAST);
    await expect(page.getByLabel('Mailing street', { exact: true }).inputValue()).resolves.toBe(
      '500 Lamar Blvd',
    );
    await shot(page, 'renters-story-5-rewrite-customer', false);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForRentersStep(page, 'payment');
    await fillRentersCard(page, PAYING_CARD);
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await waitForRentersStep(page, 'review');
    await acceptTermsAndBuy(page);
    const newNumber = await bought(page);
    expect(newNumber).not.toBe(oldNumber);
    await page.getByText(`This policy replaces ${oldNumber}.`).waitFor();
    await shot(page, 'renters-story-6-rewritten');

    // 7. The old policy names the one that replaced it, and links to it.
    await page.goto(oldPolicyUrl);
    await policyHeading(page, oldNumber).waitFor();
    const link = page.getByRole('link', { name: `Rewritten as ${newNumber}` });
    await link.waitFor();
    await expect(page.getByRole('link', { name: 'Rewrite policy' }).count()).resolves.toBe(0);
    await shot(page, 'renters-story-7-old-policy');
    await link.click();
    await policyHeading(page, newNumber).waitFor();
    await page.getByText(`Replaces ${oldNumber}`).waitFor();
    await shot(page, 'renters-story-8-new-policy', false);
  });

  it('offers no rewrite without the privilege, and says why a policy in force cannot be rewritten', async () => {
    const db = portal.server.server.database.db;
    const policy = await rentersPolicyIn(db, await entityIdOf(db, NORTHWIND_AUSTIN), 'cancelled');
    const page = await freshPage();
    await openRentersPolicy(page, MANAGER, policy);
    // A permission is not a property of the policy: no rewrite link and no "not rewritable" state.
    await page.getByRole('heading', { name: `Policy ${policy.policyNumber}` }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Rewrite policy' }).count()).resolves.toBe(0);
    await expect(page.getByText(/Not rewritable/).count()).resolves.toBe(0);
    await shot(page, 'renters-story-9-manager-no-rewrite', false);

    // A rewrite link for a policy in force opens no journey: the start screen says why.
    const active = await rentersPolicyIn(db, await entityIdOf(db, NORTHWIND_AUSTIN), 'active');
    const internal = await freshPage();
    await internal.goto('/login');
    await signIn(internal, INTERNAL);
    await waitForPath(internal, '/');
    await internal.goto(
      `/renters/quotes/journey-start?rewriteOf=${active.policyNumber}&matterId=${active.matterId}`,
    );
    await internal.getByText(`${active.policyNumber} cannot be rewritten`).waitFor();
    await internal.getByText('Only a cancelled or non-renewing policy can be rewritten.').waitFor();
    await expect(internal.getByRole('form', { name: 'Property' }).count()).resolves.toBe(0);
  });
});

// The cancel dialog of the policy edit screen: a flat cancellation previewed, confirmed, then committed.
async function cancelPolicy(page: Page, policyNumber: string): Promise<void> {
  await page.getByRole('button', { name: 'Cancel policy' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').selectOption('CUSTOMER_REQUEST');
  await dialog.getByLabel('Method').selectOption('FLAT');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('region', { name: 'Preview' }).waitFor();
  await shot(page, 'renters-story-3a-cancel-preview', false);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText(`This will cancel ${policyNumber}`).waitFor();
  await dialog.getByRole('button', { name: 'Commit' }).click();
  await page.getByText(`Done: cancel ${policyNumber}`).waitFor();
}
