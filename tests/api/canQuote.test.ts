import { beforeAll, describe, expect, it } from 'vitest';
import { EntityResponse } from '../../src/api/schemas/entities';
import { QuoteCommandAnswer } from '../../src/api/schemas/quoteCommands';
import { RentersQuoteResponse } from '../../src/api/schemas/rentersQuotes';
import { entityApi, expectStatus, uniqueEntityCode, userWith } from '../support/entityApi';
import { expectError, type ApiResponse } from '../support/http';
import { ADMIN, HOUSE, INTERNAL, PAWS_REFERRALS } from '../support/personas';
import {
  newQuote,
  purchaseOf,
  quoteApi,
  quoteAtCheckout,
  tokenFor,
  uniqueCustomer,
} from '../support/quoteApi';
import { entityIdOf } from '../support/records';
import { rentersCoverage, rentersCustomer, rentersQuoteApi, rentersStart } from '../support/rentersQuoteApi';
import { rentersPolicyIn, rentersRewriteApi } from '../support/rentersRewriteApi';
import { useTestServer } from '../support/suite';
import { tableCounts } from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';

// An entity's can_quote is enforced by the server, not only by the portal's start screen: no quote is made,
// changed or bought for an entity that may not quote, however the request names it (the acting entity, the
// agentEntityCode header, the wrapper's meta.agent.entityCode, or the quote's own entity when its can_quote
// was turned off after the quote was made). Reads of existing quotes stay open.
const QUOTING_PRIVILEGES = ['quote_new', 'quote_search', 'renters_qt_create'];

