import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { portalSuite } from './portalSession';
import { pathOf, readMenu, signIn, waitForPath } from './portalPage';

// Roles, users and own settings in the browser (issue 3): an administrator creates a role and a user in a
// demo agency; the new user sees exactly the menu the role grants and changes their own password; the
// administrator deactivates them and their open session ends.
const stamp = Date.now().toString(36);
const ROLE_NAME = `Renters Desk ${stamp}`;
const USER_EMAIL = `renters.desk.${stamp}@example.test`;
const FIRST_PASSWORD = 'first-password-2026';
const SECOND_PASSWORD = 'second-password-2026';
const LAKESIDE = '2345-6789-CD';

// Worked out by hand from SPEC §2/§6 for an agency (external) user holding only the new role.
const EXPECTED_MENU = [
  'Renters Insurance: New Quote',
  'Renters Insurance: Renter Policies',
  'Entity Management: Entities',
  'Accounting: Bank Account Verification',
];

const portal = portalSuite();
const { freshPage, shot } = portal;

describe('roles, users and own settings', () => {
  let admin: Page;
  let user: Page;

  it('an administrator creates a role from the privilege tree', async () => {
    admin = await freshPage();
    await admin.goto('/login');
    await signIn(admin, 'admin@demo.test');
    await waitForPath(admin, '/');
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Roles' }).click();
    await waitForPath(admin, '/admin/roles');
    await admin.getByRole('link', { name: 'Add role' }).click();
    await waitForPath(admin, '/admin/roles/add');

    // Nothing typed: the server's 422 shows under the name field.
    await admin.getByRole('button', { name: 'Create role' }).click();
    await admin.locator('[data-field-errors="role_name"]').waitFor();

    await admin.getByLabel('Name').fill(ROLE_NAME);
    await admin.getByLabel('Description').fill('Renters quoting and servicing, bank checks');
    for (const code of ['renters_qt_create', 'renters_policy_srch', 'entity_search', 'verify_bank_account']) {
      await admin.locator(`#privilege-${code}`).check();
    }
    // root_admin can never be granted, so its box is disabled.
    expect(await admin.locator('#privilege-root_admin').isDisabled()).toBe(true);
    // Ticking a parent includes its children.
    await admin.locator('#privilege-report').check();
    expect(await admin.locator('#privilege-report_nwp').isChecked()).toBe(true);
    expect(await admin.locator('#privilege-report_nwp').isDisabled()).toBe(true);
    await admin.locator('#privilege-report').uncheck();
    await shot(admin, 'access-role-add');

    await admin.getByRole('button', { name: 'Create role' }).click();
    await admin.getByText(`The role ${ROLE_NAME} was created.`).waitFor();
    expect(pathOf(admin)).toMatch(/^\/admin\/roles\/\d+$/);
    expect(await admin.locator('#privilege-verify_bank_account').isChecked()).toBe(true);
    await admin
      .getByText(/Assigned .* by Alex Morgan/)
      .first()
      .waitFor();
    await shot(admin, 'access-role-created');

    await admin.getByRole('tab', { name: 'History' }).click();
    await admin.getByRole('list', { name: 'History' }).getByText('Created').waitFor();
    await admin.getByText('Alex Morgan').first().waitFor();
    await shot(admin, 'access-role-history');

    // The search finds it by a part of its name.
    await admin.goto(`/admin/roles?name=${encodeURIComponent('renters desk')}`);
    await admin.getByRole('link', { name: ROLE_NAME }).waitFor();
  });

  it('an administrator adds a user in an agency with that role and a password', async () => {
    await admin.goto('/admin/users');
    await admin.getByRole('link', { name: 'Add user' }).click();
    await waitForPath(admin, '/admin/users/add');
    await admin.getByLabel('First name').fill('Dana');
    await admin.getByLabel('Last name').fill('Desk');
    await admin.getByLabel('Email').fill('agent@demo.test');
    await admin.getByLabel('Phone').fill('(512) 555-0177');
    await admin.getByLabel('Entity', { exact: true }).selectOption(LAKESIDE);
    // An agency user cannot be an administrator: the flag is offered for house users only.
    expect(await admin.getByLabel('Administrator', { exact: true }).count()).toBe(0);
    await admin.getByLabel(ROLE_NAME).check();
    await admin.getByLabel('Set a password now').check();
    await admin.locator('input[name="password"]').fill(FIRST_PASSWORD);
    await admin.getByLabel('Confirm password').fill(FIRST_PASSWORD);
    await admin.getByRole('button', { name: 'Create user' }).click();
    const taken = admin.locator('[data-field-errors="email"]');
    await taken.waitFor();
    expect(await taken.innerText()).toContain('The email has already been taken.');
    await shot(admin, 'access-user-add-error');

    await admin.getByLabel('Email').fill(USER_EMAIL);
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.getByText('Dana Desk was added and can sign in with the password you set.').waitFor();
    expect(pathOf(admin)).toMatch(/^\/admin\/users\/\d+$/);
    expect(await admin.getByLabel(ROLE_NAME).isChecked()).toBe(true);
    await shot(admin, 'access-user-created');

    await admin.goto(`/admin/users?emailAddress=${encodeURIComponent('renters.desk')}`);
    const row = admin.getByRole('row', { name: /Dana Desk/ });
    await row.waitFor();
    expect(await row.innerText()).toContain(LAKESIDE);
    expect(await row.innerText()).toContain('(512) 555-0177');
  });

  it('the new user sees exactly the menu the role grants', async () => {
    user = await freshPage();
    await user.goto('/login');
    await signIn(user, USER_EMAIL, FIRST_PASSWORD);
    await waitForPath(user, '/');
    await user.getByRole('heading', { name: 'Welcome, Dana Desk' }).waitFor();
    expect(await readMenu(user)).toEqual(EXPECTED_MENU);
    await shot(user, 'access-new-user-menu');
    // A route the role does not open sends the user back.
    await user.goto('/admin/users');
    await waitForPath(user, '/');
  });

  it('the user changes their own password in My settings', async () => {
    await user.getByRole('link', { name: /my settings/ }).click();
    await waitForPath(user, '/my/settings');
    await user.getByRole('heading', { name: 'My settings' }).waitFor();
    await user.getByLabel('Extension').fill('12');
    await user.getByRole('button', { name: 'Save profile' }).click();
    await user.getByText('Your profile has been saved.').waitFor();

    await user.getByRole('tab', { name: 'Password' }).click();
    await user.getByLabel('Current password').fill('not-my-password');
    await user.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD);
    await user.getByLabel('Confirm new password').fill(SECOND_PASSWORD);
    await user.getByRole('button', { name: 'Change password' }).click();
    await user.locator('[data-field-errors="currentPassword"]').waitFor();
    await shot(user, 'access-my-password-error');

    await user.getByLabel('Current password').fill(FIRST_PASSWORD);
    await user.getByRole('button', { name: 'Change password' }).click();
    await user.getByTestId('password-changed').waitFor();
    await shot(user, 'access-my-password-changed');

    await user.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Logout' }).click();
    await waitForPath(user, '/login');
    await signIn(user, USER_EMAIL, FIRST_PASSWORD);
    await user.locator('[data-field-errors="email"]').waitFor();
    await signIn(user, USER_EMAIL, SECOND_PASSWORD);
    await waitForPath(user, '/');
    await user.getByRole('heading', { name: 'Welcome, Dana Desk' }).waitFor();
  });

  it('a user added without a password is invited by e-mail and chooses one', async () => {
    const email = `invited.${stamp}@example.test`;
    await admin.goto('/admin/users/add');
    await admin.getByLabel('First name').fill('Ivy');
    await admin.getByLabel('Last name').fill('Invited');
    await admin.getByLabel('Email').fill(email);
    await admin.getByLabel('Entity', { exact: true }).selectOption(LAKESIDE);
    await admin.getByLabel(ROLE_NAME).check();
    expect(await admin.getByLabel('Send an invitation e-mail').isChecked()).toBe(true);
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin
      .getByText(`Ivy Invited was added and invited by e-mail (${email}) to choose a password.`)
      .waitFor();

    const mail = await portal.server.lastMailTo(email);
    expect(mail?.subject).toBe('You have been invited to the agent portal');
    const link = new URL(mail!.link);
    const invited = await freshPage();
    await invited.goto(link.pathname + link.search);
    await invited.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await invited.getByLabel('Confirm new password', { exact: true }).fill(FIRST_PASSWORD);
    await invited.getByRole('button', { name: 'Change password' }).click();
    await invited.getByTestId('reset-confirmation').waitFor();
    await invited.goto('/login');
    await signIn(invited, email, FIRST_PASSWORD);
    await waitForPath(invited, '/');
    await invited.getByRole('heading', { name: 'Welcome, Ivy Invited' }).waitFor();
    expect(await readMenu(invited)).toEqual(EXPECTED_MENU);
  });

  it('deactivating the user ends their open session', async () => {
    await admin.goto(`/admin/users?emailAddress=${encodeURIComponent(USER_EMAIL)}`);
    await admin.getByRole('link', { name: 'Dana Desk' }).click();
    await admin.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('is signed out at once').waitFor();
    await shot(admin, 'access-user-deactivate-confirm');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByText('Dana Desk was deactivated and signed out.').waitFor();
    await admin.getByText('Inactive', { exact: true }).first().waitFor();

    await admin.getByRole('tab', { name: 'History' }).click();
    const history = admin.getByRole('list', { name: 'History' });
    for (const event of ['Registered', 'Updated', 'Password changed', 'Deactivated']) {
      await history.getByText(event, { exact: true }).first().waitFor();
    }
    expect(await history.innerText()).not.toMatch(/argon2|passwordHash/);
    await shot(admin, 'access-user-history');

    await user.goto('/quotes');
    await waitForPath(user, `/login?redirect=${encodeURIComponent('/quotes')}`);
  });
});
