import { describe, expect, it } from 'vitest';
import { businessDate, addDays, formatBusinessDate } from '../../src/calendar';
import { DAILY_WORK } from '../../src/server/jobs/dailyWorkList';
import { ADMIN, AGENT } from '../support/personas';
import { portalSuite } from './portalSession';
import { readMenu, waitForPath } from './portalPage';

// The Jobs screen (/admin/jobs): the root administrator opens it from the menu, sees the business date and
// that mail stays in the outbox, moves the sandbox clock forward, which runs the skipped days' work, and
// retries a failed piece; an agent does not have it in the menu.
const portal = portalSuite();
const { shot, signedIn } = portal;

describe('jobs screen', () => {
  it('lets the root administrator move the sandbox clock, read each day’s work and retry a failure', async () => {
    const db = portal.server.server.database.db;
    const today = businessDate(portal.server.server.clock.now());
    // A piece that failed two days ago, as the payment service was down.
    await db
      .insertInto('daily_work_runs')
      .values({
        name: 'month-end-statements',
        title: 'Month-end commission statements',
        position: 0,
        business_date: addDays(today, -2),
        status: 'failed',
        error: 'The payment service did not answer',
        attempts: 5,
      })
      .execute();

    const page = await signedIn(ADMIN);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Jobs' }).click();
    await waitForPath(page, '/admin/jobs');
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    const clockPanel = page.getByRole('region', { name: 'Business clock' });
    await clockPanel.getByText(formatBusinessDate(today), { exact: true }).waitFor();
    await clockPanel.getByText(/SMTP_URL is not set: mail stays in the outbox/).waitFor();

    await clockPanel.getByLabel('Move forward (days)').fill('2');
    // The move names the date it ends on.
    await clockPanel.getByText(`To ${formatBusinessDate(addDays(today, 2))}.`, { exact: false }).waitFor();
    await clockPanel.getByRole('button', { name: 'Move to date' }).click();
    // The move cannot be taken back: it asks first, saying what the skipped days will do.
    const ask = page.getByRole('dialog', {
      name: `Move the business date to ${formatBusinessDate(addDays(today, 2))}?`,
    });
    await ask.getByText('The clock cannot be moved back.').waitFor();
    await shot(page, 'jobs-screen-move-confirm');
    await ask.getByRole('button', { name: 'Move 2 days' }).click();
    await clockPanel.getByText(formatBusinessDate(addDays(today, 2)), { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Daily work by business day' });
    await table
      .getByRole('row')
      .filter({ hasText: formatBusinessDate(addDays(today, 2)) })
      .getByText('Done', { exact: true })
      .first()
      .waitFor();
    const rows = table.locator('tbody tr');
    // Every piece of today and the two days moved over, and the failed day.
    await expect.poll(() => rows.count()).toBe(3 * DAILY_WORK.length + 1);
    const failed = table.getByRole('row').filter({ hasText: 'The payment service did not answer' });
    await failed.getByText('Failed').waitFor();
    await shot(page, 'jobs-screen');

    await failed.getByRole('button', { name: /^Retry Month-end commission statements/ }).click();
    await table
      .getByRole('row')
      .filter({ hasText: formatBusinessDate(addDays(today, -2)) })
      .getByText('Due')
      .waitFor();
  });

  it('is not in the menu of an agent', async () => {
    const page = await signedIn(AGENT);
    expect(await readMenu(page)).not.toContain('Admin: Jobs');
  });
});
