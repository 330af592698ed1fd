import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cancelFigures,
  isCancelRefusal,
} from '../../src/server/domain/rentersPolicies/changes/rentersChangeFigures';
import { oneYearAfter } from '../../src/server/domain/rentersPolicies/rentersPolicyNumbers';
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
    await shot(page, 'renters-cancel-reinstated');
  });
});
