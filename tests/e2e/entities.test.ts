import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { portalSuite } from './portalSession';
import { chooseOption, pathOf, waitForPath } from './portalPage';

// Entity administration and the agency user's own entities, driven through the portal as people use it.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

async function openTab(page: Page, name: RegExp | string) {
  await page.getByRole('tab', { name }).click();
}

const tableRows = (page: Page) => page.getByRole('table').first().locator('tbody tr');

describe('entity administration', () => {
  it('searches with filters, sorting and paging kept in the URL', async () => {
    const page = await signedIn('admin@demo.test');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Entities' }).click();
    await waitForPath(page, '/admin/entities');
    await page.getByText('Showing 1–10 of 12').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, '/admin/entities?page=2');
    await page.getByText('Showing 11–12 of 12').waitFor();
    await expect(tableRows(page).count()).resolves.toBe(2);

    await page.getByLabel('Name').fill('northwind');
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, '/admin/entities?entityName=northwind');
    await page.getByText('Showing 1–3 of 3').waitFor();
    await page.getByRole('button', { name: /^Name/ }).click();
    await waitForPath(page, '/admin/entities?entityName=northwind&sort=entityName&order=asc');
    await page.getByRole('button', { name: /^Name/ }).click();
    await waitForPath(page, '/admin/entities?entityName=northwind&sort=entityName&order=desc');
    await tableRows(page).first().getByText('Northwind Pet Agency — Dallas').waitFor();
    await shot(page, 'entities-search');

    // A shared link opens the same search.
    await page.goto('/admin/entities?stateCode=IL');
    await page.getByText('Showing 1–1 of 1').waitFor();
    await expect(page.getByLabel('State').inputValue()).resolves.toBe('IL');
    await tableRows(page).first().getByText('Lakeside Renters Group').waitFor();
  });

  it('adds an agency with a child, a location and a contact, sets its settings and shows the history', async () => {
    const page = await signedIn('admin@demo.test');
    await page.goto('/admin/entities');
    await page.getByRole('link', { name: 'Add entity' }).click();
    await waitForPath(page, '/admin/entities/add');
    // The search stays on screen until the add screen has loaded: wait for it before typing.
    await page.getByRole('form', { name: 'Add entity' }).waitFor();

    // A code in the wrong format comes back as the server's message under the field (SPEC §5).
    await page.getByLabel('Entity code').fill('2026-77');
    await page.getByLabel('Entity name').fill('Prairie Pet Agency');
    await page.getByLabel('Parent entity').fill('Lakeside');
    await chooseOption(
      page.getByLabel('Parent entity'),
      page.getByRole('option', { name: /Lakeside Renters Group/ }),
    );
    await page.getByRole('button', { name: 'Add entity' }).click();
    const codeErrors = page.locator('[data-field-errors="entity_code"]');
    await codeErrors.waitFor();
    await expect(codeErrors.innerText()).resolves.toContain('four digits, a dash, four digits');
    await expect(page.getByLabel('Entity code').inputValue()).resolves.toBe('2026-77');
    await shot(page, 'entity-add-invalid-code', false);

    await page.getByLabel('Entity code').fill('2026-7701-PP');
    await page.getByLabel('Doing business as (DBA)').fill('Prairie Pets');
    await page.getByLabel('Account manager').selectOption({ label: 'Jordan Reyes' });
    await page.getByLabel('Routing number').fill('111000025');
    await page.getByRole('button', { name: 'Add entity' }).click();
    await page.waitForURL(/\/admin\/entities\/\d+$/);
    const parentPath = pathOf(page);
    await page.getByText('Prairie Pet Agency was added.').waitFor();
    await expect(page.getByTestId('entity-code').innerText()).resolves.toBe('2026-7701-PP');

    // A child from the hierarchy tab: the parent comes filled in.
    await openTab(page, /^Hierarchy/);
    await page
      .getByRole('navigation', { name: 'Hierarchy path' })
      .getByRole('link', { name: 'Lakeside Renters Group' })
      .waitFor();
    await page.getByRole('link', { name: 'Add child entity' }).click();
    await page.waitForURL(/\/admin\/entities\/add\?parent=\d+$/);
    await page.getByRole('form', { name: 'Add entity' }).waitFor();
    await expect(page.getByLabel('Parent entity').inputValue()).resolves.toBe(
      '2026-7701-PP — Prairie Pet Agency',
    );
    await page.getByLabel('Entity code').fill('2026-7702-PP');
    await page.getByLabel('Entity name').fill('Prairie Pet Agency — Wichita');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Sub-agency' });
    await page.getByRole('button', { name: 'Add entity' }).click();
    await page.getByText('Prairie Pet Agency — Wichita was added.').waitFor();
    await openTab(page, 'Hierarchy');
    const path = page.getByRole('navigation', { name: 'Hierarchy path' });
    await expect(path.innerText()).resolves.toMatch(
      /Harbor Mutual Insurance Services\s*\/\s*Lakeside Renters Group\s*\/\s*Prairie Pet Agency\s*\/\s*Prairie Pet Agency — Wichita/,
    );
    await path.getByRole('link', { name: 'Prairie Pet Agency' }).click();
    await waitForPath(page, parentPath);

    await openTab(page, /^Hierarchy/);
    await tableRows(page).first().getByText('Prairie Pet Agency — Wichita').waitFor();
    await shot(page, 'entity-hierarchy');

    // The headquarters and a person there.
    await openTab(page, /^Locations/);
    await page.getByRole('button', { name: 'Add location' }).click();
    const newLocation = page.getByRole('form', { name: 'New location' });
    await newLocation.getByLabel('Location type').selectOption({ label: 'Headquarters' });
    await newLocation.getByLabel('Location name').fill('Prairie head office');
    await newLocation.getByLabel('Address line 1').fill('125 N Market St');
    await newLocation.getByLabel('City').fill('Wichita');
    await newLocation.getByLabel('State').selectOption({ label: 'Kansas' });
    await newLocation.getByLabel('ZIP code').fill('6720');
    await newLocation.getByRole('button', { name: 'Add location' }).click();
    await newLocation.locator('[data-field-errors="zip"]').waitFor();
    await newLocation.getByLabel('ZIP code').fill('67202');
    await newLocation.getByRole('button', { name: 'Add location' }).click();
    await page.getByText('Prairie head office added.').waitFor();
    const office = page.getByRole('article', { name: 'Prairie head office' });
    await expect(office.innerText()).resolves.toContain('Wichita, KS 67202');

    await office.getByRole('button', { name: '+ Add contact' }).click();
    const contact = office.getByRole('form', { name: 'New contact' });
    await contact.getByLabel('Contact name').fill('Morgan Ellis');
    await contact.getByLabel('Phone').fill('316-555-0142');
    await contact.getByLabel('Email').fill('morgan@prairiepets.example');
    await contact.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText('Morgan Ellis added.').waitFor();
    await expect(office.innerText()).resolves.toContain('(316) 555-0142');
    // Who added the office and the person, as SPEC §3's created by reads on screen.
    await expect(office.getByTestId('location-audit').innerText()).resolves.toMatch(
      /^Added .+ by Alex Morgan$/,
    );
    await expect(office.getByTestId('contact-audit').innerText()).resolves.toMatch(
      /^Added .+ by Alex Morgan$/,
    );
    await expect(page.getByText('Wichita, KS 67202').first().isVisible()).resolves.toBe(true);
    await shot(page, 'entity-locations');

    // Settings from the attribute form: a rule of the server refuses, then a save goes through.
    await openTab(page, 'Settings');
    await page.getByLabel('Agent dashboard access').selectOption({ label: 'Yes' });
    await page.getByRole('checkbox', { name: 'Commission' }).check();
    await page.getByLabel('Maximum discount (%)').fill('30');
    await page.getByLabel('Producer licence number').fill('NPN-77665544');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const discountErrors = page.locator('[data-field-errors="max_discount_percent"]');
    await discountErrors.waitFor();
    await expect(discountErrors.innerText()).resolves.toContain('may not be greater than 25');
    await page.getByRole('heading', { name: 'Quoting' }).scrollIntoViewIfNeeded();
    await shot(page, 'entity-settings-invalid', false);
    await page.getByLabel('Maximum discount (%)').fill('12.5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.reload();
    await expect(page.getByLabel('Maximum discount (%)').inputValue()).resolves.toBe('12.5');
    await expect(page.getByLabel('Agent dashboard access').inputValue()).resolves.toBe('1');

    // Everything above is in the log, with who did it.
    await openTab(page, 'History');
    const history = page.getByRole('list', { name: 'History' });
    await history.waitFor();
    const entries = await history.locator('> li').allInnerTexts();
    expect(entries.map((entry) => entry.split('\n')[0])).toEqual([
      'Settings changed',
      'Contact added',
      'Location added',
      'Created',
    ]);
    expect(entries[0]).toContain('Alex Morgan');
    expect(entries[0]).toMatch(/Maximum discount \(%\)\s*12\.5/);
    expect(entries[1]).toContain('Morgan Ellis');
    await shot(page, 'entity-history');

    // An entity with an active child cannot be deactivated: the dialog says why.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.getByRole('alert').waitFor();
    await expect(dialog.getByRole('alert').innerText()).resolves.toContain('1 active child entity');
    await shot(page, 'entity-deactivate-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('deactivates a leaf entity after confirmation and reactivates it', async () => {
    const page = await signedIn('admin@demo.test');
    await page.goto('/admin/entities?entityName=san%20diego');
    await tableRows(page).first().getByRole('link').click();
    await page.waitForURL(/\/admin\/entities\/\d+$/);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('is now inactive.').waitFor();
    await expect(page.locator('[data-status]').first().getAttribute('data-status')).resolves.toBe('INACTIVE');
    // Inactive: nothing can be edited until it is reactivated.
    await expect(page.getByRole('button', { name: 'Save changes' }).count()).resolves.toBe(0);
    await shot(page, 'entity-inactive');
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('is now active.').waitFor();
  });
});

