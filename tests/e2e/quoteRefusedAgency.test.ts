import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/http';
import { ADMIN, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { portalSuite } from './portalSession';
import {
  REX,
  acceptConsents,
  fillCard,
  newCustomer,
  quoteToCheckout,
  signedInAt,
  waitForStep,
} from './quoteJourneyPage';

// An agency whose quoting right is turned off while its agent is in the journey: the purchase is refused
// by the server, and the checkout says why in the server's words, not as a bare permission error.
const portal = portalSuite({ width: 1366, height: 1500 });

describe('pet quote journey of an agency that may no longer quote', () => {
  it('shows the server’s refusal at checkout and issues nothing', async () => {
    const page = await portal.freshPage();
    await signedInAt(page, 'agent@demo.test', '/quotes/journey');
    await quoteToCheckout(page, newCustomer('Ada', 'Lovelace'), [REX]);
    await fillCard(page, { number: '4242 4242 4242 4242' });
    await acceptConsents(page);

    const api = apiFor(portal.server.url);
    const { accessToken } = await api.login(ADMIN);
    const austin = await entityIdOf(portal.server.server.database.db, NORTHWIND_AUSTIN);
    const off = await api.request('PATCH', `/v2/entities/${austin}`, {
      token: accessToken,
      body: { can_quote: false },
    });
    expect(off.status, off.text).toBe(200);

    await page.getByRole('button', { name: 'Purchase' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `(${NORTHWIND_AUSTIN}) may not quote.` })
      .waitFor();
    await waitForStep(page, 'checkout');
    await expect(page.getByTestId('policy-number').count()).resolves.toBe(0);
  });
});
