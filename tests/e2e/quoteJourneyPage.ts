import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseOption, signIn, waitForPath } from './portalPage';

// The pet quote journey as an agent walks it, in the words of its screens.

export interface JourneyCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface JourneyPet {
  name: string;
  species: 'Dog' | 'Cat';
  breed: string;
  age: string;
  gender: 'Male' | 'Female';
}

export const REX: JourneyPet = {
  name: 'Rex',
  species: 'Dog',
  breed: 'Mixed Breed (Medium)',
  age: '3',
  gender: 'Male',
};
export const TOM: JourneyPet = {
  name: 'Tom',
  species: 'Cat',
  breed: 'Abyssinian',
  age: '2',
  gender: 'Female',
};

let serial = 0;
// Every quote its own customer: the fraud rule flags an e-mail or phone already used under another name.
export function newCustomer(firstName: string, lastName: string): JourneyCustomer {
  serial += 1;
  const tag = `${Date.now() % 1_000_000}${serial}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${tag}@example.test`,
    phone: `512${tag.padStart(7, '0').slice(-7)}`,
  };
}

export async function signedInAt(page: Page, email: string, path: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, email);
  await waitForPath(page, '/');
  await page.goto(path);
}

const uuidPath = (step: string) => new RegExp(`/quotes/journey/${step}/[0-9a-f-]{36}$`);

export async function waitForStep(page: Page, step: string): Promise<void> {
  await page.waitForURL((url) => uuidPath(step).test(url.pathname), { timeout: 15_000 });
}

export function uuidOf(page: Page): string {
  return new URL(page.url()).pathname.split('/').pop()!;
}

export async function fillStart(page: Page, customer: JourneyCustomer, agency?: string): Promise<void> {
  await page.getByRole('form', { name: 'Start the quote' }).waitFor();
  if (agency) {
    await page.getByLabel('Quote for').fill(agency);
    await chooseOption(page.getByLabel('Quote for'), page.getByRole('option', { name: new RegExp(agency) }));
  }
  await page.getByLabel('First name').fill(customer.firstName);
  await page.getByLabel('Last name').fill(customer.lastName);
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByLabel('Phone').fill(customer.phone);
  await page.getByLabel('Street').fill('1 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Zip code').fill('78701');
}

export async function fillPet(page: Page, index: number, pet: JourneyPet): Promise<void> {
  const group = page.getByRole('group', { name: `Pet ${index + 1}` });
  await group.getByLabel('Name').fill(pet.name);
  await group.getByLabel('Species').selectOption({ label: pet.species });
  await group.getByLabel('Breed').fill(pet.breed.slice(0, 6));
  await chooseOption(group.getByLabel('Breed'), page.getByRole('option', { name: pet.breed, exact: true }));
  await group.getByLabel('Age (years)').fill(pet.age);
  await group.getByLabel('Gender').selectOption({ label: pet.gender });
}

export async function ratePets(page: Page, pets: JourneyPet[]): Promise<void> {
  await page.getByRole('form', { name: 'Rating information' }).waitFor();
  for (const [index, pet] of pets.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add a pet' }).click();
    await fillPet(page, index, pet);
  }
}

// "No" to every question, except "Yes" to the first for the pets to be ruled out.
export async function answerQuestions(
  page: Page,
  pets: JourneyPet[],
  declined: string[] = [],
): Promise<void> {
  const form = page.getByRole('form', { name: 'Underwriting answers' });
  await form.waitFor();
  // One press answers No everywhere; then the pets to be ruled out get their "Yes".
  await form.getByRole('button', { name: 'Answer No to every question' }).click();
  for (const pet of pets) {
    const groups = page.getByRole('group', { name: pet.name }).getByRole('radiogroup');
    const count = await groups.count();
    for (let i = 0; i < count; i += 1)
      await expect(groups.nth(i).getByRole('radio', { name: 'No' }).isChecked()).resolves.toBe(true);
    if (declined.includes(pet.name)) await groups.first().getByRole('radio', { name: 'Yes' }).check();
  }
}

export async function waitForTotals(page: Page): Promise<void> {
  await page.getByTestId('total-monthly').filter({ hasText: '$' }).waitFor();
}

export interface CardDetails {
  number: string;
  expiry?: string;
  cvc?: string;
}

export async function fillCard(page: Page, card: CardDetails): Promise<void> {
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? '12/30');
  await page.getByLabel('CVC').fill(card.cvc ?? '123');
}

export async function fillBank(page: Page, routingNumber: string, accountNumber: string): Promise<void> {
  await page.getByRole('radio', { name: 'Bank account', exact: true }).check();
  await page.getByLabel('Routing number').fill(routingNumber);
  await page.getByLabel('Account number').fill(accountNumber);
  await page.getByLabel('Account type').selectOption('checking');
}

export async function acceptConsents(page: Page): Promise<void> {
  await page.getByLabel('The customer consents to electronic delivery of documents').check();
  await page.getByLabel('The customer accepts the terms and conditions').check();
}

export async function policyNumbers(page: Page): Promise<string[]> {
  await page.getByTestId('policy-number').first().waitFor();
  return page.getByTestId('policy-number').allInnerTexts();
}

// Start → rating info → underwriting (all "No") → coverage → checkout, on the defaults.
export async function quoteToCoverage(
  page: Page,
  customer: JourneyCustomer,
  pets: JourneyPet[],
  agency?: string,
): Promise<void> {
  await fillStart(page, customer, agency);
  await page.getByRole('button', { name: 'Continue to rating info' }).click();
  await ratePets(page, pets);
  await page.getByRole('button', { name: 'Rate and continue' }).click();
  await waitForStep(page, 'underwriting-questions');
  await answerQuestions(page, pets);
  await page.getByRole('button', { name: 'Save answers' }).click();
  await waitForStep(page, 'coverage');
  await waitForTotals(page);
}

export async function quoteToCheckout(
  page: Page,
  customer: JourneyCustomer,
  pets: JourneyPet[],
  agency?: string,
): Promise<void> {
  await quoteToCoverage(page, customer, pets, agency);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await waitForStep(page, 'checkout');
  await page.getByRole('form', { name: 'Checkout' }).waitFor();
}
