import type { Page } from 'playwright-core';
import { ACCOUNTING, ADMIN, AGENT, MANAGER, REVIEWER } from '../../support/personas';
import type { SweepData } from './sweepData';

// Every screen of the portal, and the states of them worth a look of their own (a dialog open, a form
// showing the server's messages, a search that found nothing), each reached the way a user reaches it.
export interface ScreenVisit {
  // The screenshot's name.
  name: string;
  // The PORTAL_ROUTES id whose screen this shows; guest and not-found screens have none.
  routeId?: string;
  // Signed in as this demo user; null: a fresh, signed-out page.
  persona: string | null;
  open(page: Page, data: SweepData): Promise<void>;
}

// Opens a path and waits for the screen's main heading.
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
}

// Headless UI's dialog element has no box of its own; its title shows it is open.
export const dialogShown = (page: Page): Promise<void> =>
  page.getByRole('dialog').locator('h2').first().waitFor();

const at =
  (path: string | ((data: SweepData) => string)) =>
  (page: Page, data: SweepData): Promise<void> =>
    openScreen(page, typeof path === 'string' ? path : path(data));

const screen = (
  name: string,
  routeId: string | undefined,
  persona: string | null,
  path: string | ((data: SweepData) => string),
): ScreenVisit => ({ name, routeId, persona, open: at(path) });

const tabs = (
  prefix: string,
  routeId: string,
  persona: string,
  path: (data: SweepData) => string,
  ids: readonly string[],
): ScreenVisit[] =>
  ids.map((tab) => screen(`${prefix}-tab-${tab}`, routeId, persona, (d) => `${path(d)}?tab=${tab}`));

const entityPath = (d: SweepData) => `/admin/entities/${d.entityId}`;
const policyPath = (d: SweepData) => `/policies/${d.petMatterId}`;
const rentersPolicyPath = (d: SweepData) =>
  `/renters/customers/${d.renters.customerId}/policies/${d.renters.matterId}`;

export const GUEST_VISITS: readonly ScreenVisit[] = [
  screen('login', undefined, null, '/login'),
  {
    name: 'login-refused',
    persona: null,
    async open(page) {
      await openScreen(page, '/login');
      await page.getByLabel('Email').fill(AGENT);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('[data-field-errors], [role="alert"]').first().waitFor();
    },
  },
  screen('forgot-password', undefined, null, '/forgot-password'),
  screen('reset-password-incomplete', undefined, null, '/reset-password'),
  screen('reset-password', undefined, null, '/reset-password?token=abc&email=agent%40demo.test'),
  {
    // /logout signs out and lands on the login screen.
    name: 'logout',
    persona: AGENT,
    async open(page) {
      await page.goto('/logout');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.locator('main h1').waitFor();
    },
  },
];

