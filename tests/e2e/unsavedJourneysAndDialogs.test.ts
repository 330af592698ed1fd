import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { statementApi } from '../support/commissionStatementApi';
import { entityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { ADMIN, AGENT, INTERNAL, NORTHWIND_AUSTIN, REVIEWER } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import { pathOf, waitForPath } from './portalPage';
import { portalSuite } from './portalSession';
import {
  REX,
  answerQuestions,
  fillPet,
  fillStart,
  newCustomer,
  waitForStep,
  waitForTotals,
} from './quoteJourneyPage';
import { fillCustomer, fillProperty, waitForRentersStep } from './rentersJourneyPage';
import { discardPrompt, escapeAsks, leavePrompt } from './unsavedChangesPage';

// Unsaved changes in the quote journeys and in dialog forms (issue 11): a journey step's typing is asked
// about before a menu link throws it away, but not once the step is saved and the journey goes on; a dialog
// with changes asks before Escape closes it ("Keep editing" / "Discard changes"), an unchanged one closes
// at once.
const portal = portalSuite();
const { shot, signedIn } = portal;

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

// A menu link while the screen holds typing: asked, and staying keeps the screen as it was.
async function askedOnLeaving(page: Page, link: string): Promise<void> {
  const path = pathOf(page);
  await menuLink(page, link).click();
  const ask = leavePrompt(page);
  // A dialog's root has no box of its own (its panel is fixed): wait for what it shows.
  await ask.getByRole('button', { name: 'Stay on this page' }).waitFor();
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await ask.getByRole('button', { name: 'Stay on this page' }).waitFor({ state: 'detached' });
  expect(pathOf(page)).toBe(path);
}

// A menu link on a screen with nothing unsaved: it goes at once.
async function leavesAtOnce(page: Page, link: string, path: string): Promise<void> {
  await menuLink(page, link).click();
  await waitForPath(page, path);
  await expect(leavePrompt(page).count()).resolves.toBe(0);
}

describe('unsaved changes in the quote journeys', () => {
  it('asks before a menu link leaves a pet journey step with typing, not after the step is saved', async () => {
    const page = await signedIn(AGENT);
    const customer = newCustomer('Unsa', `Ved${Date.now() % 100_000}`);
    await page.goto('/quotes/journey');

    // The start step keeps its draft only on Continue: typing is asked about, staying keeps it…
    await fillStart(page, customer);
    await askedOnLeaving(page, 'Quotes');
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Unsa');
    // …and leaving throws it away, once asked.
    await menuLink(page, 'Quotes').click();
    await leavePrompt(page).getByRole('button', { name: 'Leave and discard changes' }).click();
    await waitForPath(page, '/quotes');

    // Continue saves the start step: rating info opens without a question.
    await page.goto('/quotes/journey');
    await fillStart(page, customer);
    await page.getByRole('button', { name: 'Continue to rating info' }).click();
    await waitForPath(page, '/quotes/journey/rating-info');
    await page.getByRole('form', { name: 'Rating information' }).waitFor();
    await expect(leavePrompt(page).count()).resolves.toBe(0);

    // A pet typed on rating info is asked about; staying keeps it, and saving it goes on at once.
    await fillPet(page, 0, REX);
    await askedOnLeaving(page, 'Quotes');
    const pet = page.getByRole('group', { name: 'Pet 1' });
    await expect(pet.getByLabel('Name').inputValue()).resolves.toBe('Rex');
    await page.getByRole('button', { name: 'Rate and continue' }).click();
    await waitForStep(page, 'underwriting-questions');
    await expect(leavePrompt(page).count()).resolves.toBe(0);

    // The answers, saved, move on to coverage with no question either.
    await answerQuestions(page, [REX]);
    await askedOnLeaving(page, 'Quotes');
    await page.getByRole('button', { name: 'Save answers' }).click();
    await waitForStep(page, 'coverage');
    await waitForTotals(page);
    await expect(leavePrompt(page).count()).resolves.toBe(0);

    // A discount code typed on coverage is unsaved until "Continue to checkout".
    const code = page.getByLabel('Discount code');
    await code.fill('SPRING');
    await askedOnLeaving(page, 'Quotes');
    await expect(code.inputValue()).resolves.toBe('SPRING');
    await code.fill('');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await waitForStep(page, 'checkout');
    await page.getByRole('form', { name: 'Checkout' }).waitFor();
    await expect(leavePrompt(page).count()).resolves.toBe(0);

    // Checkout as the journey saved it (nothing typed): the menu leaves at once.
    await leavesAtOnce(page, 'Quotes', '/quotes');
  });

  it('asks before a menu link leaves a renters step with typing, not after the step is saved', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/renters/quotes/journey-start');
    await page.getByRole('form', { name: 'Property' }).waitFor();
    await fillProperty(page);
    await askedOnLeaving(page, 'Renter Policies');
    await expect(page.getByLabel('Property city', { exact: true }).inputValue()).resolves.toBe('Austin');

    // Saved by its Continue: the coverage step opens without a question, and so does the customer step.
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    await waitForRentersStep(page, 'coverage');
    await page.getByRole('form', { name: 'Coverage' }).waitFor();
    await expect(leavePrompt(page).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Price and continue to customer' }).click();
    await waitForRentersStep(page, 'customer');
    await page.getByRole('form', { name: 'Customer' }).waitFor();
    await expect(leavePrompt(page).count()).resolves.toBe(0);

    // The customer typed: asked; staying keeps it; leaving goes.
    await fillCustomer(page, 'Unsaved', 'Renter');
    await askedOnLeaving(page, 'Renter Policies');
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Unsaved');
    await menuLink(page, 'Renter Policies').click();
    await leavePrompt(page).getByRole('button', { name: 'Leave and discard changes' }).click();
    await waitForPath(page, '/renters/policies');
    await page.getByRole('heading', { name: 'Renter Policies' }).waitFor();

    // Back at the quote (from the browser's history), the customer step is as saved: nothing typed, so
    // the menu leaves at once.
    await page.goBack();
    await waitForRentersStep(page, 'customer');
    await page.getByRole('form', { name: 'Customer' }).waitFor();
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('');
    await fillCustomer(page, 'Saved', 'Renter');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForRentersStep(page, 'payment');
    await page.getByRole('form', { name: 'Payment method' }).waitFor();
    await expect(leavePrompt(page).count()).resolves.toBe(0);
    await leavesAtOnce(page, 'Renter Policies', '/renters/policies');
  });
});

describe('dialog forms with unsaved changes', () => {
  it('the commission rule dialog asks before it closes with changes', async () => {
    const page = await signedIn(ADMIN);
    const id = await entityIdOf(portal.server.server.database.db, NORTHWIND_AUSTIN);
    await page.goto(`/admin/entities/${id}?tab=commission`);
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add commission rule' });
    const pay = dialog.getByLabel('Pay (% of premium)');
    await pay.fill('12.5');
    const ask = await escapeAsks(page, pay, '12.5');
    await shot(page, 'unsaved-dialog-rule-discard', false);
    // The question names what it will do, on top of the rule dialog it guards.
    await expect(ask.innerText()).resolves.toContain('What you changed here is not saved yet.');
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.getByLabel('Pay (% of premium)').waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);

    // Cancel asks the same; unchanged, the dialog closes at once, by Cancel or Escape.
    await page.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByRole('checkbox', { name: 'Texas' }).check();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Texas' }).isChecked()).resolves.toBe(true);
    // A click outside the dialog asks the same.
    await page.mouse.click(100, 830);
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Texas' }).isChecked()).resolves.toBe(true);
    // Picked and unpicked again is no change.
    await dialog.getByRole('checkbox', { name: 'Texas' }).uncheck();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByLabel('Pay (% of premium)').waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByLabel('Pay (% of premium)').press('Escape');
    await dialog.getByLabel('Pay (% of premium)').waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
  });

  it('the policyholder edit asks before it closes with changes, and so does Forward', async () => {
    const { policies } = await purchasePolicies(portal.server, { email: AGENT, petNames: ['Guarded'] });
    const page = await signedIn(AGENT);
    const path = `/policies/${policies[0]!.matterId}`;
    await page.goto(path);
    // A screen visited after this one in the portal's own history, for Forward below.
    await leavesAtOnce(page, 'Quotes', '/quotes');
    await page.goBack();
    await waitForPath(page, path);
    await page.getByRole('button', { name: 'Edit policyholder' }).click();
    const form = page.getByRole('form', { name: 'Edit policyholder' });
    const city = form.getByLabel('City');
    const original = await city.inputValue();
    await city.fill('Round Rock');
    const ask = await escapeAsks(page, city, 'Round Rock');
    await shot(page, 'unsaved-dialog-policyholder-discard', false);
    await ask.getByRole('button', { name: 'Keep editing' }).click();

    // The browser's Forward while the dialog holds changes: the screen's own prompt asks.
    await page.evaluate(() => history.forward());
    await leavePrompt(page).getByRole('button', { name: 'Stay on this page' }).waitFor();
    await leavePrompt(page).getByRole('button', { name: 'Stay on this page' }).click();
    expect(pathOf(page)).toBe(path);
    await expect(city.inputValue()).resolves.toBe('Round Rock');

    await city.press('Escape');
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await form.waitFor({ state: 'detached' });
    // Opened again, it shows the policyholder as saved, and closes at once.
    await page.getByRole('button', { name: 'Edit policyholder' }).click();
    await expect(city.inputValue()).resolves.toBe(original);
    await city.press('Escape');
    await form.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
  });

  it('a statement with an override being typed asks before it closes', async () => {
    await purchasePolicies(portal.server, {
      email: INTERNAL,
      actingFor: NORTHWIND_AUSTIN,
      petNames: ['Overridden'],
    });
    const api = apiFor(portal.server.url);
    await statementApi(
      entityApi(() => api),
      () => portal.server,
    ).generate();
    const page = await signedIn(REVIEWER);
    await page.goto('/admin/commission-review/statements');
    const open = page.getByRole('button', { name: new RegExp(`^Open the statement of ${NORTHWIND_AUSTIN}`) });
    await open.click();
    const statement = page.getByRole('dialog', { name: /^Statement / });
    await statement.getByTestId('payment-total').waitFor();

    // Escape on the statement with an override typed: asked; kept; discarded closes the statement.
    await statement.getByRole('button', { name: 'Add override' }).click();
    const form = statement.getByRole('form', { name: 'Add override' });
    const note = form.getByLabel('Note');
    await note.fill('Half a bonus');
    const ask = await escapeAsks(page, note, 'Half a bonus');
    await shot(page, 'unsaved-dialog-override-discard', false);
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await statement.getByTestId('payment-total').waitFor({ state: 'detached' });

    // The override form's own Cancel asks too, and discarding leaves the statement open.
    await open.click();
    await statement.getByRole('button', { name: 'Add override' }).click();
    await form.getByLabel('Amount').fill('15');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Discard changes' }).click();
    await form.waitFor({ state: 'detached' });
    await expect(statement.getByTestId('payment-total').isVisible()).resolves.toBe(true);

    // The close button with changes asks; nothing changed, the statement closes at once.
    await statement.getByRole('button', { name: 'Add override' }).click();
    await form.getByLabel('Note').fill('Typed again');
    await statement.getByRole('button', { name: 'Close the statement' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByLabel('Note').inputValue()).resolves.toBe('Typed again');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Discard changes' }).click();
    await form.waitFor({ state: 'detached' });
    await statement.getByRole('button', { name: 'Close the statement' }).click();
    await statement.getByTestId('payment-total').waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
  });
});
