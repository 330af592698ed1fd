import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/store/db';
import { rebuildProjections } from '../../src/server/projections';
import { entityApi, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import {
  daysFromToday,
  rentersCoverage,
  rentersCustomer,
  rentersQuoteApi,
  rentersStart,
} from '../support/rentersQuoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// What the renters quote API refuses (docs/renters-quotes.md): no privilege 403, another agency's quote
// 404, bad input 422 with field messages and nothing written, a step out of order or a stale version 409.
async function quoteState(db: Db, id: string) {
  const events = await db.selectFrom('events').select('version').where('stream_id', '=', id).execute();
  const row = await db
    .selectFrom('renters_quotes')
    .select(['step', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { events: events.length, ...row };
}

const withCoverage = (patch: (c: typeof rentersCoverage.coverage) => void) => {
  const body = structuredClone(rentersCoverage);
  patch(body.coverage);
  return body;
};

describe.each(testDatabases())('renters quote refusals on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const r = rentersQuoteApi(e);
  const db = () => s.t.server.database.db;

  it('refuses users without renters_qt_create with 403', async () => {
    const quote = await r.start();
    expectError(await r.post('/v2/renters/quotes', rentersStart(), ACCOUNTING), 403);
    expectError(await e.get(`/v2/renters/quotes/${quote.id}`, ACCOUNTING), 403);
    expectError(await r.post(`/v2/renters/quotes/${quote.id}/coverage`, rentersCoverage, ACCOUNTING), 403);
    expectError(
      await e.get('/v2/renters/coverage-options?state=TX&effective_date=2026-12-01', ACCOUNTING),
      403,
    );
  });

  it('shows a quote to its entity, the agencies above it and staff; others get 404', async () => {
    const quote = await r.start();
    expect(quote.entity_code).toBe(NORTHWIND_AUSTIN);
    for (const email of [AGENT, MANAGER, INTERNAL]) expect((await r.view(quote.id, email)).id).toBe(quote.id);
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['renters_qt_create'],
    });
    const base = `/v2/renters/quotes/${quote.id}`;
    expectError(await e.get(base, lakeside), 404);
    expectError(await r.post(`${base}/coverage`, rentersCoverage, lakeside), 404);
    expectError(await r.post(`${base}/back`, {}, lakeside), 404);
    expectError(await e.get(`/v2/renters/quotes/${randomUUID()}`, AGENT), 404);
    expect(await quoteState(db(), quote.id)).toMatchObject({ events: 1, step: 'coverage' });
  });

  it('refuses a start step the state, the zip code or the date does not allow, writing nothing', async () => {
    const before = await db().selectFrom('renters_quotes').select('id').execute();
    const start = rentersStart();
    expectValidationError(
      await r.post('/v2/renters/quotes', { ...start, effective_date: daysFromToday(-1) }),
      ['effective_date'],
    );
    expectValidationError(
      await r.post('/v2/renters/quotes', { ...start, effective_date: daysFromToday(400) }),
      ['effective_date'],
    );
    expectValidationError(
      await r.post('/v2/renters/quotes', { ...start, property: { ...start.property, zip_code: '90210' } }),
      ['property.zip_code'],
    );
    expectValidationError(
      await r.post('/v2/renters/quotes', {
        ...start,
        property: { ...start.property, state: 'NY', zip_code: '10001' },
      }),
      ['property.state'],
    );
    expectValidationError(
      await r.post('/v2/renters/quotes', { ...start, property: { ...start.property, line_1: ' ' } }),
      ['property.line_1'],
    );
    expectValidationError(await r.post('/v2/renters/quotes', { ...start, effective_date: '2026-02-30' }), [
      'effective_date',
    ]);
    expect(await db().selectFrom('renters_quotes').select('id').execute()).toEqual(before);
  });

  it('refuses coverage its option rules do not allow with field messages, changing nothing', async () => {
    const quote = await r.start();
    const base = `/v2/renters/quotes/${quote.id}`;
    const before = await quoteState(db(), quote.id);
    const refused = [
      [withCoverage((c) => (c.contents.amount = 1_000_000_000)), 'coverage.contents.amount'],
      [withCoverage((c) => (c.contents.deductible_amount = 777)), 'coverage.contents.deductible_amount'],
      [withCoverage((c) => (c.liability.amount = 123)), 'coverage.liability.amount'],
      [withCoverage((c) => (c.contents.amount = 20_000.005)), 'coverage.contents.amount'],
    ] as const;
    for (const [body, field] of refused) {
      expectValidationError(await r.post(`${base}/coverage`, body), [field]);
    }
    expectValidationError(await r.post(`${base}/coverage`, { ...rentersCoverage, term_interval: 'weekly' }), [
      'term_interval',
    ]);
    expect(await quoteState(db(), quote.id)).toEqual(before);
  });

  it('refuses steps out of order with a 409 naming the step, and a stale version', async () => {
    const quote = await r.start();
    const base = `/v2/renters/quotes/${quote.id}`;
    const early = expectError(await r.post(`${base}/customer`, rentersCustomer), 409);
    expect(early.message).toContain('coverage step');
    const purchase = { request_id: randomUUID(), terms_accepted: true, total: 100 };
    expect(expectError(await r.post(`${base}/purchase`, purchase), 409).message).toContain('coverage step');
    const token = await r.token();
    const paid = await r.post(`${base}/payment-method`, { token, billing_zip_code: '78701' });
    expect(expectError(paid, 409).message).toContain('coverage step');
    expectError(await r.post(`${base}/coverage`, { ...rentersCoverage, version: 7 }), 409);
    expect(await quoteState(db(), quote.id)).toMatchObject({ events: 1, step: 'coverage' });
    const covered = await r.step(`${base}/coverage`, { ...rentersCoverage, version: quote.version });
    expect(covered.version).toBe(quote.version + 1);
    expect(expectError(await r.post(`${base}/coverage`, rentersCoverage), 409).message).toContain(
      'customer step',
    );
  });

  it('refuses a customer without one primary phone and a payment token that is not the caller’s', async () => {
    const quote = await r.start();
    const base = `/v2/renters/quotes/${quote.id}`;
    await r.step(`${base}/coverage`, rentersCoverage);
    expectValidationError(
      await r.post(`${base}/customer`, {
        ...rentersCustomer,
        contacts: [{ type: 'SECONDARY', number_type: 'HOME', number: '5125550100', extension: null }],
      }),
      ['contacts'],
    );
    expectValidationError(
      await r.post(`${base}/customer`, {
        ...rentersCustomer,
        customer: { ...rentersCustomer.customer, email: 'not-an-email' },
      }),
      ['customer.email'],
    );
    await r.step(`${base}/customer`, rentersCustomer);
    const othersToken = await r.token(undefined, MANAGER);
    expectValidationError(
      await r.post(`${base}/payment-method`, { token: othersToken, billing_zip_code: '78701' }),
      ['token'],
    );
    expect(await quoteState(db(), quote.id)).toMatchObject({ events: 3, step: 'payment' });
  });

  it('refuses a purchase at a total the quote does not have, or without the terms, charging nothing', async () => {
    const review = await r.toReview();
    const base = `/v2/renters/quotes/${review.id}`;
    const before = await quoteState(db(), review.id);
    const total = review.premium!.total;
    expectValidationError(
      await r.post(`${base}/purchase`, { request_id: randomUUID(), terms_accepted: true, total: total + 1 }),
      ['total'],
    );
    expectValidationError(
      await r.post(`${base}/purchase`, { request_id: randomUUID(), terms_accepted: false, total }),
      ['terms_accepted'],
    );
    expectValidationError(
      await r.post(`${base}/purchase`, { request_id: 'again', terms_accepted: true, total }),
      ['request_id'],
    );
    expect(await quoteState(db(), review.id)).toEqual(before);
  });

  it('rebuilds the renters quote table from the log alone', async () => {
    await r.toReview();
    const read = () => db().selectFrom('renters_quotes').selectAll().orderBy('id').execute();
    const before = await read();
    await rebuildProjections(db());
    expect(await read()).toEqual(before);
  });
});
