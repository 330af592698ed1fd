import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { issueRentersPolicies } from '../support/rentersPolicyFixtures';
import { portalSuite } from './portalSession';
import { leavePrompt } from './unsavedChangesPage';
import {
  editRentersAddress,
  openRentersPolicy,
  openRentersTab,
  rentersCard,
  rentersFlags,
  scrollToTop,
} from './rentersPolicyPage';

// /renters/customers/{customerId}/policies/{matterId}: the renters policy edit screen over a policy issued
// straight into the test server's database the way the purchase issues it.
const portal = portalSuite({ width: 1440, height: 900 });
const { freshPage, shot } = portal;
const LAST_NAME = `Ed${randomBytes(3).toString('hex')}`;

let policy: { customerId: number; matterId: number; policyNumber: string };

beforeAll(async () => {
  const db = portal.server.server.database.db;
  const [issued] = await issueRentersPolicies(db, 1, {
    entityId: await entityIdOf(db, NORTHWIND_AUSTIN),
    lastName: LAST_NAME,
  });
  policy = issued!;
});

async function opened(email: string): Promise<Page> {
  const page = await freshPage();
  await openRentersPolicy(page, email, policy);
  return page;
}

describe('renters policy edit screen', () => {
  it('shows the record, edits the mailing address and additional insureds, keeps notes and events', async () => {
    const page = await opened(INTERNAL);
    await rentersCard(page, 'Summary').getByText(policy.policyNumber).first().waitFor();
    await rentersCard(page, 'Policyholder').getByText(`Robin1 ${LAST_NAME}`).waitFor();
    await rentersCard(page, 'Mailing address').getByText('PO Box 77').waitFor();
    await rentersCard(page, 'Insured property').getByText('200 Congress Ave').waitFor();
    await rentersCard(page, 'Interested party').getByText('Congress Towers Management').waitFor();
    await rentersCard(page, 'Coverage').getByText('$20,000.00').waitFor();
    await rentersFlags(page).getByText('Current term').waitFor();
    await expect(rentersFlags(page).getByText('Unconfirmed address').count()).resolves.toBe(0);
    await shot(page, 'renters-policy-edit');

    // The mailing address: a bad ZIP is shown under its field, then the new address with its flag.
    await editRentersAddress(page, 'Edit mailing address', {
      line1: '500 Lamar Blvd',
      city: 'Austin',
      zip: '787',
    });
    const dialog = page.getByRole('form', { name: 'Edit mailing address' });
    await dialog.getByText('The ZIP code must be 5 digits.').waitFor();
    await shot(page, 'renters-policy-edit-address-error');
    await dialog.getByLabel('ZIP code').fill('78703');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Mailing address saved.').waitFor();
    await rentersCard(page, 'Mailing address').getByText('500 Lamar Blvd').waitFor();
    await rentersCard(page, 'Mailing address').getByText('Austin, TX 78703').waitFor();
    await rentersFlags(page).getByText('Unconfirmed address').waitFor();

    // An additional insured added, then deleted after a confirmation.
    const insureds = rentersCard(page, 'Additional insureds');
    await insureds.getByLabel('First name').fill('Sam');
    // Half typed, the insured would be lost by leaving: the portal asks, and staying keeps it.
    await page.getByRole('link', { name: 'Home' }).click();
    await leavePrompt(page).getByRole('button', { name: 'Stay on this page' }).click();
    await leavePrompt(page).waitFor({ state: 'detached' });
    await expect(insureds.getByLabel('First name').inputValue()).resolves.toBe('Sam');
    await insureds.getByLabel('Last name').fill('Roommate');
    await insureds.getByLabel('Email').fill('sam@example.test');
    await insureds.getByRole('button', { name: 'Add insured' }).click();
    await insureds.getByText('Sam Roommate was added.').waitFor();
    await insureds.getByRole('list', { name: 'Additional insureds' }).getByText('Sam Roommate').waitFor();
    await insureds.scrollIntoViewIfNeeded();
    await shot(page, 'renters-policy-edit-insureds');
    await insureds.getByRole('button', { name: 'Delete Sam Roommate' }).click();
    await page.getByRole('heading', { name: 'Delete additional insured' }).waitFor();
    await page.getByRole('button', { name: 'Delete insured' }).click();
    await insureds.getByText('Sam Roommate was removed.').waitFor();
    await insureds.getByText('No additional insureds on this policy.').waitFor();

    // A note, kept with the policy; staff may mark it high priority and keep it to staff (SPEC §3 Note).
    await openRentersTab(page, 'Notes');
    await page.getByLabel('Note', { exact: true }).fill('Called about the lease renewal.');
    await page.getByLabel('Priority').selectOption('HIGH');
    await page.getByLabel('Who may read it').selectOption('INTERNAL');
    await page.getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await notes.getByText('Called about the lease renewal.').waitFor();
    await notes.getByText('High priority').waitFor();
    await notes.getByText('Staff only', { exact: false }).waitFor();
    await shot(page, 'renters-policy-edit-notes');

    // The receipt is a PDF.
    await scrollToTop(page);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download receipt' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`receipt-${policy.policyNumber}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    // Every edit is an event with who did it.
    await openRentersTab(page, 'Events');
    const history = page.getByRole('list', { name: 'History' });
    for (const label of [
      'Note added',
      'Additional insured removed',
      'Additional insured added',
      'Mailing address changed',
      'Policy issued',
    ])
      await history.getByText(label, { exact: true }).waitFor();
    // The declarations page made with the sale, and the changed one the mailing address made, each downloads.
    await openRentersTab(page, 'Documents');
    const documents = page.getByRole('table', { name: 'Policy documents' });
    await documents.getByText(`declarations-${policy.policyNumber}-v1.pdf`, { exact: true }).waitFor();
    await documents
      .getByText(/^changed-declarations-/)
      .first()
      .waitFor();
    await shot(page, 'renters-policy-edit-documents');
    const [declarations] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download declarations-${policy.policyNumber}-v1.pdf` }).click(),
    ]);
    expect(
      readFileSync(await declarations.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    await openRentersTab(page, 'Payments');
    await page.getByRole('table', { name: 'Payments of the policy' }).getByText('Scheduled').waitFor();
    // Paged five rows at a time (SPEC §9).
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByText(/Showing 1–\d+ of \d+/)
      .waitFor();
    await scrollToTop(page);
    await shot(page, 'renters-policy-edit-after');
  });

  it('shows a manager the edits they may make, and no property or interested party edit', async () => {
    const page = await opened(MANAGER);
    await page.getByRole('button', { name: 'Edit mailing address' }).waitFor();
    await page.getByRole('button', { name: 'Edit primary contact' }).waitFor();
    await expect(page.getByRole('button', { name: 'Edit property address' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Edit interested party' }).count()).resolves.toBe(0);
    await rentersCard(page, 'Additional insureds').getByRole('button', { name: 'Add insured' }).waitFor();
    await shot(page, 'renters-policy-edit-manager');
  });
});