export const ADMIN_VISITS: readonly ScreenVisit[] = [
  screen('home', 'home', ADMIN, '/'),
  screen('dashboard', 'dashboard', ADMIN, '/dashboard'),
  screen('quotes', 'quotes', ADMIN, '/quotes'),
  screen('policies', 'policies', ADMIN, '/policies'),
  screen('policies-empty', 'policies', ADMIN, '/policies?petName=zzzznothing'),
  screen('policy', 'policy', ADMIN, policyPath),
  ...tabs('policy', 'policy', ADMIN, policyPath, [
    'documents',
    'files',
    'events',
    'notes',
    'payments',
    'rates',
  ]),
  {
    name: 'policy-cancel-dialog',
    routeId: 'policy',
    persona: ADMIN,
    async open(page, data) {
      await openScreen(page, policyPath(data));
      await page.getByRole('button', { name: 'Cancel policy' }).click();
      await dialogShown(page);
    },
  },
  screen('admin-entities', 'admin-entities', ADMIN, '/admin/entities'),
  screen('admin-entity-add', 'admin-entity-add', ADMIN, '/admin/entities/add'),
  screen('admin-entity', 'admin-entity', ADMIN, entityPath),
  ...tabs('admin-entity', 'admin-entity', ADMIN, entityPath, [
    'hierarchy',
    'locations',
    'settings',
    'underwriting',
    'quote-sources',
    'discount-states',
    'commission',
    'history',
  ]),
  screen('admin-roles', 'admin-roles', ADMIN, '/admin/roles'),
  screen('admin-role-add', 'admin-role-add', ADMIN, '/admin/roles/add'),
  screen('admin-role', 'admin-role', ADMIN, (d) => `/admin/roles/${d.roleId}`),
  screen('admin-users', 'admin-users', ADMIN, '/admin/users'),
  screen('admin-user-add', 'admin-user-add', ADMIN, '/admin/users/add'),
  {
    name: 'admin-user-add-errors',
    routeId: 'admin-user-add',
    persona: ADMIN,
    async open(page) {
      await openScreen(page, '/admin/users/add');
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await page.getByRole('button', { name: 'Create user' }).click();
      await page.locator('[data-field-errors]').first().waitFor();
    },
  },
  screen('admin-user', 'admin-user', ADMIN, (d) => `/admin/users/${d.userId}`),
  {
    name: 'admin-user-confirm-dialog',
    routeId: 'admin-user',
    persona: ADMIN,
    async open(page, data) {
      await openScreen(page, `/admin/users/${data.userId}`);
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await dialogShown(page);
    },
  },
  screen('commission-review', 'commission-review', REVIEWER, '/admin/commission-review/statements'),
  {
    name: 'commission-review-statement-dialog',
    routeId: 'commission-review',
    persona: REVIEWER,
    async open(page) {
      await openScreen(page, '/admin/commission-review/statements');
      await page.locator('main tbody tr').first().getByRole('button').first().click();
      await dialogShown(page);
    },
  },
  // The table tools: the column chooser open, the saved views menu open, and the dialog that saves a view.
  {
    name: 'policies-column-chooser',
    routeId: 'policies',
    persona: ADMIN,
    async open(page) {
      await openScreen(page, '/policies');
      await page.getByRole('button', { name: /^Columns/ }).click();
      await page.getByRole('checkbox').first().waitFor();
    },
  },
  {
    name: 'commission-review-saved-views-menu',
    routeId: 'commission-review',
    persona: REVIEWER,
    async open(page) {
      await openScreen(page, '/admin/commission-review/statements');
      await page.getByRole('button', { name: /Saved views/ }).click();
      await page.getByRole('menuitem', { name: /Save as new view/ }).waitFor();
    },
  },
  {
    name: 'commission-review-save-view-dialog',
    routeId: 'commission-review',
    persona: REVIEWER,
    async open(page) {
      await openScreen(page, '/admin/commission-review/statements');
      await page.getByRole('button', { name: /Saved views/ }).click();
      await page.getByRole('menuitem', { name: /Save as new view/ }).click();
      await dialogShown(page);
    },
  },
  screen('reporting', 'reporting', ADMIN, '/reporting'),
  screen('report-statements', 'report-statements', ADMIN, '/reporting/commission-statements'),
  screen('report-nwp', 'report-nwp', ADMIN, '/reporting/nwp'),
  screen('renters-policies', 'renters-policies', ADMIN, '/renters/policies'),
  screen('renters-policy', 'renters-policy', ADMIN, rentersPolicyPath),
  ...tabs('renters-policy', 'renters-policy', ADMIN, rentersPolicyPath, ['documents', 'events', 'payments']),
  screen('commission-payments', 'commission-payments', ACCOUNTING, '/accounting/commission-payments'),
  screen('bank-verification', 'bank-verification', ACCOUNTING, '/accounting/bank-verification'),
  // Root administrators' view of the business rules as statecharts.
  screen('admin-statecharts', 'admin-statecharts', ADMIN, '/admin/statecharts'),
  // Root administrators' view of each business day's work and the sandbox clock.
  screen('admin-jobs', 'admin-jobs', ADMIN, '/admin/jobs'),
  // Root administrators' replays of recorded sessions, for support.
  screen('admin-session-recordings', 'admin-session-recordings', ADMIN, '/admin/session-recordings'),
  screen(
    'admin-session-recording',
    'admin-session-recording',
    ADMIN,
    (d) => `/admin/session-recordings/${d.recordingId}`,
  ),
  // Refunds the payment service refused, asked for again.
  screen('failed-refunds', 'failed-refunds', ADMIN, '/accounting/failed-refunds'),
  screen('not-found', undefined, ADMIN, '/no-such-screen'),
];

export const MANAGER_VISITS: readonly ScreenVisit[] = [
  screen('manager-dashboard', 'dashboard', MANAGER, '/dashboard'),
  screen('my-settings', 'my-settings', MANAGER, '/my/settings'),
  screen('my-entities', 'my-entities', MANAGER, '/my/entities'),
  screen('my-entity', 'my-entity', MANAGER, (d) => `/my/entities/${d.childEntityId}`),
];

export const JOURNEY_VISITS: readonly ScreenVisit[] = [
  screen('quote-journey-start', 'quote-journey-start', AGENT, '/quotes/journey'),
  screen('quote-journey-rating-new', 'quote-journey-rating', AGENT, '/quotes/journey/rating-info'),
  screen(
    'quote-journey-rating',
    'quote-journey-rating',
    AGENT,
    (d) => `/quotes/journey/rating-info/${d.petQuotes.ratingInfo}`,
  ),
  screen(
    'quote-journey-uw',
    'quote-journey-uw',
    AGENT,
    (d) => `/quotes/journey/underwriting-questions/${d.petQuotes.underwritingQuestions}`,
  ),
  screen(
    'quote-journey-coverage',
    'quote-journey-coverage',
    AGENT,
    (d) => `/quotes/journey/coverage/${d.petQuotes.coverage}`,
  ),
  screen(
    'quote-journey-checkout',
    'quote-journey-checkout',
    AGENT,
    (d) => `/quotes/journey/checkout/${d.petQuotes.checkout}`,
  ),
  screen(
    'quote-journey-thanks',
    'quote-journey-thanks',
    AGENT,
    (d) => `/quotes/journey/thank-you/${d.petQuotes.thankYou}`,
  ),
  screen('renters-quote-start', 'renters-quote-start', AGENT, '/renters/quotes/journey-start'),
  screen('renters-quote-coverage', 'renters-quote', AGENT, (d) => d.rentersQuotes.coverage),
  screen('renters-quote-customer', 'renters-quote', AGENT, (d) => d.rentersQuotes.customer),
  screen('renters-quote-payment', 'renters-quote', AGENT, (d) => d.rentersQuotes.payment),
  screen('renters-quote-review', 'renters-quote', AGENT, (d) => d.rentersQuotes.review),
  screen('renters-quote-purchased', 'renters-quote', AGENT, (d) => d.rentersQuotes.purchased),
];
