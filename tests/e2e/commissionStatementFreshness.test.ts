import { beforeAll, describe, expect, it } from 'vitest';
import { generateStatements } from '../../src/server/domain/commission/generateStatements';
import { entityIdOf, testActor } from '../support/records';
import { REVIEWER, SUMMIT } from '../support/personas';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { portalSuite } from './portalSession';
import { waitForPath } from './portalPage';
import { businessMonth, businessToday } from '../support/businessToday';

// An out-of-date statement on the review screen (docs/decisions/014): Summit's month is generated with one
// renters sale, two more are sold afterwards; the reviewer sees the statement out of date with the two
// missing lines and the difference, no Approve, and Recalculate brings it up to date and offers Approve.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

const MONTH = businessMonth();
const MONTH_LABEL = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${MONTH}-01T00:00:00Z`));

describe('an out-of-date commission statement', () => {
  beforeAll(async () => {
    const db = portal.server.server.database.db;
    const entityId = await entityIdOf(db, SUMMIT);
    const sell = () => issueTestRentersPolicy(db, rentersPolicyIssue({ entityId, termInterval: 'annual' }));
    await sell();
    const today = businessToday();
    await generateStatements(db, MONTH, today, testActor('e2e'), { kind: 'all' });
    await sell();
    await sell();
  });

  it('shows what it lacks, and Recalculate clears it so it can be approved', async () => {
    const page = await signedIn(REVIEWER);
    await page.goto(`/admin/commission-review/statements?entityCode=${SUMMIT}`);
    await waitForPath(page, `/admin/commission-review/statements?entityCode=${SUMMIT}`);
    await page.getByRole('button', { name: `Open the statement of ${SUMMIT} for ${MONTH_LABEL}` }).click();
    const dialog = page.getByRole('dialog', { name: `Statement ${SUMMIT} · ${MONTH_LABEL}` });
    const stale = dialog.getByTestId('statement-out-of-date');
    await stale.waitFor();
    const text = await stale.innerText();
    expect(text).toContain('This statement is out of date');
    expect(text).toContain('2 commissionable events arrived after it was calculated');
    await expect(
      stale.getByRole('list', { name: 'Lines missing from the statement' }).getByRole('listitem').count(),
    ).resolves.toBe(2);
    await expect(dialog.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    await shot(page, 'commission-statement-out-of-date', false);

    await stale.getByRole('button', { name: 'Recalculate' }).click();
    await dialog.getByText(/The statement was recalculated: 3 lines/).waitFor();
    await stale.waitFor({ state: 'detached' });
    await expect(
      dialog.getByRole('table', { name: 'Statement lines' }).getByRole('row').count(),
    ).resolves.toBe(4);
    await dialog.getByRole('button', { name: 'Approve' }).waitFor();
    await shot(page, 'commission-statement-recalculated', false);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('The statement was approved.').waitFor();
  });
});
