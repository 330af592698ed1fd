import { describe, expect, it } from 'vitest';
import { readMenu } from './portalPage';
import { portalSuite } from './portalSession';
import {
  acceptTermsAndBuy,
  fillCustomer,
  fillInterestedParty,
  fillProperty,
  fillRentersCard,
  rentersQuoteToReview,
  waitForRentersStep,
} from './rentersJourneyPage';

// The renters quote journey (SPEC §2/§3 "Renters") driven through the portal: an external agent quotes and
// buys a Texas renters policy, with a screenshot of every step.
const portal = portalSuite({ width: 1366, height: 1400 });
const { shot } = portal;

const signedIn = (email = 'agent@demo.test') => portal.signedIn(email);

describe('renters quote journey', () => {
  it('quotes and buys a TX renters policy by card and shows its policy number', async () => {
    const page = await signedIn();
    // renters_qt_create: the agent's menu offers a new renters quote, and its screen opens.
    expect(await readMenu(page)).toContain('Renters Insurance: New Quote');
    await page.goto('/renters/quotes/journey-start');
    await page.getByRole('form', { name: 'Property' }).waitFor();

    // The start step's messages come from the server, beside their fields.
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    await page.locator('[data-field-errors="property.zip_code"]').waitFor();
    await fillProperty(page);
    await fillInterestedParty(page);
    await shot(page, 'renters-1-start', false);
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    await waitForRentersStep(page, 'coverage');

    // Coverage: the state's allowed options; a range refused by the server shows beside its field.
    const form = page.getByRole('form', { name: 'Coverage' });
    await form.waitFor();
    await page.getByLabel('Contents coverage').fill('5');
    await page.getByRole('button', { name: 'Price and continue to customer' }).click();
    const refused = page.locator('[data-field-errors="coverage.contents.amount"]');
    await refused.waitFor();
    await expect(refused.innerText()).resolves.toMatch(/contents/i);
    await shot(page, 'renters-2-coverage-422', false);
    // Back to the start step (the journey allows it from coverage): the property stays as given.
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForRentersStep(page, 'start');
    await expect(page.getByLabel('Property zip code', { exact: true }).inputValue()).resolves.toBe('78701');
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    await waitForRentersStep(page, 'coverage');
    await form.waitFor();
    await page.getByLabel('Contents coverage').fill('20000');
    await page.getByLabel('Term interval').selectOption('monthly');
    await page.getByRole('button', { name: 'Price and continue to customer' }).click();
    await waitForRentersStep(page, 'customer');

    // The coverage answer's price: premium, taxes, fees, total and the twelve monthly payments.
    await page.getByTestId('premium-total').waitFor();
    await expect(
      page.getByRole('table', { name: 'Payment schedule' }).locator('tbody tr').count(),
    ).resolves.toBe(12);
    await fillCustomer(page, 'Grace', 'Hopper');
    await shot(page, 'renters-3-customer', false);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForRentersStep(page, 'payment');

    await fillRentersCard(page, '4242 4242 4242 4242');
    await shot(page, 'renters-4-payment', false);
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await waitForRentersStep(page, 'review');
    await expect(page.getByTestId('payment-method').innerText()).resolves.toContain('4242');
    await shot(page, 'renters-5-review', false);

    await acceptTermsAndBuy(page);
    await waitForRentersStep(page, 'purchased');
    const policyNumber = (await page.getByTestId('policy-number').innerText()).trim();
    expect(policyNumber).not.toBe('');
    await expect(page.getByTestId('policy-status').innerText()).resolves.toBe('Active');
    // An agent without the renters policy privilege is shown the number, not a link it could not follow.
    await expect(page.getByRole('link', { name: `Open policy ${policyNumber}` }).count()).resolves.toBe(0);
    await expect(page.getByTestId('next-bill').innerText()).resolves.toContain('$');
    await shot(page, 'renters-6-purchased', false);
  });

  it('shows a declined card on review and buys on retry with another card', async () => {
    const page = await signedIn();
    await rentersQuoteToReview(page, '4000 0000 0000 0002', 'Declined');
    await acceptTermsAndBuy(page);
    await page.getByText('The payment did not go through').waitFor({ timeout: 20_000 });
    await expect(page.getByRole('alert').first().innerText()).resolves.toContain('declined');
    await shot(page, 'renters-7-declined', false);

    await page.getByLabel('Use another payment method').check();
    await fillRentersCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await waitForRentersStep(page, 'purchased');
    await expect(page.getByTestId('policy-number').innerText()).resolves.not.toBe('');
    await shot(page, 'renters-8-retried', false);
  });
});
