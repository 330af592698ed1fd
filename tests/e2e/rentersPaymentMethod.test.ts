import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { entityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { INTERNAL } from '../support/personas';
import { PAYING_CARD, rentersCoverage, rentersCustomer, rentersQuoteApi } from '../support/rentersQuoteApi';
import { portalSuite } from './portalSession';

// The payment method card of the renters policy edit screen: the method the policy was bought with, and
// its update through a setup intent (docs/payments.md "Renters payment methods").
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

let policy: { customerId: number; matterId: number; policyNumber: string };

beforeAll(async () => {
  // Bought through the quote API by agent@ with the paying test card, for a customer of its own.
  const r = rentersQuoteApi(entityApi(() => apiFor(portal.server.url)));
  const quote = await r.start();
  const base = `/v2/renters/quotes/${quote.id}`;
  await r.step(`${base}/coverage`, rentersCoverage);
  await r.step(`${base}/customer`, {
    ...rentersCustomer,
    customer: { ...rentersCustomer.customer, email: `pm.${randomBytes(4).toString('hex')}@example.test` },
  });
  const token = await r.token(PAYING_CARD);
  const review = await r.step(`${base}/payment-method`, { token, billing_zip_code: '78701' });
  const bought = await r.step(`${base}/purchase`, {
    request_id: randomUUID(),
    terms_accepted: true,
    total: review.premium!.total,
  });
  const row = await portal.server.server.database.db
    .selectFrom('renters_policies')
    .select(['customer_id', 'matter_id', 'policy_number'])
    .where('policy_number', '=', bought.policy!.policy_number)
    .executeTakeFirstOrThrow();
  policy = { customerId: row.customer_id, matterId: row.matter_id, policyNumber: row.policy_number };
});

describe('renters payment method', () => {
  it('changes the card on the policy edit screen, and shows a refused number under its field', async () => {
    const page = await signedIn(INTERNAL);
    await page.goto(`/renters/customers/${policy.customerId}/policies/${policy.matterId}`);
    const card = page.getByRole('region', { name: 'Payment method' });
    await card.getByText('Card •••• 4242').waitFor();
    await card.getByText('78701').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'renters-payment-method', false);

    await card.getByRole('button', { name: 'Update payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update payment method' });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4241');
    await dialog.getByLabel('Expiry (MM/YY)').fill('11/30');
    await dialog.getByLabel('CVC').fill('321');
    await dialog.getByLabel('Name on card').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Save payment method' }).click();
    await dialog.getByText('Check the fields marked below.').waitFor();
    const numberField = dialog.getByLabel('Card number');
    await expect(numberField.getAttribute('aria-invalid')).resolves.toBe('true');
    await shot(page, 'renters-payment-method-refused', false);

    await numberField.fill('5555 5555 5555 4444');
    await dialog.getByRole('button', { name: 'Save payment method' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('The payment method is now Card •••• 4444.').waitFor();
    await card.getByTestId('renters-payment-method').getByText('Card •••• 4444').waitFor();
    await expect(card.getByText('Card •••• 4242').count()).resolves.toBe(0);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'renters-payment-method-updated', false);
  });
});
