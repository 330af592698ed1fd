import { describe, expect, it } from 'vitest';
import { ACCOUNTING } from '../support/personas';
import { portalSuite } from './portalSession';
import { chooseOption, waitForPath } from './portalPage';

// Accounting verifies a payee agency's bank account on /accounting/bank-verification (docs/payments.md
// "Bank account verification"): the eligible answer, the history and the list with last four only, and a
// routing number with a wrong check digit refused under its field.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;
const ACCOUNT = '731954268801';

describe('bank account verification', () => {
  it('verifies an agency account as eligible, then refuses a bad routing number', async () => {
    const page = await signedIn(ACCOUNTING);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Bank Account Verification' })
      .click();
    await waitForPath(page, '/accounting/bank-verification');
    const form = page.getByRole('form', { name: 'Verify a bank account' });
    await form.waitFor();
    await shot(page, 'bank-verification-empty', false);

    await form.getByLabel('Agency').fill('Lakeside');
    await chooseOption(
      form.getByLabel('Agency'),
      page.getByRole('option', { name: /Lakeside Renters Group/ }),
    );
    await form.getByLabel('Routing number').fill('021000021');
    const account = form.getByLabel('Account number');
    await expect(account.getAttribute('type')).resolves.toBe('password');
    await account.fill(ACCOUNT);
    await form.getByLabel('Account holder').fill('Lakeside Renters Group LLC');
    await form.getByLabel('Account type').selectOption('checking');
    await form.getByRole('button', { name: 'Verify account' }).click();

    const result = page.getByRole('status', { name: 'Verification result' });
    await result.getByText('✓ Eligible for RTP payments').waitFor();
    await result.getByText('•••• 8801', { exact: false }).waitFor();
    // The number is not echoed: the field is cleared and the page shows the last four only.
    await expect(account.inputValue()).resolves.toBe('');
    await expect(page.content()).resolves.not.toContain(ACCOUNT);
    const history = page.getByRole('region', { name: 'Verification history' });
    await history.getByTestId('bank-account-attempt').getByText('✓ Active').waitFor();
    const verified = page.getByRole('region', { name: 'Verified accounts' });
    await verified.getByText('•••• 8801').waitFor();
    await shot(page, 'bank-verification-eligible');

    await form.getByLabel('Routing number').fill('021000022');
    await account.fill('5550001234');
    await form.getByLabel('Account holder').fill('Lakeside Renters Group LLC');
    await form.getByRole('button', { name: 'Verify account' }).click();
    const errors = page.locator('[data-field-errors="routing_number"]');
    await errors.waitFor();
    await expect(errors.innerText()).resolves.toContain('check digit');
    await expect(form.getByLabel('Routing number').getAttribute('aria-invalid')).resolves.toBe('true');
    // Refused before anything was recorded: the history still has the one attempt.
    await expect(history.getByTestId('bank-account-attempt').count()).resolves.toBe(1);
    await shot(page, 'bank-verification-bad-routing', false);
  });
});
