import type { Page } from 'playwright-core';
import { businessDaysFromToday } from '../support/businessToday';

// What an agent does on the renters quote journey, in the words of its screens.

// A day N days from today (UTC), as the effective date wants it.
export function daysFromToday(days: number): string {
  return businessDaysFromToday(days);
}

const QUOTE_PATH = /^\/renters\/quotes\/journey\/[0-9a-f-]{36}$/;

// Waits for the journey URL of a saved quote at the step (?step=…).
export async function waitForRentersStep(page: Page, step: string): Promise<void> {
  await page.waitForURL((url) => QUOTE_PATH.test(url.pathname) && url.searchParams.get('step') === step, {
    timeout: 20_000,
  });
}

export async function fillProperty(page: Page): Promise<void> {
  await page.getByLabel('Property street', { exact: true }).fill('200 Congress Ave');
  await page.getByLabel('Property unit', { exact: true }).fill('Apt 12');
  await page.getByLabel('Property city', { exact: true }).fill('Austin');
  await page.getByLabel('Property state', { exact: true }).fill('TX');
  await page.getByLabel('Property zip code', { exact: true }).fill('78701');
  await page.getByLabel('Effective date').fill(daysFromToday(10));
}

export async function fillInterestedParty(page: Page): Promise<void> {
  await page.getByLabel('Add an interested party').check();
  await page.getByLabel('Interested party name').fill('Congress Towers Management');
  await page.getByLabel('Interested party street', { exact: true }).fill('1 Leasing Way');
  await page.getByLabel('Interested party city', { exact: true }).fill('Austin');
  await page.getByLabel('Interested party state', { exact: true }).fill('TX');
  await page.getByLabel('Interested party zip code', { exact: true }).fill('78702');
}

export async function fillCustomer(page: Page, first: string, last: string): Promise<void> {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  // One e-mail per name: the same customer cannot buy twice for the same address and days.
  await page.getByLabel('E-mail').fill(`${first}.${last}@example.test`.toLowerCase());
  await page.getByLabel('Primary phone', { exact: true }).fill('(512) 555-0142');
}

export async function fillRentersCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
}

export async function acceptTermsAndBuy(page: Page): Promise<void> {
  await page.getByLabel(/I have read the policy terms/).check();
  await page.getByRole('button', { name: /^Purchase for \$/ }).click();
}

// Signed in, a new quote walked to the review step, paying by the card given.
export async function rentersQuoteToReview(page: Page, card: string, last: string): Promise<void> {
  await page.goto('/renters/quotes/journey-start');
  await page.getByRole('form', { name: 'Property' }).waitFor();
  await fillProperty(page);
  await page.getByRole('button', { name: 'Continue to coverage' }).click();
  await waitForRentersStep(page, 'coverage');
  await page.getByRole('form', { name: 'Coverage' }).waitFor();
  await page.getByRole('button', { name: 'Price and continue to customer' }).click();
  await waitForRentersStep(page, 'customer');
  await fillCustomer(page, 'Grace', last);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await waitForRentersStep(page, 'payment');
  await fillRentersCard(page, card);
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await waitForRentersStep(page, 'review');
}
