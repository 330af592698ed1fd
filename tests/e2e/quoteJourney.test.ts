import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { portalSuite } from './portalSession';
import { waitForPath } from './portalPage';
import {
  REX,
  quoteToCheckout,
  quoteToCoverage,
  TOM,
  acceptConsents,
  answerQuestions,
  fillBank,
  fillCard,
  fillStart,
  newCustomer,
  policyNumbers,
  ratePets,
  signedInAt,
  uuidOf,
  waitForStep,
  waitForTotals,
} from './quoteJourneyPage';

// The pet quote journey (SPEC §2/§4) driven through the portal as agents use it, from the start screen to
// issued policies, with a screenshot of every step.
// Tall enough for the longest step, so shots are taken at viewport size (full-page shots misplace the header).
const portal = portalSuite({ width: 1366, height: 1500 });
const { freshPage, shot } = portal;

// The annual total on the coverage screen, e.g. "$978.68".
async function annualTotal(page: Page): Promise<string> {
  return (await page.getByTestId('total-annual').innerText()).split(/\s/)[0]!;
}
// "Illness cover from Dec 21, 2026 (14-day waiting period)".
const COVER_FROM = (category: string, period: string) =>
  new RegExp(`^${category} cover from [A-Z][a-z]{2} \\d{1,2}, \\d{4} \\(${period}\\)$`);
const dollars = (text: string): number => Number(text.replace(/[$,]/g, ''));