describe.each(testDatabases())('can_quote on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const r = rentersQuoteApi(e);
  const rw = rentersRewriteApi(e, r);
  const db = () => s.t.server.database.db;

  // A user of the referral partner (can_quote false by its type) holding every quoting privilege.
  let referralAgent = '';
  beforeAll(async () => {
    referralAgent = await userWith(db(), {
      entityCode: PAWS_REFERRALS,
      userType: 'external',
      privilegeCodes: QUOTING_PRIVILEGES,
    });
  });

  // A new agency under the house that quotes, with a user who quotes for it.
  const quotingAgency = async () => {
    const created = await e.post('/v2/entities', ADMIN, {
      entity_code: uniqueEntityCode(),
      entity_name: 'Prairie Pet Agency',
      master_entity_id: await entityIdOf(db(), HOUSE),
      type_code: 'AGENCY',
    });
    expectStatus(created, 201);
    const entity = EntityResponse.parse(created.body).data;
    expect(entity.can_quote).toBe(true);
    const email = await userWith(db(), {
      entityCode: entity.entity_code,
      userType: 'external',
      privilegeCodes: QUOTING_PRIVILEGES,
    });
    return { id: entity.id, code: entity.entity_code, email };
  };
  const setCanQuote = async (entityId: number, canQuote: boolean) =>
    expectStatus(await e.patch(`/v2/entities/${entityId}`, ADMIN, { can_quote: canQuote }), 200);

  const expectQuotingRefused = (response: ApiResponse, code: string) => {
    const body = expectError(response, 403);
    expect(body.message).toMatch(/may not quote/);
    expect(body.message).toContain(code);
  };

  it('refuses a new quote for an entity that may not quote, however the request names it', async () => {
    const before = await tableCounts(db());
    const meta = { agent: { entityCode: PAWS_REFERRALS } };
    expectQuotingRefused(
      await q.act('POST', 'createQuote', newQuote, { email: ADMIN, meta }),
      PAWS_REFERRALS,
    );
    expectQuotingRefused(
      await q.act('POST', 'createQuote', newQuote, { email: ADMIN, actingFor: PAWS_REFERRALS }),
      PAWS_REFERRALS,
    );
    expectQuotingRefused(
      await q.act('POST', 'createQuote', newQuote, { email: referralAgent }),
      PAWS_REFERRALS,
    );
    expectQuotingRefused(await r.post('/v2/renters/quotes', rentersStart(), referralAgent), PAWS_REFERRALS);
    expectQuotingRefused(
      await e.post('/v2/renters/quotes', ADMIN, rentersStart(), { actingFor: PAWS_REFERRALS }),
      PAWS_REFERRALS,
    );
    expect(await tableCounts(db())).toEqual(before);
    // The reads the journey starts with stay open: what a plan costs is no quote.
    expectStatus(await q.act('GET', 'breeds', { species: 'DOG' }, { email: referralAgent }), 200);
  });

  it('refuses a renters quote start for an entity that may not quote before looking at the body', async () => {
    const before = await tableCounts(db());
    for (const body of [{}, { property: 'nowhere', effective_date: 'soon' }, rentersStart()]) {
      expectQuotingRefused(await r.post('/v2/renters/quotes', body, referralAgent), PAWS_REFERRALS);
      expectQuotingRefused(
        await e.post('/v2/renters/quotes', ADMIN, body, { actingFor: PAWS_REFERRALS }),
        PAWS_REFERRALS,
      );
    }
    expect(await tableCounts(db())).toEqual(before);
  });

  it('refuses a pet quote write for an entity that may not quote before looking at the body', async () => {
    const before = await tableCounts(db());
    for (const data of [{}, { zip: 'nowhere', pets: 'two' }, newQuote]) {
      expectQuotingRefused(
        await q.act('POST', 'createQuote', data, { email: referralAgent }),
        PAWS_REFERRALS,
      );
      expectQuotingRefused(
        await q.act('POST', 'purchase', data, {
          email: ADMIN,
          meta: { agent: { entityCode: PAWS_REFERRALS } },
        }),
        PAWS_REFERRALS,
      );
    }
    expect(await tableCounts(db())).toEqual(before);
    // A read still answers, and a malformed body of a quoting agency's user is still told what to fix.
    expectStatus(await q.act('GET', 'breeds', { species: 'DOG' }, { email: referralAgent }), 200);
    expect((await q.act('POST', 'createQuote', {}, { email: ADMIN })).status).toBe(422);
    // A malformed entity code is dropped (SPEC §5): the admin's write acts for the admin's own entity, the
    // house, which quotes.
    expect(
      (
        await q.act('POST', 'createQuote', newQuote, {
          email: ADMIN,
          meta: { agent: { entityCode: 'nope' } },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a write or purchase made for a quoting agency while acting for one that may not quote', async () => {
    const agency = await quotingAgency();
    const quote = await quoteAtCheckout(q, { email: ADMIN, actingFor: agency.code });
    const token = await tokenFor(e, ADMIN);
    const before = await tableCounts(db());
    const meta = { agent: { entityCode: PAWS_REFERRALS } };
    expectQuotingRefused(
      await q.act('POST', 'purchase', purchaseOf(quote, token), { email: ADMIN, meta }),
      PAWS_REFERRALS,
    );
    expectQuotingRefused(
      await q.act('POST', 'back', { uuid: quote.uuid }, { email: ADMIN, actingFor: PAWS_REFERRALS }),
      PAWS_REFERRALS,
    );
    expect(await tableCounts(db())).toEqual(before);
  });

  it('refuses every write to a pet quote and its purchase once its entity may not quote; reads stay open', async () => {
    const agency = await quotingAgency();
    const email = agency.email;
    const atCheckout = await quoteAtCheckout(q, { email });
    const started = await q.create({ ...newQuote, customer: uniqueCustomer() }, { email });
    const token = await tokenFor(e, email);
    await setCanQuote(agency.id, false);
    const before = await tableCounts(db());

    const pets = started.pets;
    const writes: [string, unknown][] = [
      ['createQuote', { ...newQuote, customer: uniqueCustomer() }],
      ['answerUnderwriting', await q.answers(started, [], email)],
      ['removePet', { uuid: started.uuid, petId: pets[1]!.id }],
      ['updateQuote', { ...newQuote, uuid: started.uuid, customer: uniqueCustomer() }],
      ['chooseCoverage', { uuid: atCheckout.uuid, pets: atCheckout.pets.map((p) => ({ petId: p.id })) }],
      ['back', { uuid: atCheckout.uuid }],
      ['acknowledgeFraud', { uuid: atCheckout.uuid }],
      ['abandonQuote', { uuid: atCheckout.uuid }],
      ['purchase', purchaseOf(atCheckout, token)],
      ['retryPayment', { uuid: atCheckout.uuid, requestId: crypto.randomUUID(), payment: { token } }],
    ];
    for (const [action, data] of writes) {
      expectQuotingRefused(await q.act('POST', action, data, { email }), agency.code);
      // Staff acting for the house, which quotes, are refused the same: the quote's own entity may not.
      if (action !== 'createQuote')
        expectQuotingRefused(await q.act('POST', action, data, { email: ADMIN }), agency.code);
    }
    expect(await tableCounts(db())).toEqual(before);

    // Reads of the existing quotes stay open: the quote, its PDF and the search.
    expect((await q.view(atCheckout.uuid, email)).step).toBe(atCheckout.step);
    expectStatus(await e.get(`/v2/quote/${atCheckout.uuid}`, email), 200);
    expectStatus(await e.get(`/v2/quotes/${atCheckout.uuid}`, email), 200);
    const customerEmail = encodeURIComponent(atCheckout.customer!.email);
    const found = await e.get(`/v2/quotes?filter[emailAddress]=${customerEmail}`, email);
    expectStatus(found, 200);
    expect((found.body as { data: unknown[] }).data).toHaveLength(1);

    // The control: allowed to quote again, the same purchase goes through.
    await setCanQuote(agency.id, true);
    const bought = await q.act('POST', 'purchase', purchaseOf(atCheckout, token), { email });
    expectStatus(bought, 200);
    expect(QuoteCommandAnswer.parse(bought.body).data.quote.policies.length).toBeGreaterThan(0);
  });

  it('refuses every write to a renters quote and its purchase once its entity may not quote', async () => {
    const agency = await quotingAgency();
    const email = agency.email;
    const review = await r.toReview(undefined, email);
    const token = await r.token(undefined, email);
    await setCanQuote(agency.id, false);
    const before = await tableCounts(db());

    const base = `/v2/renters/quotes/${review.id}`;
    const writes: [string, unknown][] = [
      ['/v2/renters/quotes', rentersStart()],
      [`${base}/property`, rentersStart()],
      [`${base}/coverage`, rentersCoverage],
      [`${base}/customer`, rentersCustomer],
      [`${base}/payment-method`, { token, billing_zip_code: '78701' }],
      [`${base}/back`, {}],
      [
        `${base}/purchase`,
        { request_id: crypto.randomUUID(), terms_accepted: true, total: review.premium!.total },
      ],
    ];
    for (const [path, body] of writes) {
      expectQuotingRefused(await r.post(path, body, email), agency.code);
      if (path !== '/v2/renters/quotes') expectQuotingRefused(await r.post(path, body, ADMIN), agency.code);
    }
    expect(await tableCounts(db())).toEqual(before);
    expect((await r.view(review.id, email)).step).toBe(review.step);

    await setCanQuote(agency.id, true);
    const bought = await rw.buy(review, email);
    expectStatus(bought, 200);
    expect(RentersQuoteResponse.parse(bought.body).data.policy).not.toBeNull();
  });

  it('refuses staff every write to a quote of an agency that was deactivated, naming it inactive', async () => {
    const agency = await quotingAgency();
    const pet = await quoteAtCheckout(q, { email: agency.email });
    const renters = await r.toReview(undefined, agency.email);
    const token = await tokenFor(e, ADMIN);
    expectStatus(await e.del(`/v2/entities/${agency.id}`, ADMIN), 200);
    const before = await tableCounts(db());
    const expectInactive = (response: ApiResponse) => {
      expectQuotingRefused(response, agency.code);
      expect(expectError(response, 403).message).toMatch(/is inactive and may not quote/);
    };
    expectInactive(await q.act('POST', 'back', { uuid: pet.uuid }, { email: ADMIN }));
    expectInactive(await q.act('POST', 'purchase', purchaseOf(pet, token), { email: ADMIN }));
    expectInactive(await r.post(`/v2/renters/quotes/${renters.id}/back`, {}, ADMIN));
    expect(await tableCounts(db())).toEqual(before);
    // Its quotes are still read.
    expect((await q.view(pet.uuid, ADMIN)).step).toBe(pet.step);
  });

  it('refuses to rewrite a renters policy of an entity that may not quote, and says so in its eligibility', async () => {
    const agency = await quotingAgency();
    const policy = await rentersPolicyIn(db(), agency.id, 'cancelled');
    expect((await rw.eligibility(policy.matterId, INTERNAL)).eligible).toBe(true);
    await setCanQuote(agency.id, false);
    const before = await tableCounts(db());
    expectQuotingRefused(await rw.start(policy.policyNumber, INTERNAL), agency.code);
    expect(await tableCounts(db())).toEqual(before);
    const eligibility = await rw.eligibility(policy.matterId, INTERNAL);
    expect(eligibility.eligible).toBe(false);
    expect(eligibility.blockers.join(' ')).toMatch(/may not quote/);
  });
});
