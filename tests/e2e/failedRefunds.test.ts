import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/ui/format';
import { CancelResponse } from '../../src/api/schemas/policies';
import { RentersChangeResponse } from '../../src/api/schemas/rentersPolicyChanges';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus } from '../support/entityApi';
import { apiFor } from '../support/http';
import { ADMIN, AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { centralToday, purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { entityIdOf } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { openTab, shotFromTop } from './policyViewPage';
import { waitForPath } from './portalPage';
import { openRentersTab, rentersPolicyPath } from './rentersPolicyPage';
import { portalSuite } from './portalSession';

// Failed refunds in the browser (docs/payments.md "Refund statuses"): two flat cancels whose refunds the
// payment service refuses (their charges made unknown to the sandbox) are listed on the root administrator's
// Failed Refunds screen; one is asked for again there once its charge is back and leaves the queue, the other
// is refused again and stays; the agent then asks again from the policy's Payments tab, the row says it went
// through and the ledger counts it refunded, and the queue is empty.
const portal = portalSuite();
const shot = shotFromTop(portal);

interface FailedPolicy {
  policy: IssuedPolicy;
  chargeId: string;
  amount: number;
}

describe('failed refunds asked for again', () => {
  const db = (): Db => portal.server.server.database.db;
  const setCharge = (chargeId: string, outcome: 'ok' | 'declined') =>
    db().updateTable('payment_charges').set({ outcome }).where('charge_id', '=', chargeId).execute();
  let clover: FailedPolicy;
  let basil: FailedPolicy;

  // A policy bought and cancelled flat, its refund refused because the charge is unknown.
  async function refusedRefund(name: string): Promise<FailedPolicy> {
    const [policy] = (await purchasePolicies(portal.server, { petNames: [name] })).policies;
    const { charge_id } = await db()
      .selectFrom('billing_instalments')
      .select('charge_id')
      .where('line', '=', 'pet')
      .where('policy_number', '=', policy!.policyNumber)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    await setCharge(charge_id!, 'declined');
    const e = entityApi(() => apiFor(portal.server.url));
    const cancelled = await commitPetCancel(e, policy!.matterId, AGENT, {
      cancelDate: centralToday(),
      reason: 'CUSTOMER_REQUEST',
    });
    expectStatus(cancelled, 200);
    const outcome = CancelResponse.parse(cancelled.body).data.refundOutcome!;
    expect(outcome.status).toBe('failed');
    return { policy: policy!, chargeId: charge_id!, amount: outcome.amount };
  }

  const queueRow = (page: Page, f: FailedPolicy) =>
    page
      .getByRole('region', { name: 'Failed refunds' })
      .getByRole('row')
      .filter({ hasText: f.policy.policyNumber });
  const askAgain = (page: Page, f: FailedPolicy) =>
    page.getByRole('button', {
      name: `Ask again for the refund of ${formatMoney(f.amount)} on policy ${f.policy.policyNumber}`,
    });

  it('lists the refused refunds on the Failed Refunds screen and asks again from there', async () => {
    clover = await refusedRefund('Clover');
    basil = await refusedRefund('Basil');
    const page = await portal.signedIn(ADMIN);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Failed Refunds' })
      .click();
    await waitForPath(page, '/accounting/failed-refunds');
    await page.getByRole('heading', { name: 'Failed refunds' }).waitFor();
    await queueRow(page, clover).waitFor();
    const row = await queueRow(page, basil).innerText();
    expect(row).toContain(formatMoney(basil.amount));
    expect(row).toContain("The card's charge is unknown to the payment service.");
    expect(row).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await shot(page, 'failed-refunds-1-queue');

    // Clover's charge is back: its refund goes through and it leaves the queue.
    await setCharge(clover.chargeId, 'ok');
    await askAgain(page, clover).click();
    await page
      .getByRole('status')
      .getByText(
        `Policy ${clover.policy.policyNumber}: The refund of ${formatMoney(clover.amount)} went through.`,
      )
      .waitFor();
    await expect.poll(() => queueRow(page, clover).count()).toBe(0);
    // Basil's is refused again and stays, asked twice now.
    await askAgain(page, basil).click();
    await page.getByRole('alert').getByText('refused the refund', { exact: false }).waitFor();
    await expect
      .poll(async () => (await queueRow(page, basil).locator('td').nth(5).innerText()).trim())
      .toBe('2');
    await shot(page, 'failed-refunds-2-after-retries');

    // The policy link opens the policy.
    await queueRow(page, basil).getByRole('link', { name: basil.policy.policyNumber }).click();
    await waitForPath(page, `/policies/${basil.policy.matterId}`);
    await page.getByRole('heading', { name: `Policy ${basil.policy.policyNumber}` }).waitFor();
  });

  it('asks again from the policy’s Payments tab, where the row and the ledger show the outcome', async () => {
    const page = await portal.signedIn(AGENT);
    await page.goto(`/policies/${basil.policy.matterId}`);
    await page.getByRole('heading', { name: `Policy ${basil.policy.policyNumber}` }).waitFor();
    await openTab(page, 'Payments');
    const billing = page.getByRole('region', { name: 'Billing', exact: true });
    const refunds = billing.getByRole('list', { name: 'Refunds' });
    await refunds.getByText(`Refund of ${formatMoney(basil.amount)} failed.`, { exact: false }).waitFor();
    expect(await refunds.innerText()).toContain(
      "The card's charge is unknown to the payment service. Asked twice.",
    );
    expect(await billing.innerText()).toMatch(new RegExp(`Credit\\s+\\${formatMoney(basil.amount)}`, 'i'));
    const payments = page.getByRole('table', { name: 'Payments of the policy' });
    await expect.poll(() => payments.innerText()).toContain('Failed');
    await shot(page, 'failed-refunds-3-payments-tab-failed');

    await setCharge(basil.chargeId, 'ok');
    await billing
      .getByRole('button', { name: `Ask again for the refund of ${formatMoney(basil.amount)}` })
      .click();
    await billing
      .getByRole('status')
      .getByText(`The refund of ${formatMoney(basil.amount)} went through.`)
      .waitFor();
    await refunds.getByText(`Refund of ${formatMoney(basil.amount)} sent back to the customer.`).waitFor();
    await expect(billing.getByRole('button', { name: /^Ask again/ }).count()).resolves.toBe(0);
    await expect
      .poll(() => billing.innerText())
      .toMatch(new RegExp(`Refunded\\s+\\${formatMoney(basil.amount)}`, 'i'));
    await expect.poll(() => payments.innerText()).toContain('Refunded');
    await shot(page, 'failed-refunds-4-payments-tab-done');
  });

  // The renters line's billing speaks snake_case on the wire; its Payments tab reads it into the same screen
  // (docs/billing.md "One casing per line"), so a failed renters refund is asked for again as a pet one is.
  it('asks again for a renters refund from the renters policy’s Payments tab', async () => {
    const today = centralToday();
    const issue = rentersPolicyIssue({
      entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
      effectiveDate: today,
      termInterval: 'monthly',
    });
    const issued = await issuePaidRentersPolicy(db(), issue);
    await setCharge(issue.payment.chargeId, 'declined');
    const e = entityApi(() => apiFor(portal.server.url));
    const cancelled = await e.post(`/v2/renters/policies/${issued.matterId}/cancel`, INTERNAL, {
      data: {
        policy_number: issued.policyNumber,
        reason_code: 'CUSTOMER_REQUEST',
        cancellation_method: 'PRO_RATA',
        commit: true,
      },
    });
    expectStatus(cancelled, 200);
    const { settlement } = RentersChangeResponse.parse(cancelled.body).data;
    expect(settlement.kind).toBe('refund');

    const page = await portal.signedIn(INTERNAL);
    await page.goto(rentersPolicyPath(issued));
    await page.getByRole('heading', { name: `Policy ${issued.policyNumber}` }).waitFor();
    await openRentersTab(page, 'Payments');
    const billing = page.getByRole('region', { name: 'Billing', exact: true });
    const refunds = billing.getByRole('list', { name: 'Refunds' });
    await refunds
      .getByText(`Refund of ${formatMoney(settlement.amount)} failed.`, { exact: false })
      .waitFor();
    await shot(page, 'failed-refunds-6-renters-failed');

    await setCharge(issue.payment.chargeId, 'ok');
    await billing
      .getByRole('button', { name: `Ask again for the refund of ${formatMoney(settlement.amount)}` })
      .click();
    await billing
      .getByRole('status')
      .getByText(`The refund of ${formatMoney(settlement.amount)} went through.`)
      .waitFor();
    await refunds
      .getByText(`Refund of ${formatMoney(settlement.amount)} sent back to the customer.`)
      .waitFor();
    await expect
      .poll(() => billing.innerText())
      .toMatch(new RegExp(`Refunded\\s+\\${formatMoney(settlement.amount)}`, 'i'));
    await shot(page, 'failed-refunds-7-renters-done');
  });

  it('says so plainly when no refund is waiting', async () => {
    const page = await portal.signedIn(ADMIN);
    await page.goto('/accounting/failed-refunds');
    await page
      .getByText('No failed refunds: every refund asked for has gone through or is under way.')
      .waitFor();
    await shot(page, 'failed-refunds-5-empty');
  });
});
