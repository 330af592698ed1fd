import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING, ADMIN } from '../support/personas';
import { startTestServer, type TestServer } from '../support/testServer';
import { SCREENSHOTS, launchBrowser } from './browser';
import { signIn, waitForPath } from './portalPage';

// Support recording end to end (docs/session-recording.md), on a server that records (tests run with it off
// unless they turn it on): a user signs in and types into an ordinary field (masked) and into the bank
// account form (blocked); the root administrator opens Session recordings from the Admin menu and replays
// the session; the stored events hold neither the typed text nor the typed account number.
const TYPED_TEXT = 'Zanzibar-Quokka';
const ACCOUNT_NUMBER = '987654321012';
const ROUTING_NUMBER = '111000025';

describe('session recording', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startTestServer('pglite', { SESSION_RECORDING: 'on' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  const signedIn = async (email: string): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 860 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
    await page.goto('/login');
    await signIn(page, email);
    await waitForPath(page, '/');
    return page;
  };
  const storedEvents = async (userEmail: string) => {
    const rows = await server.server.database.db
      .selectFrom('session_recording_chunks as c')
      .innerJoin('session_recordings as r', 'r.id', 'c.recording_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['c.events', 'r.id'])
      .where('u.email', '=', userEmail)
      .execute();
    return { ids: [...new Set(rows.map((r) => r.id))], text: JSON.stringify(rows.map((r) => r.events)) };
  };

  it('records a signed-in session without what was typed, and replays it to the root administrator', async () => {
    const user = await signedIn(ACCOUNTING);
    await user.goto('/my/settings');
    await user.getByLabel('First name').fill(TYPED_TEXT);
    await user.goto('/accounting/bank-verification');
    const form = user.getByRole('form', { name: 'Verify a bank account' });
    await form.getByLabel('Routing number').fill(ROUTING_NUMBER);
    await form.getByLabel('Account number').fill(ACCOUNT_NUMBER);
    await user.screenshot({ path: `${SCREENSHOTS}/session-recording-typed.png` });
    // Batches go every five seconds and when the page is hidden.
    await expect
      .poll(async () => (await storedEvents(ACCOUNTING)).text, { timeout: 20_000, interval: 1_000 })
      .toContain('No account is verified yet');
    await user.waitForTimeout(6_000);
    const stored = await storedEvents(ACCOUNTING);
    // A full page load starts a recording of its own (docs/session-recording.md): the two pages opened here.
    expect(stored.ids.length).toBeGreaterThanOrEqual(1);
    // The bank form was kept as an empty box of its size: neither its fields nor its words.
    expect(stored.text).toContain('rr_width');
    expect(stored.text).not.toContain('Verify a bank account');
    expect(stored.text).not.toContain(TYPED_TEXT);
    expect(stored.text).not.toContain(ACCOUNT_NUMBER);
    expect(stored.text).not.toContain(ROUTING_NUMBER);
    // The ordinary field was recorded, masked: its input events carry asterisks.
    expect(stored.text).toContain('*'.repeat(TYPED_TEXT.length));

    const admin = await signedIn(ADMIN);
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Session recordings' })
      .click();
    await waitForPath(admin, '/admin/session-recordings');
    const table = admin.getByRole('table', { name: 'Session recordings' });
    const row = table.getByRole('row').filter({ hasText: ACCOUNTING });
    await row.first().waitFor();
    await admin.screenshot({ path: `${SCREENSHOTS}/session-recordings-list.png`, fullPage: true });
    await row.first().getByRole('link').click();
    await admin.waitForURL(/\/admin\/session-recordings\/[0-9a-f-]{36}$/);
    const replay = admin.getByTestId('recording-replay');
    await replay.locator('iframe').waitFor();
    const frame = replay.frameLocator('iframe');
    await frame.locator('body').waitFor();
    // Let the replay play its first seconds.
    await admin.waitForTimeout(2_500);
    await admin.screenshot({ path: `${SCREENSHOTS}/session-recording-replay.png`, fullPage: true });
    // The replay iframe runs no script.
    const sandbox = await replay.locator('iframe').getAttribute('sandbox');
    expect(sandbox ?? '').not.toContain('allow-scripts');
  });
});
