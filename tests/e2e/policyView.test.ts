import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeClaim, submitClaim } from '../../src/server/domain/matters/claimCommands';
import { claimEvent } from '../../src/server/domain/matters/matterEvents';
import { addNote } from '../../src/server/domain/policies/policyNotes';
import { apiFor } from '../support/http';
import { ADMIN, AGENT } from '../support/personas';
import { purchasePolicies, type PolicyPurchase } from '../support/policyFixtures';
import { testClaim } from '../support/policyMatterFixtures';
import { TEST_METADATA } from '../support/records';
import { waitForPath } from './portalPage';
import { portalSuite } from './portalSession';
import { card, openTab, shotFromTop, tinyPdf } from './policyViewPage';
import { signedInAt } from './quoteJourneyPage';

// The policy 360 screen (/policies/{matterId}) as an agent uses it: the customer's pets' policies, the
// policyholder edit with its reason, a note, a file up and down, a cancellation previewed then committed
// (a commit of a preview gone stale refused, then previewed again), and all of it in the policy's events.
const portal = portalSuite({ width: 1366, height: 1100 });
const { freshPage, shot } = portal;
const fullShot = shotFromTop(portal);

describe('policy view', () => {
  let purchase: PolicyPurchase;
  beforeAll(async () => {
    purchase = await purchasePolicies(portal.server, { email: AGENT, petNames: ['Biscuit', 'Pepper'] });
  });

  it('shows a policy, switches between the customer’s pets and changes it, all recorded as events', async () => {
    const [biscuit, pepper] = purchase.policies;
    // A claim on Biscuit, approved and partly paid, as the claims system records it.
    const db = portal.server.server.database.db;
    const { claimNumber } = await db.transaction().execute(async (trx) => {
      const made = await submitClaim(
        trx,
        TEST_METADATA,
        testClaim(biscuit!.policyNumber, {
          claimedCents: 26540,
          conditions: [
            { ailmentId: 1710, description: 'Laceration' },
            { ailmentId: 1722, description: 'Torn nail' },
          ],
        }),
      );
      await changeClaim(trx, TEST_METADATA, made.claimId, [
        claimEvent.reviewStarted(),
        claimEvent.approved({ approvedCents: 20000 }),
        claimEvent.paymentMade({
          paymentId: randomUUID(),
          paidOn: '2026-11-22',
          amountCents: 12000,
          method: 'ACH',
          reference: 'EFT-77',
        }),
      ]);
      return made;
    });
    // The quote's tracking, set as a partner's bookkeeping would after the sale.
    const api = apiFor(portal.server.url);
    const { accessToken } = await api.login(ADMIN);
    const tracked = await api.request('PUT', `/v2/quotes/${purchase.quote.uuid}/tracking`, {
      token: accessToken,
      body: {
        partner_data: { code: 'SHELTER-ATX', name: 'Austin Animal Shelter' },
        reference_data: { reference: 'CRM-20417', values: { campaign: 'spring' } },
      },
    });
    expect(tracked.status, tracked.text).toBe(200);
    const page = await freshPage();
    // Found by the pet's name on the policy search, opened from its row.
    await signedInAt(page, AGENT, '/policies');
    const search = page.getByRole('search', { name: 'Policy search' });
    await search.getByLabel('Pet name').fill('Biscuit');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: new RegExp(biscuit!.policyNumber) }).click();
    await waitForPath(page, `/policies/${biscuit!.matterId}`);
    await page.getByRole('heading', { name: `Policy ${biscuit!.policyNumber}` }).waitFor();

    // SPEC §3 "Policy detail": the four cards, money and dates as people read them.
    await expect(card(page, 'Pet').innerText()).resolves.toContain('Biscuit');
    await expect(card(page, 'Summary').innerText()).resolves.toContain(biscuit!.policyNumber);
    await expect(card(page, 'Coverage').innerText()).resolves.toMatch(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    // When each category's cover starts, from the policy's first day and its plan's waiting periods.
    await expect(card(page, 'Coverage').innerText()).resolves.toMatch(
      /Illness cover from [A-Z][a-z]{2} \d{1,2}, \d{4} \(14-day waiting period\)/,
    );
    await expect(card(page, 'Coverage').innerText()).resolves.toMatch(
      /Knee ligament cover from [A-Z][a-z]{2} \d{1,2}, \d{4} \(6-month waiting period\)/,
    );
    await expect(card(page, 'Summary').innerText()).resolves.toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // The brand and the plan by name, and how the purchase's payment went.
    const summary = await card(page, 'Summary').innerText();
    expect(summary).toMatch(/Brand\s+Harbor Mutual/i);
    expect(summary).toMatch(/\bPlan\s+[A-Z][a-z]/i);
    expect(summary).toMatch(/Initial payment\s+Paid at purchase/i);
    // SPEC §3's quote attribution carried into the policy, in words (docs/pet-policy-record.md "Sold through").
    const sold = await card(page, 'Sold through').innerText();
    expect(sold).toMatch(/^Agency\s+Northwind.+\(\d{4}-\d{4}-[A-Z]{2}\)$/im);
    expect(sold).toMatch(/Platform\s+Agent portal/i);
    expect(sold).toMatch(/Partner\s+Austin Animal Shelter \(SHELTER-ATX\)/i);
    expect(sold).toMatch(/Reference\s+CRM-20417 · campaign: spring/i);
    await fullShot(page, 'policy-1-view');

    // SPEC §3 "Claim": the claims tab in words, then the claim's record with its moments and payments.
    await openTab(page, 'Claims');
    const claims = page.getByRole('table', { name: 'Claims of the policy' });
    await claims.getByRole('cell', { name: 'Veterinary clinic' }).waitFor();
    const row = await claims.innerText();
    expect(row).toContain('Laceration (ailment 1710), Torn nail (ailment 1722)');
    expect(row).toContain('$265.40');
    await claims.getByRole('button', { name: 'About Approved' }).waitFor();
    await page.getByRole('button', { name: `View claim ${claimNumber}` }).click();
    const record = page.getByRole('region', { name: `Claim ${claimNumber}` });
    await record.getByRole('table', { name: `Payments of claim ${claimNumber}` }).waitFor();
    const told = await record.innerText();
    for (const words of [
      'Superficial laceration of the left fore paw',
      'Nov 20, 2026 – Nov 21, 2026',
      'Veterinary clinic',
      'Bank transfer',
      '$120.00',
      'Paid',
    ]) {
      expect(told).toContain(words);
    }
    // The submitted and assessed moments on the business clock, with their zone; not yet closed.
    expect(told).toMatch(/SUBMITTED\s+[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{2,4}/i);
    expect(told).toMatch(/ASSESSED\s+[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/i);
    expect(told).toMatch(/CLOSED\s+—/i);
    // No raw codes: the source, status and method are told in words (read as written, not as styled).
    const written = await record.evaluate((el) => el.textContent ?? '');
    expect(written).not.toMatch(/\b(VET|APPROVED|ACH|PAID)\b/);
    await record.getByRole('button', { name: 'About Approved' }).first().hover();
    await record.getByRole('tooltip').filter({ hasText: 'approved amount is being paid' }).first().waitFor();
    await shot(page, 'policy-1b-claim', false);

    // The customer's other pet is one click away, and back.
    const switcher = page.getByRole('navigation', { name: "The customer's policies" });
    await switcher.getByRole('link', { name: new RegExp(`Pepper · ${pepper!.policyNumber}`) }).click();
    await waitForPath(page, `/policies/${pepper!.matterId}`);
    await page.getByRole('heading', { name: `Policy ${pepper!.policyNumber}` }).waitFor();
    await expect(card(page, 'Pet').innerText()).resolves.toContain('Pepper');
    await switcher.getByRole('link', { name: /Biscuit/ }).click();
    await page.getByRole('heading', { name: `Policy ${biscuit!.policyNumber}` }).waitFor();

    // A policyholder change needs its reason.
    await page.getByRole('button', { name: 'Edit policyholder' }).click();
    const edit = page.getByRole('form', { name: 'Edit policyholder' });
    await edit.getByLabel('Address line 1').fill('42 Lamar Blvd');
    await edit.getByRole('button', { name: 'Save policyholder' }).click();
    await edit.locator('[data-field-errors="reason"]').waitFor();
    await edit.getByLabel('Reason for the change').fill('Customer moved across town');
    // The mailing address stays in the policy's state: the server says so under the zip code.
    await edit.getByLabel('Zip code').fill('10001');
    await edit.getByRole('button', { name: 'Save policyholder' }).click();
    await edit.locator('[data-field-errors="zip"]').waitFor();
    await shot(page, 'policy-2-edit-refused', false);
    await edit.getByLabel('Zip code').fill('78701');
    await edit.getByRole('button', { name: 'Save policyholder' }).click();
    await page.getByText('The policyholder was saved.').waitFor();
    await expect(card(page, 'Policyholder').innerText()).resolves.toContain('42 Lamar Blvd');

    // A note.
    await openTab(page, 'Notes');
    await page.getByLabel('Note', { exact: true }).fill('Called the customer about the vet records.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page
      .getByRole('list', { name: 'Notes' })
      .getByText('Called the customer about the vet records.')
      .waitFor();
    await fullShot(page, 'policy-3-notes');

    // Only documents and pictures may be uploaded: the portal says so first, the server checks the content.
    await openTab(page, 'Files');
    const fileInput = page.getByLabel('File', { exact: true });
    await fileInput.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    await page.getByRole('alert').filter({ hasText: 'Only PDF, PNG, JPEG and plain text' }).waitFor();
    await fileInput.setInputFiles({
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('this is not a PDF'),
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    await page.getByRole('alert').waitFor();
    await expect(page.getByRole('table', { name: 'Files of the policy' }).innerText()).resolves.not.toContain(
      'fake.pdf',
    );
    await shot(page, 'policy-4-upload-refused', false);

    // A file up, and the same bytes down.
    const pdf = tinyPdf('Vet record of Biscuit');
    await fileInput.setInputFiles({
      name: 'vet-record.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    await page.getByText('vet-record.pdf was uploaded.').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download vet-record.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('vet-record.pdf');
    expect(readFileSync(await file.path()).equals(pdf)).toBe(true);
    await fullShot(page, 'policy-4-files');

    // The cancellation is previewed (nothing changes), then committed.
    await page.getByRole('button', { name: 'Cancel policy' }).click();
    const cancel = page.getByRole('form', { name: `Cancel policy ${biscuit!.policyNumber}` });
    await cancel.getByLabel('Reason').selectOption('CUSTOMER_REQUEST');
    await cancel.getByLabel('Note', { exact: true }).fill('Moving abroad');
    await cancel.getByRole('button', { name: 'Preview cancellation' }).click();
    const preview = cancel.getByRole('region', { name: 'Cancellation preview' });
    await preview.waitFor();
    await expect(preview.innerText()).resolves.toMatch(/refund\s*\$\d/i);
    await shot(page, 'policy-5-cancel-preview', false);
    await expect(cancel.getByRole('button', { name: 'Commit cancellation' }).isDisabled()).resolves.toBe(
      true,
    );
    await cancel.getByRole('checkbox').check();
    // Someone else writes to the policy while the preview is on screen: the commit presents a preview of the
    // policy as it was, so the server refuses it and the dialog asks for a new preview (docs/decisions/013).
    await addNote(portal.server.server.database.db, TEST_METADATA, biscuit!.policyNumber, 'Called meanwhile');
    await cancel.getByRole('button', { name: 'Commit cancellation' }).click();
    await cancel
      .getByText('The policy has changed since the preview. Preview it again before committing.')
      .waitFor();
    await expect(preview.count()).resolves.toBe(0);
    await cancel.getByRole('button', { name: 'Preview cancellation' }).click();
    await preview.waitFor();
    await cancel.getByRole('checkbox').check();
    await cancel.getByRole('button', { name: 'Commit cancellation' }).click();
    await page.getByText(new RegExp(`Policy ${biscuit!.policyNumber} is cancelled effective`)).waitFor();
    await expect(page.getByRole('button', { name: 'Cancel policy' }).count()).resolves.toBe(0);
    await expect(card(page, 'Summary').innerText()).resolves.toContain('Cancelled');

    // The declaration made at issue is there to download; the payments show the premium and the refund.
    await openTab(page, 'Documents');
    await page.getByRole('button', { name: /^Download declaration/ }).waitFor();
    await openTab(page, 'Payments');
    const payments = page.getByRole('table', { name: 'Payments of the policy' });
    await payments.getByRole('cell', { name: 'Refund', exact: true }).waitFor();
    await expect(payments.innerText()).resolves.toContain('Premium');
    await fullShot(page, 'policy-6-payments');
    await openTab(page, 'Rates');
    await card(page, 'Premium').waitFor();

    // The events tab tells the whole story, with who did it.
    await openTab(page, 'Events');
    const events = page.getByRole('list', { name: 'History' });
    await events.waitFor();
    const text = await events.innerText();
    expect(text).toContain('Issued');
    expect(text).toContain('Note added');
    expect(text).toContain('File attached');
    expect(text).toContain('Policyholder changed');
    expect(text).toContain('Customer moved across town');
    expect(text).toContain('Cancelled');
    await fullShot(page, 'policy-7-events');
  });

  it('says plainly when there is no such policy', async () => {
    const page = await freshPage();
    await signedInAt(page, AGENT, '/policies/999999999');
    await page.getByText('Policy not found').waitFor();
    await fullShot(page, 'policy-8-not-found');
  });
});
