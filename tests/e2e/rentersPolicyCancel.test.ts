import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cancelFigures,
  isCancelRefusal,
} from '../../src/server/domain/rentersPolicies/changes/rentersChangeFigures';
import { oneYearAfter } from '../../src/server/domain/rentersPolicies/rentersPolicyNumbers';
import { formatBusinessDate } from '../../src/calendar';
import { formatMoney } from '../../src/ui/format';
import { INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import {
  addDays,
  issuePaidRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { portalSuite } from './portalSession';
import { scrollToTop } from './rentersPolicyPage';
import { signIn, waitForPath } from './portalPage';

// Preview then commit a pro-rata cancellation of a renters policy in the browser, then reinstate it
// (docs/renters-cancellation.md, docs/decisions/008).
const portal = portalSuite({ width: 1366, height: 900 });
const { freshPage, shot } = portal;
const today = businessToday();

let policy: { policyNumber: string; matterId: number; customerId: number };
let issue: ReturnType<typeof rentersPolicyIssue>;

beforeAll(async () => {
  const db = portal.server.server.database.db;
  issue = rentersPolicyIssue({
    entityId: await entityIdOf(db, NORTHWIND_AUSTIN),
    termInterval: 'annual',
    effectiveDate: addDays(today, -40),
  });
  policy = await issuePaidRentersPolicy(db, issue);
});

function refundOn(cancelDate: string): number {
  const f = cancelFigures(
    {
      effectiveDate: issue.effectiveDate,
      expirationDate: oneYearAfter(issue.effectiveDate),
      termInterval: 'annual',
      termPremiumCents: issue.termPremiumCents,
      taxesCents: issue.taxesCents,
      firstPaymentCents: issue.payment.amountCents,
      laterPaymentCents: null,
    },
    // Only the refund is read here: no commission is taken back in this sum.
    { method: 'PRO_RATA', cancelDate, canBeFlatCancelled: false, today, clawback: () => 0 },
  );
  if (isCancelRefusal(f)) throw new Error(f.message);
  return f.settlement.amountCents / 100;
}

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });

// A fact of the Summary card, by its label, showing the value given.
async function fact(page: Page, label: string, value: string): Promise<void> {
  const summary = page.getByRole('region', { name: 'Summary', exact: true });
  const term = summary.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  await expect(term.locator('xpath=following-sibling::dd[1]').innerText()).resolves.toBe(value);
}

const transactionRow = (page: Page, type: string) =>
  page
    .getByRole('table', { name: 'Transactions of the policy' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: type, exact: true }) });

describe('renters policy cancellation', () => {
  it('previews, re-previews after an edit, confirms and commits a cancellation, then reinstates', async () => {
    const page = await freshPage();
    await page.goto('/login');
    await signIn(page, INTERNAL);
    await waitForPath(page, '/');
    await page.goto(`/renters/customers/${policy.customerId}/policies/${policy.matterId}`);
    await page.getByRole('button', { name: 'Cancel policy' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').selectOption('CUSTOMER_REQUEST');
    await dialog.getByLabel('Method').selectOption('PRO_RATA');
    await dialog.getByLabel('Cancel date').fill(addDays(today, 3));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await preview(page)
      .getByText(formatMoney(refundOn(addDays(today, 3))))
      .waitFor();
    await shot(page, 'renters-cancel-preview');

    // Any edit drops the preview.
    await dialog.getByLabel('Cancel date').fill(today);
    await expect(preview(page).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const refund = formatMoney(refundOn(today));
    await preview(page).getByText(refund).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(`This will cancel ${policy.policyNumber}`).waitFor();
    await expect(dialog.getByText(`and refund ${refund}.`).count()).resolves.toBe(1);
    await shot(page, 'renters-cancel-confirm');
    // The commit presents the token the server signed for this preview (docs/decisions/013).
    const commitRequest = page.waitForRequest(
      (r) => r.url().endsWith(`/v2/renters/policies/${policy.matterId}/cancel`) && r.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Commit' }).click();
    const sent = (await commitRequest).postDataJSON() as {
      data: { commit: boolean; preview_token?: string };
    };
    expect(sent.data.commit).toBe(true);
    expect(sent.data.preview_token).toMatch(/^pv1\./);
    await page.getByText(`Done: cancel ${policy.policyNumber}`).waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    // The reason and date on the record, the cancellation among the transactions, in words.
    await fact(page, 'Cancellation reason', 'Customer request');
    await fact(page, 'Cancellation date', formatBusinessDate(today));
    await transactionRow(page, 'Cancellation').filter({ hasText: 'Customer request' }).waitFor();
    await shot(page, 'renters-cancel-committed');

    await page.getByRole('button', { name: 'Reinstate' }).click();
    await dialog.getByLabel('Reason').selectOption('CANCELLED_IN_ERROR');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await preview(page).getByText('Charge').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(`and charge ${refund}.`).waitFor();
    await dialog.getByRole('button', { name: 'Commit' }).click();
    await page.getByText(`Done: reinstate ${policy.policyNumber}`).waitFor();
    await page.getByRole('button', { name: 'Cancel policy' }).waitFor();
    await fact(page, 'Cancellation reason', '—');
    await transactionRow(page, 'Cancellation').filter({ hasText: 'Reversed by a reinstatement' }).waitFor();
    await transactionRow(page, 'Reinstatement').filter({ hasText: 'Cancelled in error' }).waitFor();
    await shot(page, 'renters-cancel-reinstated');

    // Set not to renew: the non-renewal, its date and reason on the record, pending among the transactions.
    await page.getByRole('button', { name: 'Discontinue' }).click();
    await dialog.getByLabel('Reason').selectOption('UNDERWRITING');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('button', { name: 'Commit' }).click();
    await page.getByText(`Done: not renew ${policy.policyNumber}`).waitFor();
    const expiration = oneYearAfter(issue.effectiveDate);
    await fact(page, 'Non-renewal', `From ${formatBusinessDate(expiration)}`);
    await fact(page, 'Non-renewal reason', 'Underwriting reasons');
    await transactionRow(page, 'Non-renewal').filter({ hasText: 'Pending' }).waitFor();

    // The term as billing bills it: premium, taxes, fees and the year paid in full.
    const term = page
      .getByRole('table', { name: 'Terms of the policy' })
      .getByRole('row')
      .filter({ hasText: 'First term (current)' });
    await expect(term.innerText()).resolves.toContain(formatMoney(issue.termPremiumCents / 100));
    await expect(term.innerText()).resolves.toContain(
      `Paid in full: ${formatMoney(issue.payment.amountCents / 100)}`,
    );
    await scrollToTop(page);
    await shot(page, 'renters-policy-terms-transactions');
  });
});
