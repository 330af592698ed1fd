import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RentersCoverageOptionsResponse } from '../../src/api/schemas/rentersQuotes';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { AGENT } from '../support/personas';
import {
  DECLINED_CARD,
  rentersCoverage,
  rentersCustomer,
  rentersQuoteApi,
  rentersStart,
} from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A renters quote from start to purchase through its API (docs/renters-quotes.md), and the purchase's
// idempotency and payment retry.
describe.each(testDatabases())('renters quote journey on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const db = () => s.t.server.database.db;

  async function charges(): Promise<number> {
    const rows = await db()
      .selectFrom('payment_charges')
      .select('idempotency_key')
      .where('outcome', '=', 'ok')
      .execute();
    return rows.length;
  }

  it('answers the coverage option rules of a state on a date', async () => {
    const response = await e.get('/v2/renters/coverage-options?state=TX&effective_date=2026-12-01', AGENT);
    expectStatus(response, 200);
    const { data } = RentersCoverageOptionsResponse.parse(response.body);
    expect(data.sold).toBe(true);
    expect(data.options.contents).toMatchObject({ allow: true, field: 'coverage.contents.amount' });
    // Amounts in dollars, as the coverage step takes them.
    expect(data.options.deductible?.values).toContain(500);
    expect(data.options.theft?.values).toEqual(expect.arrayContaining([0, 1]));
    const unsold = await e.get('/v2/renters/coverage-options?state=NY&effective_date=2026-12-01', AGENT);
    expectStatus(unsold, 200);
    expect(RentersCoverageOptionsResponse.parse(unsold.body).data.sold).toBe(false);
    expectValidationError(
      await e.get('/v2/renters/coverage-options?state=T1&effective_date=2026-12-01', AGENT),
      ['state'],
    );
    expectValidationError(
      await e.get('/v2/renters/coverage-options?state=TX&effective_date=2026-02-30', AGENT),
      ['effective_date'],
    );
  });

  it('walks a quote from start to purchase, and the purchase issues one policy', async () => {
    const started = await r.start();
    expect(started.step).toBe('coverage');
    expect(started.route).toBe(`/renters/quotes/journey/${started.id}?step=coverage`);
    expect(started.property).toMatchObject({ line_1: '200 Congress Ave', state: 'TX', zip_code: '78701' });
    expect(started.interested_party?.name).toBe('Congress Towers Management');
    const base = `/v2/renters/quotes/${started.id}`;

    const covered = await r.step(`${base}/coverage`, rentersCoverage);
    expect(covered.step).toBe('customer');
    const premium = covered.premium!;
    expect(premium.term_interval).toBe('annual');
    expect(premium.total).toBeCloseTo(premium.term_premium + premium.taxes + premium.fees, 2);
    expect(premium.schedule).toHaveLength(1);
    expect(premium.next_bill).toBeNull();
    expect(covered.coverage).toEqual(rentersCoverage.coverage);

    const customer = await r.step(`${base}/customer`, rentersCustomer);
    expect(customer.step).toBe('payment');
    expect(customer.contacts).toEqual([
      {
        type: 'PRIMARY',
        number_type: 'MOBILE',
        number: '5125550142',
        additional_info: null,
        extension: null,
      },
    ]);

    const token = await r.token();
    const review = await r.step(`${base}/payment-method`, { token, billing_zip_code: '78701' });
    expect(review.step).toBe('review');
    expect(review.payment_method).toEqual({ type: 'card', last_4: '4242', billing_zip_code: '78701' });
    expect(JSON.stringify(review)).not.toContain(token);

    const before = await charges();
    const purchase = { request_id: randomUUID(), terms_accepted: true, total: premium.total };
    const bought = await r.step(`${base}/purchase`, purchase);
    expect(bought.step).toBe('purchased');
    expect(bought.route).toBe(`/renters/quotes/journey/${started.id}?step=purchased`);
    expect(bought.policy).toMatchObject({
      status_code: 'ACTIVE',
      term_interval: 'annual',
      effective_at: started.effective_date,
    });
    expect(await charges()).toBe(before + 1);

    // The same request again is answered from the log and charges nothing more.
    const again = await r.step(`${base}/purchase`, purchase);
    expect(again.policy?.policy_number).toBe(bought.policy?.policy_number);
    expect(await charges()).toBe(before + 1);
    const policies = await db()
      .selectFrom('renters_policies')
      .select('policy_number')
      .where('policy_number', '=', bought.policy!.policy_number)
      .execute();
    expect(policies).toHaveLength(1);
    expect(await r.view(started.id)).toEqual(bought);

    // Purchased is final: a new request is a 409 naming the step.
    const later = expectError(
      await r.post(`${base}/purchase`, { ...purchase, request_id: randomUUID() }),
      409,
    );
    expect(later.message).toContain('purchased step');
  });

  it('prices monthly terms with a next bill', async () => {
    const quote = await r.start();
    const covered = await r.step(`/v2/renters/quotes/${quote.id}/coverage`, {
      ...rentersCoverage,
      term_interval: 'monthly',
    });
    expect(covered.premium?.schedule).toHaveLength(12);
    expect(covered.premium?.next_bill).not.toBeNull();
  });

  it('tells a decline for insufficient funds as a decline, and keeps the reason on the quote log', async () => {
    const review = await r.toReview('4000000000009995');
    const failed = await r.step(`/v2/renters/quotes/${review.id}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total: review.premium!.total,
    });
    expect(failed.step).toBe('paymentFailed');
    expect(failed.payment_error).toBe('The payment was declined.');
    const logged = await s.t.server.database.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'rentersQuote.purchaseFailed')
      .where('stream_id', '=', String(review.id))
      .executeTakeFirstOrThrow();
    expect(logged.data).toMatchObject({
      code: 'insufficient_funds',
      message: 'The payment was declined for insufficient funds.',
    });
  });

  it('goes to payment failed on a declined card, and a retry with another card buys the policy', async () => {
    const review = await r.toReview(DECLINED_CARD);
    const base = `/v2/renters/quotes/${review.id}`;
    const total = review.premium!.total;
    const failed = await r.step(`${base}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total,
    });
    expect(failed.step).toBe('paymentFailed');
    expect(failed.payment_error).toBe('The payment was declined.');
    expect(failed.policy).toBeNull();

    const token = await r.token();
    const retried = await r.step(`${base}/purchase`, {
      request_id: randomUUID(),
      terms_accepted: true,
      total,
      token,
      billing_zip_code: '78702',
    });
    expect(retried.step).toBe('purchased');
    expect(retried.payment_method).toMatchObject({ last_4: '4242', billing_zip_code: '78702' });
    expect(retried.policy?.policy_number).toMatch(/\S/);
  });

  it('charges once when the same purchase arrives twice at the same time', async () => {
    const review = await r.toReview();
    const before = await charges();
    const purchase = { request_id: randomUUID(), terms_accepted: true, total: review.premium!.total };
    const path = `/v2/renters/quotes/${review.id}/purchase`;
    const answers = await Promise.all([r.step(path, purchase), r.step(path, purchase)]);
    expect(answers.map((a) => a.step)).toEqual(['purchased', 'purchased']);
    expect(answers[0]!.policy?.policy_number).toBe(answers[1]!.policy?.policy_number);
    expect(await charges()).toBe(before + 1);
  });

  it('goes back a step and keeps what was given', async () => {
    const review = await r.toReview();
    const back = await r.step(`/v2/renters/quotes/${review.id}/back`, {});
    expect(back.step).toBe('payment');
    expect(back.customer?.name_first).toBe('Grace');
    const base = `/v2/renters/quotes/${review.id}`;
    await r.step(`${base}/back`, {});
    await r.step(`${base}/back`, {});
    const atStart = await r.step(`${base}/back`, {});
    expect(atStart.step).toBe('start');
    expect(atStart.premium).not.toBeNull();
    // New property facts drop the price; the options stay as the coverage step's defaults.
    const moved = await r.step(`${base}/property`, {
      ...rentersStart(),
      property: { line_1: '5 Elm St', line_2: '', city: 'Dallas', state: 'TX', zip_code: '75201' },
    });
    expect(moved).toMatchObject({ step: 'coverage', premium: null, entity_code: review.entity_code });
    expect(moved.property?.line_2).toBeNull();
    expect(moved.coverage).toEqual(review.coverage);
    expectError(await r.post(`${base}/property`, rentersStart()), 409);
    const stale = await r.post(`/v2/renters/quotes/${review.id}/back`, { version: review.version });
    expectError(stale, 409);
    expect((await r.view(review.id)).step).toBe('coverage');
  });
});
