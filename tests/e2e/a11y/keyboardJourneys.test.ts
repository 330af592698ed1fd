import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AGENT } from '../../support/personas';
import { DEMO_PASSWORD } from '../browser';
import { portalSuite } from '../portalSession';
import {
  activate,
  chooseOption,
  chooseRadio,
  expectFocus,
  focused,
  pickFromList,
  tabTo,
  tick,
  typeInto,
} from './keyboard';
import { businessDaysFromToday } from '../../support/businessToday';

// Both quote journeys bought from start to finish with the keyboard alone: Tab and Shift+Tab to move,
// typing, the arrow keys in lists and radio groups, Space to tick, Enter to press. The page is never
// clicked, no field is filled by the test: where focus goes is read from the accessibility tree.
const portal = portalSuite({ width: 1280, height: 900 });

let serial = 0;
const unique = () => `${Date.now() % 1_000_000}${(serial += 1)}`.padStart(7, '0').slice(-7);

async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('main h1').waitFor();
  await typeInto(page, 'Email', AGENT);
  await typeInto(page, 'Password', DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  // Sign-in is a navigation: focus lands on the new screen's heading.
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectFocus(page, { role: 'heading', name: /^Welcome/ }, 'after signing in');
}

// The next step's screen announces itself: focus is on its heading.
async function expectStep(page: Page, path: RegExp, heading: string | RegExp): Promise<void> {
  await page.waitForURL((url) => path.test(url.pathname + url.search), { timeout: 20_000 });
  await expectFocus(page, { role: 'heading', name: heading }, `on ${path}`);
}

// A native date field takes its digits segment by segment: month, day, year.
async function typeDate(page: Page, label: string, isoDay: string): Promise<void> {
  const [year, month, day] = isoDay.split('-');
  await tabTo(page, { role: 'textbox', name: label });
  await page.keyboard.type(`${month}${day}${year}`);
}

const inDays = (days: number) => businessDaysFromToday(days);

describe('the quote journeys by keyboard alone', () => {
  it('buys a pet policy: start, rating info, underwriting, coverage, checkout by card, thank you', async () => {
    const page = await portal.freshPage();
    await signInByKeyboard(page);
    const tag = unique();

    // From the start page's areas to the journey.
    await activate(page, 'link', /^New Quote/);
    await expectStep(page, /^\/quotes\/journey$/, 'New quote');

    await typeInto(page, 'First name', 'Keyboard');
    await typeInto(page, 'Last name', `Tester${tag}`);
    await typeInto(page, 'E-mail', `keyboard.${tag}@example.test`);
    await typeInto(page, 'Phone', `512${tag}`);
    await typeInto(page, 'Street', '1 Congress Ave');
    await typeInto(page, 'City', 'Austin');
    await typeInto(page, 'Zip code', '78701');
    await activate(page, 'button', 'Continue to rating info');
    await expectStep(page, /^\/quotes\/journey\/rating-info/, 'Rating information');

    await typeInto(page, 'Name', 'Rex');
    await chooseOption(page, 'Species', 'Dog');
    await pickFromList(page, 'Breed', 'Beag', 'Beagle');
    await typeInto(page, 'Age (years)', '3');
    await chooseOption(page, 'Gender', 'Male');
    await activate(page, 'button', 'Rate and continue');
    await expectStep(page, /^\/quotes\/journey\/underwriting-questions\//, 'Underwriting questions');

    // "No" to every question, each its own radio group.
    const questions = await page.getByRole('radiogroup').count();
    expect(questions).toBeGreaterThan(0);
    for (let i = 0; i < questions; i += 1) await chooseRadio(page, 'No', ['Yes', 'No']);
    await activate(page, 'button', 'Save answers');
    await expectStep(page, /^\/quotes\/journey\/coverage\//, 'Coverage');

    await page.getByTestId('total-monthly').filter({ hasText: '$' }).waitFor();
    await activate(page, 'button', 'Continue to checkout');
    await expectStep(page, /^\/quotes\/journey\/checkout\//, 'Checkout');

    // A purchase without the consents is refused on the spot, and focus goes to what is missing.
    await activate(page, 'button', 'Purchase');
    await expect.poll(async () => (await focused(page)).name, { timeout: 10_000 }).not.toBe('Purchase');
    const refused = await focused(page);
    expect(`${refused.role} ${refused.state}`, 'focus on an invalid field').toMatch(/invalid/);

    await chooseRadio(page, 'Monthly', ['Monthly', 'Annual']);
    await chooseRadio(page, 'Card', ['Card', 'Bank account']);
    await typeInto(page, 'Card number', '4242 4242 4242 4242');
    await typeInto(page, 'Expiry (MM/YY)', '12/30');
    await typeInto(page, 'CVC', '123');
    await tick(page, 'The customer consents to electronic delivery of documents');
    await tick(page, 'The customer accepts the terms and conditions');
    await activate(page, 'button', 'Purchase');
    await expectStep(page, /^\/quotes\/journey\/thank-you\//, 'Thank you');
    await page.getByTestId('policy-number').first().waitFor();
    await page.screenshot({ path: 'tests/e2e/screenshots/keyboard-pet-thank-you.png' });
  });

  it('buys a renters policy: property, coverage, customer, payment, review, purchased', async () => {
    const page = await portal.freshPage();
    await signInByKeyboard(page);
    const tag = unique();

    await activate(page, 'link', /^New Quote\s*Renters/);
    await expectStep(page, /^\/renters\/quotes\/journey-start$/, 'New renters quote');

    await typeInto(page, 'Property street', '200 Congress Ave');
    await typeInto(page, 'Property unit', 'Apt 12');
    await typeInto(page, 'Property city', 'Austin');
    await typeInto(page, 'Property state', 'TX');
    await typeInto(page, 'Property zip code', '78701');
    await typeDate(page, 'Effective date', inDays(10));
    await activate(page, 'button', 'Continue to coverage');
    await expectStep(page, /step=coverage/, 'Coverage');

    await activate(page, 'button', 'Price and continue to customer');
    await expectStep(page, /step=customer/, 'Customer and contacts');

    await typeInto(page, 'First name', 'Grace');
    await typeInto(page, 'Last name', `Keyboard${tag}`);
    await typeInto(page, 'E-mail', `grace.${tag}@example.test`);
    await typeInto(page, 'Primary phone', `(512) 555-${tag.slice(-4)}`);
    await activate(page, 'button', 'Continue to payment');
    await expectStep(page, /step=payment/, 'Payment method');

    await chooseRadio(page, 'Card', ['Card', 'Bank account']);
    await typeInto(page, 'Card number', '4242424242424242');
    await typeInto(page, 'Expiry (MM/YY)', '12/30');
    await typeInto(page, 'CVC', '123');
    await activate(page, 'button', 'Continue to review');
    await expectStep(page, /step=review/, 'Review and purchase');

    await tick(page, /^I have read the policy terms/);
    await activate(page, 'button', /^Purchase for \$/);
    await expectStep(page, /step=purchased/, 'Policy purchased');
    await page.screenshot({ path: 'tests/e2e/screenshots/keyboard-renters-purchased.png' });
  });
});
