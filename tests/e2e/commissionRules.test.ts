import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EntityResponse } from '../../src/api/schemas/entities';
import { uniqueEntityCode } from '../support/entityApi';
import { apiFor } from '../support/http';
import { entityIdOf } from '../support/records';
import { NORTHWIND } from '../support/personas';
import { portalSuite } from './portalSession';

// The Commission tab of an entity (docs/commission.md "Storage and API"), driven as an administrator would.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

// A new agency under Northwind, without rules.
async function newAgency(): Promise<number> {
  const api = apiFor(portal.server.url);
  const { accessToken: token } = await api.login('admin@demo.test');
  const response = await api.post(
    '/v2/entities',
    {
      entity_code: uniqueEntityCode(),
      entity_name: 'Prairie Pet Agency',
      master_entity_id: await entityIdOf(portal.server.server.database.db, NORTHWIND),
      type_code: 'AGENCY',
    },
    { token },
  );
  expect(response.status, response.text).toBe(201);
  return EntityResponse.parse(response.body).data.id;
}

const rows = (page: Page) => page.getByRole('table', { name: 'Commission rate rules' }).locator('tbody tr');

async function fillRule(page: Page, states: string[], pay: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Event').selectOption('NB');
  for (const state of states) await dialog.getByRole('checkbox', { name: state }).check();
  await dialog.getByLabel('Pay (% of premium)').fill(pay);
  await dialog.getByLabel('Effective date').fill('2026-01-01');
}

describe('commission rate rules', () => {
  it('adds a rule, refuses an overlapping one, expires a rule and generates from the house rules', async () => {
    const entityId = await newAgency();
    const page = await signedIn('admin@demo.test');
    await page.goto(`/admin/entities/${entityId}?tab=commission`);
    await page.getByText('No rules match. Add one, or generate them from the house rules.').waitFor();

    await page.getByRole('button', { name: 'Add rule' }).click();
    await fillRule(page, ['Texas', 'Oklahoma'], '15');
    await page.getByRole('dialog').getByRole('button', { name: 'Add rule' }).click();
    await page.getByText(/Rule \d+ was added\./).waitFor();
    await expect(rows(page).count()).resolves.toBe(1);
    const first = await rows(page).first().innerText();
    expect(first).toContain('NB');
    expect(first).toContain('OK, TX');
    expect(first).toContain('15%');
    await shot(page, 'commission-rules-added');

    // A second rule for Texas on the same days: the server's overlap message shows under the date.
    await page.getByRole('button', { name: 'Add rule' }).click();
    await fillRule(page, ['Texas', 'California'], '12');
    await page.getByRole('dialog').getByRole('button', { name: 'Add rule' }).click();
    const errors = page.locator('[data-field-errors="effective_date"]');
    await errors.waitFor();
    await expect(errors.innerText()).resolves.toMatch(
      /Overlaps rule \d+ \(TX, NB, any species, 2026-01-01 – open\)\./,
    );
    await page.getByText('This rule overlaps another rule').waitFor();
    await shot(page, 'commission-rules-overlap', false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // The rule was filled in: closing asks before throwing it away.
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(rows(page).count()).resolves.toBe(1);

    // Expire it today: it shows as expired and can no longer be edited.
    await page.getByRole('button', { name: /^Expire rule \d+$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Expire rule' }).click();
    await page.getByText(/Rule \d+ expires on \d{4}-\d{2}-\d{2}\./).waitFor();
    await rows(page).first().getByText('expired').waitFor();
    await expect(page.getByRole('button', { name: /^Edit rule/ }).count()).resolves.toBe(0);

    // Generate from the house rules: every rule in force that day is copied.
    await page.getByRole('button', { name: 'Generate from house rules' }).click();
    await page.getByRole('dialog').getByLabel('Effective date').fill('2026-02-01');
    await page.getByRole('dialog').getByRole('button', { name: 'Generate rules' }).click();
    await page.getByText(/^\d+ rules generated$/).waitFor();
    await page.getByText('Every house rule in force on that day was copied.').waitFor();
    await page.getByText('Showing 1–16 of 16').waitFor();
    await shot(page, 'commission-rules-generated');

    // Running it again copies nothing and says why.
    await page.getByRole('button', { name: 'Generate from house rules' }).click();
    await page.getByRole('dialog').getByLabel('Effective date').fill('2026-02-01');
    await page.getByRole('dialog').getByRole('button', { name: 'Generate rules' }).click();
    await page.getByText('0 rules generated').waitFor();
    await page.getByText(/15 skipped/).waitFor();

    // Filters go to the server.
    await page.getByRole('search', { name: 'Filter rules' }).getByLabel('Species').selectOption('RENTERS');
    await page.getByText('Showing 1–5 of 5').waitFor();
    await page.getByRole('search', { name: 'Filter rules' }).getByLabel('Event').selectOption('RN');
    await page.getByText('Showing 1–1 of 1').waitFor();
    await expect(rows(page).first().innerText()).resolves.toContain('8%');
    await shot(page, 'commission-rules-filtered');
  });
});
