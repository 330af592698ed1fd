import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../support/entityApi';
import { MANAGER, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { issueRentersPolicies } from '../support/rentersPolicyFixtures';
import { portalSuite } from './portalSession';
import { openRentersPolicy, rentersCard } from './rentersPolicyPage';

// The policyholder's name and e-mail on the renters policy edit screen: changed on the customer through
// POST /v2/renters/customers/{customerId} from the Policyholder card's Edit button (renters_policy_ax and
// renters_phone_edit), a bad e-mail shown under its field.
const portal = portalSuite({ width: 1440, height: 900 });
const { freshPage, shot } = portal;
const LAST_NAME = `Cu${randomBytes(3).toString('hex')}`;

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

describe('renters policyholder name and email', () => {
  it('changes the name and e-mail from the Policyholder card, a bad e-mail shown under its field', async () => {
    const page = await opened(MANAGER);
    const card = rentersCard(page, 'Policyholder');
    await card.getByText(`Robin1 ${LAST_NAME}`).waitFor();
    await page.getByRole('button', { name: 'Edit policyholder name and email' }).click();
    const form = page.getByRole('form', { name: 'Edit policyholder' });
    await expect(form.getByLabel('Last name').inputValue()).resolves.toBe(LAST_NAME);
    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Email').fill('jordan@');
    await form.getByRole('button', { name: 'Save policyholder' }).click();
    await form.getByText('The email must be an email address.').waitFor();
    await page.screenshot({ path: '/tmp/renters-customer-dialog-error.png' });
    const email = `jordan.${LAST_NAME.toLowerCase()}@example.test`;
    await form.getByLabel('Email').fill(email);
    await page.screenshot({ path: '/tmp/renters-customer-dialog.png' });
    await shot(page, 'renters-customer-dialog', false);
    await form.getByRole('button', { name: 'Save policyholder' }).click();
    await page.getByText('The policyholder was saved.').waitFor();
    await card.getByText(`Jordan ${LAST_NAME}`).waitFor();
    await card.getByText(email).waitFor();
    await page.getByRole('heading', { name: `Policy ${policy.policyNumber}` }).waitFor();
    await page.screenshot({ path: '/tmp/renters-customer-after.png', fullPage: true });
  });

  it('shows no edit to a user who may read the record but not change its contact details', async () => {
    const reader = await userWith(portal.server.server.database.db, {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['renters_policy_ax'],
    });
    const page = await opened(reader);
    await rentersCard(page, 'Policyholder').getByText(LAST_NAME, { exact: false }).first().waitFor();
    await expect(
      page.getByRole('button', { name: 'Edit policyholder name and email' }).count(),
    ).resolves.toBe(0);
  });
});