describe('agency manager', () => {
  it('sees their own entities and changes only the settings their agency manages', async () => {
    const page = await signedIn('manager@demo.test');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Entities' }).click();
    await waitForPath(page, '/my/entities');
    await page.getByText('Showing 1–3 of 3').waitFor();
    await shot(page, 'my-entities');

    await page.getByRole('link', { name: '1234-5678-AC' }).click();
    await page.waitForURL(/\/my\/entities\/\d+$/);
    await page.getByRole('heading', { name: 'Northwind Pet Agency — Austin' }).waitFor();
    await page.getByRole('form', { name: 'Entity settings' }).waitFor();
    // Kept by the back office: shown, locked. Internal settings: not shown at all.
    await expect(page.getByLabel('Maximum discount (%)').isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Internal notes').count()).resolves.toBe(0);
    await page.getByLabel('Default payment method').selectOption({ label: 'Bank account (ACH)' });
    await page.getByLabel('Website').fill('https://austin.northwindpets.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await page.getByRole('heading', { name: 'Quoting' }).scrollIntoViewIfNeeded();
    await shot(page, 'my-entity-settings', false);

    // Another agency's entity is not theirs to see.
    await page.goto('/my/entities/5');
    await page.getByText('This entity is not one of yours.').waitFor();
    // Nor is the back-office screen theirs to open.
    await page.goto('/admin/entities');
    await page.waitForURL((url) => url.pathname !== '/admin/entities');
  });
});
