import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EntityResponse } from '../../src/api/schemas/entities';
import { uniqueEntityCode } from '../support/entityApi';
import { apiFor } from '../support/http';
import { ADMIN, AGENT, INTERNAL, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { entityIdOf } from '../support/records';
import {
  addDays,
  issuePaidRentersPolicy,
  issueRentersPolicies,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { portalSuite } from './portalSession';
import { openRentersPolicy, rentersCard } from './rentersPolicyPage';
import { discardCloses, discardPrompt, escapeAsks, escapeClosesAtOnce } from './unsavedChangesPage';

// The dialogs of the policy records and of commission that hold typing (docs/screen-states.md "Leaving
// with unsaved changes"): with changes, Escape (or Cancel / Close) asks "Discard your changes?"; Keep
// editing keeps the typing, Discard closes and saves nothing; as it opened, the dialog closes at once; a
// save closes it without the question.
const portal = portalSuite({ width: 1366, height: 900 });
const { freshPage, shot, signedIn } = portal;
const db = () => portal.server.server.database.db;
const today = businessToday();

// How many events the log holds of one kind of record: a discarded dialog adds none.
async function eventCount(streamType: string): Promise<number> {
  const row = await db()
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('stream_type', '=', streamType)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// A renters policy of Northwind Austin, issued straight into the database; paid by a real sandbox charge
// when it is to be cancelled (the refund needs one).
async function rentersPolicy(paid = false) {
  const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
  if (paid) {
    const issue = rentersPolicyIssue({
      entityId,
      termInterval: 'annual',
      effectiveDate: addDays(today, -40),
    });
    return issuePaidRentersPolicy(db(), issue);
  }
  const [issued] = await issueRentersPolicies(db(), 1, { entityId, lastName: 'Guarded' });
  return issued!;
}

async function openedRenters(policy: Awaited<ReturnType<typeof rentersPolicy>>): Promise<Page> {
  const page = await freshPage();
  await openRentersPolicy(page, INTERNAL, policy);
  return page;
}

// Opens a dialog form by the button of that name (the form is named for its title).
async function openForm(page: Page, button: string | Locator, title: string): Promise<Locator> {
  await (typeof button === 'string' ? page.getByRole('button', { name: button }) : button).click();
  const form = page.getByRole('form', { name: title });
  await form.waitFor();
  return form;
}

describe('renters policy record dialogs ask before they close with changes', () => {
  it('the primary contact', async () => {
    const policy = await rentersPolicy();
    const page = await openedRenters(policy);
    const shown = rentersCard(page, 'Primary contact').getByTestId('primary-contact');
    const before = await shown.innerText();
    const events = await eventCount('renters_policy');

    const form = await openForm(page, 'Edit primary contact', 'Edit primary contact');
    const number = form.getByLabel('Phone number');
    const original = await number.inputValue();
    await number.fill('5125550142');
    const ask = await escapeAsks(page, number, '5125550142');
    // The question over the renters dialog it guards.
    await shot(page, 'unsaved-renters-contact-discard', false);
    await expect(ask.innerText()).resolves.toContain('What you changed here is not saved yet.');
    await discardCloses(page, form);
    await expect(shown.innerText()).resolves.toBe(before);
    await expect(eventCount('renters_policy')).resolves.toBe(events);

    // Opened again: as saved, and closes at once. Typed back to what it was is no change either.
    await openForm(page, 'Edit primary contact', 'Edit primary contact');
    await expect(number.inputValue()).resolves.toBe(original);
    await escapeClosesAtOnce(page, number, form);
    await openForm(page, 'Edit primary contact', 'Edit primary contact');
    await form.getByLabel('Extension').fill('12');
    await form.getByLabel('Extension').fill('');
    await escapeClosesAtOnce(page, number, form);

    // The Close button with a change asks the same; a save closes without asking.
    await openForm(page, 'Edit primary contact', 'Edit primary contact');
    await form.getByLabel('Number type').selectOption('WORK');
    await form.getByRole('button', { name: 'Close' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByLabel('Number type').inputValue()).resolves.toBe('WORK');
    await number.fill('5125550142');
    await form.getByRole('button', { name: 'Save contact' }).click();
    await form.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
    await page.getByText('The primary contact was saved.').waitFor();
    await expect(shown.innerText()).resolves.toContain('(512) 555-0142');
    await expect(eventCount('renters_policy')).resolves.toBeGreaterThan(events);
  });

  it('the mailing address and the interested party', async () => {
    const policy = await rentersPolicy();
    const page = await openedRenters(policy);
    const mailing = rentersCard(page, 'Mailing address');
    const events = await eventCount('renters_policy');

    const form = await openForm(page, 'Edit mailing address', 'Edit mailing address');
    const line1 = form.getByLabel('Address line 1');
    const original = await line1.inputValue();
    await line1.fill('500 Lamar Blvd');
    await escapeAsks(page, line1, '500 Lamar Blvd');
    await discardCloses(page, form);
    await mailing.getByText(original).waitFor();
    await expect(mailing.getByText('500 Lamar Blvd').count()).resolves.toBe(0);
    await expect(eventCount('renters_policy')).resolves.toBe(events);
    await openForm(page, 'Edit mailing address', 'Edit mailing address');
    await expect(line1.inputValue()).resolves.toBe(original);
    await escapeClosesAtOnce(page, line1, form);

    // The interested party's name is part of its form: changed, it is asked about too.
    const party = await openForm(page, 'Edit interested party', 'Edit interested party');
    const name = party.getByLabel('Interested party name');
    await name.fill('Lamar Lofts LLC');
    await escapeAsks(page, name, 'Lamar Lofts LLC');
    await discardCloses(page, party);
    await expect(eventCount('renters_policy')).resolves.toBe(events);

    // Saved: closed without a question, the new address shown.
    await openForm(page, 'Edit mailing address', 'Edit mailing address');
    await line1.fill('500 Lamar Blvd');
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
    await mailing.getByText('500 Lamar Blvd').waitFor();
  });

  it('the cancel-policy flow', async () => {
    const policy = await rentersPolicy(true);
    const page = await openedRenters(policy);
    const title = `Cancel policy ${policy.policyNumber}`;
    const events = await eventCount('renters_policy');

    const form = await openForm(page, 'Cancel policy', title);
    const note = form.getByLabel('Note', { exact: true });
    // Key by key, as an agent types: the space between the words stays.
    await note.pressSequentially('Moving out');
    await escapeAsks(page, note, 'Moving out');
    await discardCloses(page, form);
    await expect(eventCount('renters_policy')).resolves.toBe(events);
    await expect(page.getByText(`Done: cancel ${policy.policyNumber}`).count()).resolves.toBe(0);

    // Opened again: nothing chosen, so it closes at once; a reason chosen is asked about by Close too.
    await openForm(page, 'Cancel policy', title);
    await expect(note.inputValue()).resolves.toBe('');
    await escapeClosesAtOnce(page, note, form);
    await openForm(page, 'Cancel policy', title);
    await form.getByLabel('Reason').selectOption('CUSTOMER_REQUEST');
    await form.getByRole('button', { name: 'Close' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByLabel('Reason').inputValue()).resolves.toBe('CUSTOMER_REQUEST');

    // Previewed, confirmed and committed: the dialog closes without asking.
    await form.getByLabel('Method').selectOption('PRO_RATA');
    await form.getByLabel('Cancel date').fill(today);
    await form.getByRole('button', { name: 'Preview' }).click();
    await form.getByRole('button', { name: 'Confirm' }).click();
    await form.getByRole('button', { name: 'Commit' }).click();
    await page.getByText(`Done: cancel ${policy.policyNumber}`).waitFor();
    await form.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
  });

  it('the payment method update', async () => {
    const policy = await rentersPolicy();
    const page = await openedRenters(policy);
    const card = page.getByRole('region', { name: 'Payment method' });
    const method = card.getByTestId('renters-payment-method');
    const before = await method.innerText();
    const accounts = await eventCount('renters_payment_account');

    const form = await openForm(
      page,
      card.getByRole('button', { name: 'Update payment method' }),
      'Update payment method',
    );
    const number = form.getByLabel('Card number');
    await number.fill('5555 5555 5555 4444');
    await escapeAsks(page, number, '5555 5555 5555 4444');
    await discardCloses(page, form);
    await expect(method.innerText()).resolves.toBe(before);
    await expect(eventCount('renters_payment_account')).resolves.toBe(accounts);

    // Opened again: empty, and closes at once; its Cancel with typing asks.
    await card.getByRole('button', { name: 'Update payment method' }).click();
    await expect(number.inputValue()).resolves.toBe('');
    await escapeClosesAtOnce(page, number, form);
    await card.getByRole('button', { name: 'Update payment method' }).click();
    await form.getByLabel('Name on card').fill('Grace Hopper');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByLabel('Name on card').inputValue()).resolves.toBe('Grace Hopper');

    // Saved: closed without a question.
    await number.fill('5555 5555 5555 4444');
    await form.getByLabel('Expiry (MM/YY)').fill('11/30');
    await form.getByLabel('CVC').fill('321');
    // A policy issued without a payment method of its own has no billing ZIP on file.
    await form.getByLabel('Billing zip').fill('78701');
    await form.getByRole('button', { name: 'Save payment method' }).click();
    await form.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
    await card.getByText('The payment method is now Card •••• 4444.').waitFor();
  });
});

describe('the pet policy cancellation asks before it closes with changes', () => {
  it('asks, keeps, discards without cancelling, closes at once unchanged and commits without asking', async () => {
    const { policies } = await purchasePolicies(portal.server, { email: AGENT, petNames: ['Kept'] });
    const policy = policies[0]!;
    const page = await signedIn(AGENT);
    await page.goto(`/policies/${policy.matterId}`);
    await page.getByRole('heading', { name: `Policy ${policy.policyNumber}` }).waitFor();
    const title = `Cancel policy ${policy.policyNumber}`;
    const events = await eventCount('policy');

    const form = await openForm(page, 'Cancel policy', title);
    const note = form.getByLabel('Note', { exact: true });
    await note.fill('Moving abroad');
    await escapeAsks(page, note, 'Moving abroad');
    await discardCloses(page, form);
    await expect(eventCount('policy')).resolves.toBe(events);
    await page.getByRole('button', { name: 'Cancel policy' }).waitFor();

    // As it opened (today, the customer's request, no note), even previewed: it closes at once.
    await openForm(page, 'Cancel policy', title);
    await expect(note.inputValue()).resolves.toBe('');
    await escapeClosesAtOnce(page, note, form);
    await openForm(page, 'Cancel policy', title);
    await form.getByRole('button', { name: 'Preview cancellation' }).click();
    await form.getByRole('region', { name: 'Cancellation preview' }).waitFor();
    await form.getByRole('button', { name: 'Close' }).click();
    await form.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);

    // Another reason: Close asks; kept, previewed and committed, it closes without asking.
    await openForm(page, 'Cancel policy', title);
    await form.getByLabel('Reason').selectOption('OTHER');
    await form.getByRole('button', { name: 'Close' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(form.getByLabel('Reason').inputValue()).resolves.toBe('OTHER');
    await form.getByRole('button', { name: 'Preview cancellation' }).click();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Commit cancellation' }).click();
    await page.getByText(new RegExp(`Policy ${policy.policyNumber} is cancelled effective`)).waitFor();
    await form.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
  });
});

describe('commission dialogs with a date ask before they close with another one', () => {
  // A new agency under Northwind, without rules.
  let entityId: number;
  beforeAll(async () => {
    const api = apiFor(portal.server.url);
    const { accessToken: token } = await api.login(ADMIN);
    const response = await api.post(
      '/v2/entities',
      {
        entity_code: uniqueEntityCode(),
        entity_name: 'Guarded Pet Agency',
        master_entity_id: await entityIdOf(db(), NORTHWIND),
        type_code: 'AGENCY',
      },
      { token },
    );
    expect(response.status, response.text).toBe(201);
    entityId = EntityResponse.parse(response.body).data.id;
  });

  it('generate from the house rules, then expire a rule', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(`/admin/entities/${entityId}?tab=commission`);
    const none = page.getByText('No rules match. Add one, or generate them from the house rules.');
    await none.waitFor();
    const rules = await eventCount('commission_rule');

    const generate = page.getByRole('dialog', { name: 'Generate from house rules' });
    await page.getByRole('button', { name: 'Generate from house rules' }).click();
    const day = generate.getByLabel('Effective date');
    await day.fill('2026-02-01');
    await escapeAsks(page, day, '2026-02-01');
    await discardCloses(page, day);
    await expect(eventCount('commission_rule')).resolves.toBe(rules);
    await expect(none.isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Generate from house rules' }).click();
    await expect(day.inputValue()).resolves.toBe(today);
    await escapeClosesAtOnce(page, day);
    // Cancel with another day asks too; generated, it closes without asking.
    await page.getByRole('button', { name: 'Generate from house rules' }).click();
    await day.fill('2026-02-01');
    await generate.getByRole('button', { name: 'Cancel' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(day.inputValue()).resolves.toBe('2026-02-01');
    await generate.getByRole('button', { name: 'Generate rules' }).click();
    await page.getByText(/^\d+ rules generated$/).waitFor();
    await day.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);

    // Expire the first rule: another day asks, discarded it expires nothing.
    const generated = await eventCount('commission_rule');
    const expireButton = page.getByRole('button', { name: /^Expire rule \d+$/ }).first();
    const expire = page.getByRole('dialog', { name: /^Expire rule \d+\?$/ });
    await expireButton.click();
    const expiration = expire.getByLabel('Expiration date');
    const proposed = await expiration.inputValue();
    const later = addDays(proposed, 10);
    await expiration.fill(later);
    await escapeAsks(page, expiration, later);
    await discardCloses(page, expiration);
    await expect(eventCount('commission_rule')).resolves.toBe(generated);
    await expect(page.getByText(/Rule \d+ expires on/).count()).resolves.toBe(0);
    await expireButton.click();
    await escapeClosesAtOnce(page, expiration);
    await expireButton.click();
    await expiration.fill(later);
    await expire.getByRole('button', { name: 'Expire rule' }).click();
    await page.getByText(`expires on ${later}.`, { exact: false }).waitFor();
    await expiration.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
  });

  it('generate statements', async () => {
    const page = await signedIn(ADMIN);
    await page.goto('/admin/commission-review/statements');
    const thisMonth = today.slice(0, 7);
    const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
    const statements = await eventCount('commission_statement');

    const dialog = page.getByRole('dialog', { name: 'Generate statements' });
    await page.getByRole('button', { name: 'Generate statements' }).click();
    const month = dialog.getByLabel('Month');
    await month.fill(lastMonth);
    await escapeAsks(page, month, lastMonth);
    await discardCloses(page, month);
    await expect(eventCount('commission_statement')).resolves.toBe(statements);
    await page.getByRole('button', { name: 'Generate statements' }).click();
    await expect(month.inputValue()).resolves.toBe(thisMonth);
    await escapeClosesAtOnce(page, month);

    // Generated for the month chosen: the dialog stays to show the result, and closes without asking.
    await page.getByRole('button', { name: 'Generate statements' }).click();
    await month.fill(lastMonth);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.getByRole('status').waitFor();
    await expect(dialog.getByRole('status').innerText()).resolves.toContain(`Statements of ${lastMonth}:`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await month.waitFor({ state: 'detached' });
    await expect(discardPrompt(page).count()).resolves.toBe(0);
  });
});
