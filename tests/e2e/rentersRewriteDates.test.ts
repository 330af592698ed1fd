import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import {
  addDays,
  issueTestRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { PAYING_CARD } from '../support/rentersQuoteApi';
import { appendTo } from '../support/rentersRewriteApi';
import { portalSuite } from './portalSession';
import { acceptTermsAndBuy, fillRentersCard, waitForRentersStep } from './rentersJourneyPage';

// Where a rewrite starts, on screen (docs/renters-quotes.md "Where a rewrite starts", "Cover and overlap"):
// the journey opens on the day the old cover ends and says why; a day inside the old cover is refused on the
// date field, and a date that another policy bought meanwhile now overlaps is refused on the review step.
const portal = portalSuite({ width: 1280, height: 1100 });
const SHOTS = 'test-results';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('the renters rewrite start date', () => {
  it('prefills where the old cover ends and refuses an overlapping date', { timeout: 180_000 }, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const db = portal.server.server.database.db;
    const today = businessToday();
    const cancelDate = addDays(today, 15);
    const issue = rentersPolicyIssue({
      entityId: await entityIdOf(db, NORTHWIND_AUSTIN),
      effectiveDate: addDays(today, -20),
      termInterval: 'annual',
    });
    const old = await issueTestRentersPolicy(db, issue);
    await appendTo(db, old.policyNumber, [
      {
        type: 'renters.cancelled',
        data: { method: 'PRO_RATA', cancelDate, immediate: false, reasonCode: 'INSURED_REQUEST' },
      },
    ]);

    const page = await portal.signedIn(INTERNAL);
    await page.goto(`/renters/quotes/journey-start?rewriteOf=${old.policyNumber}&matterId=${old.matterId}`);
    const date = page.getByLabel('Effective date');
    await date.waitFor();
    await expect(date.inputValue()).resolves.toBe(cancelDate);
    await page
      .getByText(
        `Starts on ${cancelDate}, when the cover of ${old.policyNumber} ends, so the two do not overlap.`,
      )
      .waitFor();
    await shot(page, 'renters-rewrite-1-prefilled');

    // A day inside the old cover: refused beside the date, and no quote is made.
    const early = addDays(cancelDate, -1);
    await date.fill(early);
    await page.getByText(`The cover of ${old.policyNumber} ends on ${cancelDate}.`).waitFor();
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    const refused = page.locator('[data-field-errors="effective_date"]');
    await refused.waitFor();
    await expect(refused.innerText()).resolves.toContain(
      `Coverage from ${early} overlaps policy ${old.policyNumber} which covers this address until ${cancelDate}.`,
    );
    expect(new URL(page.url()).pathname).toBe('/renters/quotes/journey-start');
    await shot(page, 'renters-rewrite-2-overlap-refused');

    // The prefilled day is taken, and the journey goes on to review.
    await date.fill(cancelDate);
    await page.getByRole('button', { name: 'Continue to coverage' }).click();
    await waitForRentersStep(page, 'coverage');
    await page.getByRole('form', { name: 'Coverage' }).waitFor();
    await page.getByRole('button', { name: 'Price and continue to customer' }).click();
    await waitForRentersStep(page, 'customer');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForRentersStep(page, 'payment');
    await fillRentersCard(page, PAYING_CARD);
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await waitForRentersStep(page, 'review');

    // Meanwhile the customer bought cover of the same address from that day: the purchase is refused on
    // the review step, naming that policy.
    const meanwhile = await issueTestRentersPolicy(
      db,
      rentersPolicyIssue({
        entityId: issue.entityId,
        effectiveDate: cancelDate,
        termInterval: 'annual',
        email: issue.customer.email,
      }),
    );
    await acceptTermsAndBuy(page);
    const onReview = page.locator('[data-field-errors="effective_date"]');
    await onReview.waitFor();
    await expect(onReview.innerText()).resolves.toContain(
      `Coverage from ${cancelDate} overlaps policy ${meanwhile.policyNumber} which covers this address until`,
    );
    await expect(page.getByText('Check the fields marked below.').count()).resolves.toBe(1);
    await shot(page, 'renters-rewrite-3-review-refused');
  });
});