describe('pet quote journey', () => {
  it('takes an external agent from a new two-pet quote to two policies paid by card', async () => {
    const page = await freshPage();
    await signedInAt(page, 'agent@demo.test', '/quotes/journey');
    const customer = newCustomer('Ada', 'Lovelace');

    // The start step checks before moving on: an agent of one agency has nobody else to quote for.
    await page.getByRole('form', { name: 'Start the quote' }).waitFor();
    await expect(page.getByLabel('Quote for').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Continue to rating info' }).click();
    await page.locator('[data-field-errors="zip"]').waitFor();
    await fillStart(page, customer);
    await page.getByLabel('Phone').fill('555');
    await page.getByRole('button', { name: 'Continue to rating info' }).click();
    await page.locator('[data-field-errors="customer.phone"]').waitFor();
    await shot(page, 'journey-1-start-invalid', false);
    await page.getByLabel('Phone').fill(customer.phone);
    await expect(page.locator('[data-field-errors]').count()).resolves.toBe(0);
    await expect(
      page.getByRole('navigation', { name: 'Quote progress' }).locator('[aria-current="step"]').innerText(),
    ).resolves.toContain('Start');
    await shot(page, 'journey-1-start', false);
    await page.getByRole('button', { name: 'Continue to rating info' }).click();
    await waitForPath(page, '/quotes/journey/rating-info');

    // A business refusal of the rating engine is shown as it comes, and nothing is created.
    await ratePets(page, [{ ...REX, age: '25' }, TOM]);
    await page.getByRole('button', { name: 'Rate and continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'cannot be enrolled' }).waitFor();
    await shot(page, 'journey-2-rating-refused', false);
    await page.getByRole('group', { name: 'Pet 1' }).getByLabel('Age (years)').fill(REX.age);
    await shot(page, 'journey-2-rating-info', false);
    await page.getByRole('button', { name: 'Rate and continue' }).click();
    await waitForStep(page, 'underwriting-questions');

    await answerQuestions(page, [REX, TOM]);
    await shot(page, 'journey-3-underwriting', false);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await waitForStep(page, 'coverage');

    // The premium follows the choices.
    await waitForTotals(page);
    const before = await page.getByTestId('total-monthly').innerText();
    const rex = page.getByRole('group', { name: 'Rex' });
    // Under each pet, the day each category's cover starts after its waiting period (docs/rating.md).
    await expect(
      rex.getByRole('list', { name: "When Rex's cover starts" }).getByRole('listitem').allInnerTexts(),
    ).resolves.toEqual([
      expect.stringMatching(COVER_FROM('Illness', '14-day waiting period')),
      expect.stringMatching(COVER_FROM('Accident', '2-day waiting period')),
      expect.stringMatching(COVER_FROM('Knee ligament', '6-month waiting period')),
      expect.stringMatching(COVER_FROM('Wellness', 'no waiting period')),
    ]);
    await rex.getByLabel('Deductible').selectOption({ label: '$100.00' });
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="total-monthly"]')?.textContent !== old,
      before,
    );
    await expect(page.getByTestId('total-monthly').innerText()).resolves.toMatch(
      /^\$\d{1,3}(,\d{3})*\.\d{2}/,
    );
    await page.getByRole('group', { name: 'Tom' }).getByLabel('Wellness').selectOption({ index: 1 });
    await page.getByRole('group', { name: 'Tom' }).getByLabel('Cover exam fees').check();
    // An unknown discount code is refused under the code; the plans stay priced without it, and the quote
    // cannot go on with it.
    await page.getByLabel('Discount code').fill('NOSUCHCODE');
    await page.getByText('This discount code is not valid.').waitFor();
    await waitForTotals(page);
    const undiscounted = await annualTotal(page);
    await expect(page.getByRole('button', { name: 'Continue to checkout' }).isDisabled()).resolves.toBe(true);
    // A valid code lowers the premium, and checkout offers what coverage showed.
    await page.getByLabel('Discount code').fill('WELCOME10');
    await page.getByText('This discount code is not valid.').waitFor({ state: 'detached' });
    await page.waitForFunction((before) => {
      const now = document.querySelector('[data-testid="total-annual"]')?.textContent ?? '';
      return now.startsWith('$') && !now.startsWith(before);
    }, undiscounted);
    const discounted = await annualTotal(page);
    expect(dollars(discounted)).toBeLessThan(dollars(undiscounted));
    await shot(page, 'journey-4-coverage', false);
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await waitForStep(page, 'checkout');

    await page.getByRole('form', { name: 'Checkout' }).waitFor();
    await expect(page.getByLabel('Zip code').inputValue()).resolves.toBe('78701');
    // Checkout repeats, per pet, when each category's cover starts.
    for (const name of ['Rex', 'Tom']) {
      await expect(
        page
          .getByRole('list', { name: `When ${name}'s cover starts` })
          .getByRole('listitem')
          .first()
          .innerText(),
      ).resolves.toMatch(COVER_FROM('Illness', '14-day waiting period'));
    }
    await expect(page.getByLabel('State').inputValue()).resolves.toBe('TX');
    const annual = page.getByRole('radio', { name: /^Annual/ });
    await expect(annual.locator('xpath=ancestor::label').innerText()).resolves.toContain(
      `${discounted} today`,
    );
    await annual.check();
    await fillCard(page, { number: '4242 4242 4242 4242' });
    await acceptConsents(page);
    await shot(page, 'journey-5-checkout', false);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await waitForStep(page, 'thank-you');

    const numbers = await policyNumbers(page);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    await page.getByText('Card ending 4242').waitFor();
    await shot(page, 'journey-6-thank-you', false);

    // The receipt is a real file, fetched with the session's token.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download receipt for ${numbers[0]}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'New quote' }).getAttribute('href')).resolves.toBe(
      '/quotes/journey',
    );
    await expect(main.getByRole('link', { name: 'Quotes', exact: true }).getAttribute('href')).resolves.toBe(
      '/quotes',
    );
    // Each policy number opens the policy it names, with the plan by its name beside it.
    await expect(main.getByRole('cell', { name: /Accident & Illness/ }).count()).resolves.toBe(2);
    await main.getByRole('link', { name: `Open policy ${numbers[0]}` }).click();
    await page.getByRole('heading', { name: `Policy ${numbers[0]}` }).waitFor();
  });

  it('lets an internal agent quote for an agency and pay by bank account', async () => {
    const page = await freshPage();
    await signedInAt(page, 'internal@demo.test', '/quotes/journey');
    await page.getByRole('form', { name: 'Start the quote' }).waitFor();
    await page.getByLabel('Quote for').fill('Lake');
    await page.getByRole('option', { name: /Lakeside/ }).waitFor();
    await shot(page, 'journey-start-agency', false);
    await page.keyboard.press('Escape');
    await quoteToCheckout(page, newCustomer('Grace', 'Hopper'), [REX, TOM], 'Lakeside');
    await page.getByText('for 2345-6789-CD').waitFor();
    await page.getByRole('radio', { name: /^Monthly/ }).check();
    await fillBank(page, '021000021', '000123456789');
    await acceptConsents(page);
    await shot(page, 'journey-bank-checkout', false);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await waitForStep(page, 'thank-you');
    expect(await policyNumbers(page)).toHaveLength(2);
    await page.getByText('Bank account ending 6789').waitFor();
    await page.getByText('for 2345-6789-CD').waitFor();
    await shot(page, 'journey-bank-thank-you', false);
  });

  it('shows a declined card and takes the payment again with another card', async () => {
    const page = await freshPage();
    await signedInAt(page, 'agent@demo.test', '/quotes/journey');
    await quoteToCheckout(page, newCustomer('Alan', 'Turing'), [REX]);
    await fillCard(page, { number: '4000 0000 0000 0002' });
    await acceptConsents(page);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByText('Payment declined', { exact: true }).waitFor();
    // Still on checkout, which shows the failed payment.
    await waitForStep(page, 'checkout');
    await shot(page, 'journey-payment-failed', false);

    await page.getByRole('radio', { name: 'Another card or bank account' }).check();
    await fillCard(page, { number: '4242 4242 4242 4242' });
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await waitForStep(page, 'thank-you');
    expect(await policyNumbers(page)).toHaveLength(1);
  });

  it('names a declined pet and goes on without it once removed', async () => {
    const page = await freshPage();
    await signedInAt(page, 'agent@demo.test', '/quotes/journey');
    await fillStart(page, newCustomer('Mary', 'Shelley'));
    await page.getByRole('button', { name: 'Continue to rating info' }).click();
    await ratePets(page, [REX, TOM]);
    await page.getByRole('button', { name: 'Rate and continue' }).click();
    await waitForStep(page, 'underwriting-questions');
    await answerQuestions(page, [REX, TOM], ['Tom']);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await page.getByText('Not every pet can be insured').waitFor();
    await waitForStep(page, 'underwriting-questions');
    await shot(page, 'journey-declined', false);

    await page.getByRole('button', { name: 'Remove Tom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Tom from the quote?' });
    const confirm = dialog.getByRole('button', { name: 'Remove Tom' });
    await confirm.waitFor();
    await shot(page, 'journey-declined-confirm', false);
    await confirm.click();
    await waitForStep(page, 'coverage');
    await waitForTotals(page);
    await expect(page.getByRole('group', { name: 'Rex' }).count()).resolves.toBe(1);
    await expect(page.getByRole('group', { name: 'Tom' }).count()).resolves.toBe(0);
  });

  it('resumes a quote at its step from an old URL, and re-rates after going back', async () => {
    const page = await freshPage();
    await signedInAt(page, 'agent@demo.test', '/quotes/journey');
    await quoteToCoverage(page, newCustomer('Emmy', 'Noether'), [REX]);
    const uuid = uuidOf(page);

    // A bookmark of an earlier step lands where the quote is, in a new tab too.
    await page.goto(`/quotes/journey/rating-info/${uuid}`);
    await waitForStep(page, 'coverage');
    const other = await freshPage();
    await signedInAt(other, 'agent@demo.test', `/quotes/journey/checkout/${uuid}`);
    await waitForStep(other, 'coverage');
    await waitForTotals(other);

    // Back twice, to rating info, where the pets can be changed and the quote is rated again.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitForStep(page, 'underwriting-questions');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await waitForStep(page, 'rating-info');
    await page.getByRole('form', { name: 'Rating information' }).waitFor();
    await expect(page.getByRole('button', { name: 'Back', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('group', { name: 'Pet 1' }).getByLabel('Age (years)').fill('4');
    await page.getByLabel('City').fill('Round Rock');
    await shot(page, 'journey-rerate', false);
    await page.getByRole('button', { name: 'Rate and continue' }).click();
    await waitForStep(page, 'underwriting-questions');
    expect(uuidOf(page)).toBe(uuid);
    await page.getByText('Dog, 4 years').waitFor();
    await page.getByText('Emmy Noether · Round Rock, TX 78701').waitFor();

    // The other tab's quote moved on: its write is refused as stale and the quote reloaded.
    await other.getByRole('button', { name: 'Continue to checkout' }).click();
    await waitForStep(other, 'underwriting-questions');
    await other.getByText('The quote changed').waitFor();
    await shot(other, 'journey-stale-reloaded', false);
  });

  it('stops at the fraud warning until the agent acknowledges it', async () => {
    const page = await freshPage();
    await signedInAt(page, 'agent@demo.test', '/quotes/journey');
    const customer = { ...newCustomer('Eve', 'Mallory'), email: `eve.${Date.now()}@mailinator.com` };
    await quoteToCheckout(page, customer, [TOM]);
    await fillCard(page, { number: '4242 4242 4242 4242' });
    await acceptConsents(page);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByText('Fraud warning').waitFor();
    await page.getByText('disposable mailbox').waitFor();
    await shot(page, 'journey-fraud-warning', false);
    await page.getByRole('button', { name: 'Acknowledge and continue' }).click();
    await page.getByText('The fraud warning was acknowledged').waitFor();
    await acceptConsents(page);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await waitForStep(page, 'thank-you');
    expect(await policyNumbers(page)).toHaveLength(1);
  });

  it('abandons a flagged quote for good', async () => {
    const page = await freshPage();
    await signedInAt(page, 'agent@demo.test', '/quotes/journey');
    const customer = { ...newCustomer('Oscar', 'Forger'), email: `oscar.${Date.now()}@mailinator.com` };
    await quoteToCheckout(page, customer, [REX]);
    await fillCard(page, { number: '4242 4242 4242 4242' });
    await acceptConsents(page);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByText('Fraud warning').waitFor();
    const uuid = uuidOf(page);
    await page.getByRole('button', { name: 'Abandon quote' }).click();
    const confirm = page.getByRole('dialog', { name: 'Abandon this quote?' }).getByRole('button', {
      name: 'Abandon quote',
    });
    await confirm.waitFor();
    await confirm.click();
    await waitForPath(page, '/quotes');
    // An abandoned quote has no step left to open.
    await page.goto(`/quotes/journey/checkout/${uuid}`);
    await waitForPath(page, '/quotes');
  });

  it('offers an agency manager their agency and those beneath it to quote for', async () => {
    const page = await freshPage();
    await signedInAt(page, 'manager@demo.test', '/quotes/journey');
    await page.getByLabel('Quote for').click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const names = await options.allInnerTexts();
    expect(names.map((n) => n.slice(0, 12)).sort()).toEqual(['1234-5678-AB', '1234-5678-AC', '1234-5679-AD']);
  });
});
