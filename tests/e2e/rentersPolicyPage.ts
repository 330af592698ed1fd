import type { Page } from 'playwright-core';
import { signIn, waitForPath } from './portalPage';

// The renters policy edit screen in the words it shows: its record's cards, the edit dialogs and the tabs.
// Other screens' tests (changes, payment method, rewrite) open the screen through here too.

export const rentersPolicyPath = (policy: { customerId: number; matterId: number }) =>
  `/renters/customers/${policy.customerId}/policies/${policy.matterId}`;

export async function openRentersPolicy(
  page: Page,
  email: string,
  policy: { customerId: number; matterId: number; policyNumber: string },
): Promise<void> {
  await page.goto('/login');
  await signIn(page, email);
  await waitForPath(page, '/');
  await page.goto(rentersPolicyPath(policy));
  await page.getByRole('heading', { name: `Policy ${policy.policyNumber}` }).waitFor();
}

// A card (Summary, Policyholder, Property, Coverage, Additional insureds) or one of its sections (Primary
// contact, Mailing address, Insured property, Interested party).
export const rentersCard = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });

export const rentersFlags = (page: Page) => page.getByRole('list', { name: 'Policy flags' });

export async function openRentersTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Policy matters' }).getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

export interface RentersAddressInput {
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  zip: string;
}

// Opens an address's dialog by its Edit button ("Edit mailing address", …), fills it and saves.
export async function editRentersAddress(
  page: Page,
  button: string,
  address: RentersAddressInput,
): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const form = page.getByRole('form', { name: button });
  await form.getByLabel('Address line 1').fill(address.line1);
  await form.getByLabel('Address line 2').fill(address.line2 ?? '');
  await form.getByLabel('City').fill(address.city);
  if (address.state) await form.getByLabel('State').fill(address.state);
  await form.getByLabel('ZIP code').fill(address.zip);
  await form.getByRole('button', { name: 'Save address' }).click();
}

// Full-page shots of a scrolled page misplace the sticky header, so they are taken from the top.
export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
}
