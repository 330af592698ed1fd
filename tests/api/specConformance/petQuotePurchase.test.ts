import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, adminApi, unique } from '../../support/accessAdmin';
import { businessDaysFromToday } from '../../support/businessToday';
import { ADMIN, AGENT, LAKESIDE_MANAGER, MANAGER, NORTHWIND_AUSTIN } from '../../support/personas';
import { rebuildProjections } from '../../../src/server/projections';
import { entityIdOf } from '../../support/records';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §7 "POST v1/quotes (create)", "POST quote with data" and "POST /v2/policies (purchase)", with §3's
// quote request ("request id, customer id, start date, zip, contact fields, discount code, program id,
// entity source id, quote method, logged-in agent id, pets with coverage") and purchase request ("customer id,
// electronic delivery consent, fees, payment account details (bank, card expiry, last four, name, token,
// type), payment method and period, agent id, request id, terms and conditions"). The client speaks those
// names alone and reads the answers by them, with no schema of the product's. A card is tokenized through
// the payment session (SPEC §7 "GET /v1/one-inc-session"), as any client of the processor's form would.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a SPEC client reads untyped JSON

let people = 0;
const contact = () => {
  people += 1;
  const tag = `${Date.now().toString(36)}${people}`;
  return {
    firstName: `Grace${people}`,
    lastName: 'Hopper',
    email: `grace.${tag}@example.test`,
    phone: `737${String((Date.now() + people * 7919) % 10_000_000).padStart(7, '0')}`,
    street: '2 Lamar Blvd',
    city: 'Austin',
  };
};

describe.each(testDatabases())('SPEC §3/§7 pet quote and purchase requests, on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;
  const put = (path: string, body: unknown, options: { headers: Record<string, string> }) =>
    s.api.request('PUT', path, { ...options, body });

  const login = async (email: string) => {
    const answer = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
    expect(answer.status).toBe(200);
    return { authorization: `Bearer ${(answer.body as { accessToken: string }).accessToken}` };
  };

  // The agency's questions answered so that no pet is declined (the portal's `underwritingQuestions`).
  const passingAnswers = async (headers: Record<string, string>, species: string) => {
    const questions = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'underwritingQuestions', data: { species } },
      { headers },
    );
    expect(questions.status).toBe(200);
    const answers: Record<string, boolean> = {};
    for (const q of (questions.body as Json).data as Json[]) answers[String(q.id)] = false;
    return answers;
  };

  const cardToken = async (headers: Record<string, string>, name = 'Grace Hopper') => {
    const session = await s.api.get('/v1/one-inc-session', { headers });
    const id = (session.body as Json).data.session_id as string;
    const method = await s.api.post(
      `/v1/one-inc-session/${id}/payment-methods`,
      {
        type: 'card',
        card: { number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123', name, zip: '78701' },
      },
      { headers },
    );
    expect(method.status).toBe(200);
    return (method.body as Json).data.token as string;
  };

  const quoteSourceOf = async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const admin = await login(ADMIN);
    const made = await s.api.post(
      `/v2/entities/${entityId}/quote-sources`,
      { code: `RADIO_${people}${Date.now() % 1000}`, name: 'Radio advertisement' },
      { headers: admin },
    );
    expect(made.status).toBe(201);
    return (made.body as Json).data.id as number;
  };

  it('quotes with every field of the quote request, answers the same quote to the same request id, and buys it with every field of the purchase request', async () => {
    const agent = await login(AGENT);
    const me = await s.api.get('/v2/my/profile', { headers: agent });
    const agentId = (me.body as Json).data.id as number;
    const sourceId = await quoteSourceOf();
    const requestId = randomUUID();
    const request = {
      requestId,
      startDate: businessDaysFromToday(3),
      zip: '78701',
      ...contact(),
      discountCode: null,
      programId: 'SPRING-24',
      entitySourceId: sourceId,
      quoteMethod: 'PHONE',
      loggedInAgentId: agentId,
      pets: [
        {
          name: 'Rex',
          species: 'DOG',
          gender: 'MALE',
          breed: 'MIXED_BREED_MEDIUM',
          age: 3,
          underwritingAnswers: await passingAnswers(agent, 'DOG'),
          coverage: { planCode: 'AI_10K', deductible: 500, reimbursement: 80 },
        },
      ],
    };
    const quoted = await s.api.post('/v1/quotes', request, { headers: agent });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const quote = (quoted.body as Json).data;
    expect(quote.id).toBe(quote.uuid);
    expect(quote.step).toBe('checkout');
    expect(quote).toMatchObject({
      request_id: requestId,
      quoting_platform: 'API',
      quote_method: 'PHONE',
      entity_source_id: sourceId,
      program_id: 'SPRING-24',
      logged_in_agent_id: agentId,
      customer: { email: request.email, zip: '78701', state: 'TX' },
    });
    expect(quote.pets[0]).toMatchObject({ name: 'Rex', plan: { plan_code: 'AI_10K', deductible: 500 } });

    // The same request again makes no second quote.
    const again = await s.api.post('/v1/quotes', request, { headers: agent });
    expect(again.status).toBe(200);
    expect((again.body as Json).data.uuid).toBe(quote.uuid);
    const count = await db()
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    // The quote search and its export filter on the attribution, each alone and all together.
    const northwind = await login(MANAGER);
    const attribution = `filter[quotingPlatform]=API&filter[quoteMethod]=PHONE&filter[entitySourceId]=${sourceId}`;
    const found = await s.api.get(`/v2/quotes?limit=100&${attribution}`, { headers: northwind });
    expect(found.status, found.text).toBe(200);
    expect(((found.body as Json).data as Json[]).map((r) => r.id)).toEqual([quote.uuid]);
    for (const other of [
      'filter[quotingPlatform]=PORTAL',
      'filter[quoteMethod]=EMAIL',
      `filter[entitySourceId]=${sourceId}&filter[quoteMethod]=CHAT`,
    ]) {
      const rows = await s.api.get(`/v2/quotes?limit=100&${other}`, { headers: northwind });
      expect(
        ((rows.body as Json).data as Json[]).map((r) => r.id),
        other,
      ).not.toContain(quote.uuid);
    }
    const exported = await s.api.get(`/v2/quotes/export?${attribution}`, { headers: northwind });
    expect(exported.status).toBe(200);
    expect(exported.text).toContain(quote.uuid);
    expect(exported.text.trim().split('\n')).toHaveLength(2);
    for (const [wrong, field] of [
      ['filter[quotingPlatform]=FAX', 'filter.quotingPlatform'],
      ['filter[quoteMethod]=TELEGRAM', 'filter.quoteMethod'],
      ['filter[entitySourceId]=abc', 'filter.entitySourceId'],
    ]) {
      const refused = await s.api.get(`/v2/quotes?${wrong}`, { headers: northwind });
      expect(refused.status, wrong).toBe(422);
      expect(Object.keys((refused.body as Json).errors), wrong).toContain(field);
    }

    // GET quote/{uuid} reads the attribution back.
    const read = await s.api.get(`/v2/quote/${quote.uuid}`, { headers: agent });
    expect((read.body as Json).data).toMatchObject({ quote_method: 'PHONE', entity_source_id: sourceId });

    const fees = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'fees', data: { state: 'TX', startDate: request.startDate } },
      { headers: agent },
    );
    const monthlyFees = ((fees.body as Json).data.fees as Json[])
      .filter((f) => f.payment_period === 'MONTHLY')
      .reduce((sum, f) => sum + Math.round(f.amount * 100) * 12, 0);
    const token = await cardToken(agent);
    const purchase = {
      quoteId: quote.uuid,
      requestId: randomUUID(),
      electronicDeliveryConsent: true,
      termsAndConditions: true,
      fees: monthlyFees / 100,
      paymentAccount: {
        token,
        type: 'card',
        lastFour: '4242',
        cardExpiry: '12/29',
        name: 'Grace Hopper',
        bank: null,
      },
      paymentMethod: 'card',
      paymentPeriod: 'MONTHLY',
      agentId,
    };
    // SPEC §3 "brand", "fees" and "Totals: quote, policy, new written premium": each total the sum of what it
    // shows, in cents (docs/quote-actions.md "Brand, fees and totals").
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(quote.brand).toEqual({ code: 'default', name: expect.any(String) });
    expect(cents(quote.fees)).toBe(monthlyFees);
    const premium = (quote.pets as Json[]).reduce((sum, p) => sum + cents(p.plan.total_premium), 0);
    expect(quote.totals).toMatchObject({ payment_period: 'MONTHLY', policy: 0, new_written_premium: 0 });
    expect(cents(quote.totals.premium)).toBe(premium);
    expect(cents(quote.totals.fees)).toBe(monthlyFees);
    expect(cents(quote.totals.quote)).toBe(premium + monthlyFees);
    const bought = await s.api.post('/v2/policies', { data: purchase }, { headers: agent });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const sold = (bought.body as Json).data;
    expect(sold.step).toBe('thankYou');
    expect(sold.policies).toHaveLength(1);
    expect(sold.sold_by_agent_id).toBe(agentId);
    expect(sold.payment).toMatchObject({ method: 'card', last4: '4242', period: 'MONTHLY' });
    const written = (sold.policies as Json[]).reduce((sum, p) => sum + cents(p.annual_premium), 0);
    expect(written).toBe(premium);
    expect(cents(sold.totals.new_written_premium)).toBe(written);
    expect(cents(sold.totals.policy)).toBe(written + monthlyFees);
    expect(cents(sold.totals.quote)).toBe(cents(sold.totals.policy));

    // Tracking is bookkeeping: set on the bought quote too, and carried with the attribution into its policy.
    const tracking = {
      partner_data: { code: 'PETCO-LOVE', name: 'Petco Love' },
      reference_data: { reference: 'LEAD-7731', values: { campaign: 'spring' } },
    };
    const tracked = await put(`/v2/quotes/${quote.uuid as string}/tracking`, tracking, {
      headers: await login(ADMIN),
    });
    expect(tracked.status, tracked.text).toBe(200);
    const { matter_id: matterId } = await db()
      .selectFrom('policies')
      .select('matter_id')
      .where('quote_uuid', '=', quote.uuid)
      .executeTakeFirstOrThrow();
    const policy = await s.api.get(`/v2/policies/${matterId}`, { headers: agent });
    expect(policy.status, policy.text).toBe(200);
    expect((policy.body as Json).data.soldThrough).toEqual({
      entityCode: NORTHWIND_AUSTIN,
      entityName: expect.any(String),
      quotingPlatform: 'API',
      quoteMethod: 'PHONE',
      programId: 'SPRING-24',
      entitySource: { id: sourceId, code: expect.stringMatching(/^RADIO_/), name: 'Radio advertisement' },
      partnerData: tracking.partner_data,
      referenceData: tracking.reference_data,
    });

    // The same purchase request again answers the purchase, and charges nothing more.
    const replay = await s.api.post('/v2/policies', { data: purchase }, { headers: agent });
    expect(replay.status).toBe(200);
    expect((replay.body as Json).data.policies).toEqual(sold.policies);
    const charges = await db()
      .selectFrom('quotes')
      .select(['charged_cents', 'customer_id'])
      .where('uuid', '=', quote.uuid)
      .executeTakeFirstOrThrow();
    expect(charges.charged_cents).toBeGreaterThan(0);

    // A second quote for the same policyholder by customer id: the contact fields come from the record.
    const repeat = await s.api.post(
      '/v1/quotes',
      {
        customerId: charges.customer_id,
        startDate: request.startDate,
        pets: [{ name: 'Tom', species: 'CAT', gender: 'FEMALE', breed: 'ABYSSINIAN', age: 2 }],
      },
      { headers: agent },
    );
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect((repeat.body as Json).data).toMatchObject({
      step: 'underwritingQuestions',
      quoting_platform: 'API',
      customer: { email: request.email, first_name: request.firstName, zip: '78701' },
    });
  });

  it('refuses, field by field and before anything is stored or charged, what the request gets wrong', async () => {
    const agent = await login(AGENT);
    const base = {
      startDate: businessDaysFromToday(3),
      zip: '78701',
      ...contact(),
      pets: [{ name: 'Rex', species: 'DOG', gender: 'MALE', breed: 'MIXED_BREED_MEDIUM', age: 3 }],
    };
    const before = await db()
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const lakeside = await login(LAKESIDE_MANAGER);
    const lakesideUser = ((await s.api.get('/v2/my/profile', { headers: lakeside })).body as Json).data.id;
    const refusals: [Json, string][] = [
      [{ ...base, quoteMethod: 'TELEGRAM' }, 'quoteMethod'],
      [{ ...base, entitySourceId: 999_999 }, 'entitySourceId'],
      [{ ...base, loggedInAgentId: lakesideUser }, 'loggedInAgentId'],
      [{ ...base, email: undefined }, 'email'],
      [{ ...base, customerId: 999_999 }, 'customerId'],
      [{ ...base, pets: [{ ...base.pets[0], breed: 'ABYSSINIAN' }] }, 'pets.0.breed'],
    ];
    for (const [body, field] of refusals) {
      const answer = await s.api.post('/v1/quotes', body, { headers: agent });
      expect(answer.status, field).toBe(422);
      expect(Object.keys((answer.body as Json).errors), field).toContain(field);
    }
    // The same refusal inside {data}: the field is named as sent.
    const wrapped = await s.api.post(
      '/v1/quotes',
      { data: { ...base, quoteMethod: 'TELEGRAM' } },
      { headers: agent },
    );
    expect(wrapped.status).toBe(422);
    expect(Object.keys((wrapped.body as Json).errors)).toContain('data.quoteMethod');

    // A plan the state does not sell, once answers and coverage are given: refused, and no quote is left.
    const answers = await passingAnswers(agent, 'DOG');
    const unsold = await s.api.post(
      '/v1/quotes',
      { ...base, pets: [{ ...base.pets[0], underwritingAnswers: answers, coverage: { planCode: 'GOLD' } }] },
      { headers: agent },
    );
    expect(unsold.status).toBe(409);
    expect((unsold.body as Json).message).toMatch(/GOLD/);
    const after = await db()
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // A purchase whose details are not the tokenized card's, or whose fees are not the period's.
    const quoted = await s.api.post(
      '/v1/quotes',
      {
        ...base,
        pets: [{ ...base.pets[0], underwritingAnswers: answers, coverage: { planCode: 'AI_10K' } }],
      },
      { headers: agent },
    );
    expect(quoted.status).toBe(200);
    const uuid = (quoted.body as Json).data.uuid as string;
    const token = await cardToken(agent);
    const purchase = {
      uuid,
      requestId: randomUUID(),
      electronicDeliveryConsent: true,
      termsAndConditions: true,
      paymentAccount: { token },
      paymentPeriod: 'ANNUAL',
    };
    const wrong: [Json, string][] = [
      [{ ...purchase, paymentAccount: { token, lastFour: '1111' } }, 'paymentAccount.lastFour'],
      [{ ...purchase, paymentAccount: { token, type: 'bank' } }, 'paymentAccount.type'],
      [{ ...purchase, paymentMethod: 'bank' }, 'paymentMethod'],
      [{ ...purchase, fees: 123.45 }, 'fees'],
      [{ ...purchase, paymentAccount: { token: 'tok_unknown' } }, 'paymentAccount.token'],
      [{ ...purchase, agentId: lakesideUser }, 'agentId'],
      [{ ...purchase, termsAndConditions: false }, 'termsAndConditions'],
    ];
    for (const [body, field] of wrong) {
      const answer = await s.api.post('/v2/policies', body, { headers: agent });
      expect(answer.status, field).toBe(422);
      expect(Object.keys((answer.body as Json).errors), field).toContain(field);
    }
    const unpaid = await db()
      .selectFrom('quotes')
      .select(['charged_cents', 'journey_state'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(unpaid).toEqual({ charged_cents: null, journey_state: 'checkout' });

    // Another agency's user cannot buy it: the quote is not theirs (404), whatever the body says.
    const theirs = await s.api.post('/v2/policies', purchase, { headers: lakeside });
    expect([403, 404]).toContain(theirs.status);
  });

  it('saves a quote again with POST quote and data: rating info anew, then answers and coverage', async () => {
    const agent = await login(AGENT);
    const answers = await passingAnswers(agent, 'DOG');
    const request = {
      startDate: businessDaysFromToday(3),
      zip: '78701',
      ...contact(),
      pets: [
        {
          name: 'Rex',
          species: 'DOG',
          gender: 'MALE',
          breed: 'MIXED_BREED_MEDIUM',
          age: 3,
          underwritingAnswers: answers,
          coverage: { planCode: 'AI_10K' },
        },
      ],
    };
    const made = await s.api.post('/v2/quote', { data: request }, { headers: agent });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const quote = (made.body as Json).data;
    expect(quote.step).toBe('checkout');

    const older = { ...request.pets[0], age: 9, coverage: { planCode: 'AI_5K' } };
    const saved = await s.api.post(
      '/v2/quote',
      { data: { ...request, uuid: quote.uuid, pets: [older] } },
      {
        headers: agent,
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = (saved.body as Json).data;
    expect(again.uuid).toBe(quote.uuid);
    expect(again.step).toBe('checkout');
    expect(again.pets[0]).toMatchObject({ age: 9, plan: { plan_code: 'AI_5K' } });
    expect(again.version).toBeGreaterThan(quote.version);
  });

  // SPEC §6 "Quotes | quote_new (create), quote_set_track_info, quote (all), quote_search, quote_edit": quote_edit
  // works a quote that exists through its journey and never makes one; quote_search works none.
  const a = adminApi(() => s.api);

  const userWith = async (privileges: string[]) => {
    const admin = await a.tokenOf(ADMIN);
    const role = await a.createRole(admin, { role_name: unique('Quotes'), privileges });
    const user = await a.createUser(admin, { entity: NORTHWIND_AUSTIN, roles: [role.id] });
    const answer = await s.api.post('/v2/auth', { email: user.email, password: TEST_PASSWORD });
    return { authorization: `Bearer ${(answer.body as Json).accessToken as string}` };
  };

  it('lets quote_edit answer, cover and save a quote another agent made, and refuses it a new quote', async () => {
    const agent = await login(AGENT);
    const editor = await userWith(['quote_edit']);
    const searcher = await userWith(['quote_search']);
    const request = {
      startDate: businessDaysFromToday(3),
      zip: '78701',
      firstName: 'Edith',
      lastName: 'Clarke',
      email: `edith.${Date.now().toString(36)}@example.test`,
      phone: '5125550142',
      street: '3 Guadalupe St',
      city: 'Austin',
      pets: [{ name: 'Rex', species: 'DOG', gender: 'MALE', breed: 'MIXED_BREED_MEDIUM', age: 3 }],
    };
    const made = await s.api.post('/v1/quotes', request, { headers: agent });
    expect(made.status, made.text).toBe(200);
    const quote = (made.body as Json).data;
    expect(quote.step).toBe('underwritingQuestions');

    // Neither a new quote by SPEC's call, nor by the wrapper, nor by POST quote without a uuid.
    expect((await s.api.post('/v1/quotes', request, { headers: editor })).status).toBe(403);
    const wrapperCreate = await s.api.post(
      '/v1/quote/action',
      {
        method: 'POST',
        action: 'createQuote',
        data: {
          zip: '78701',
          startDate: request.startDate,
          customer: {
            firstName: 'Edith',
            lastName: 'Clarke',
            email: request.email,
            phone: request.phone,
            street: request.street,
            city: 'Austin',
          },
          pets: [{ name: 'Rex', species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, gender: 'MALE' }],
        },
      },
      { headers: editor },
    );
    expect(wrapperCreate.status).toBe(403);
    expect((await s.api.post('/v2/quote', { data: request }, { headers: editor })).status).toBe(403);

    // Working the quote: the questions, the answers, then saving it with coverage.
    const questions = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'underwritingQuestions', data: { species: 'DOG' } },
      { headers: editor },
    );
    expect(questions.status).toBe(200);
    const answers: Record<string, boolean> = {};
    for (const q of (questions.body as Json).data as Json[]) answers[String(q.id)] = false;
    const answered = await s.api.post(
      '/v1/quote/action',
      {
        method: 'POST',
        action: 'answerUnderwriting',
        data: { uuid: quote.uuid, pets: [{ petId: quote.pets[0].id, answers }] },
      },
      { headers: editor },
    );
    expect(answered.status, answered.text).toBe(200);
    expect((answered.body as Json).data.step).toBe('coverage');
    const saved = await s.api.post(
      '/v2/quote',
      {
        data: {
          ...request,
          uuid: quote.uuid,
          pets: [{ ...request.pets[0], underwritingAnswers: answers, coverage: { planCode: 'AI_10K' } }],
        },
      },
      { headers: editor },
    );
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as Json).data.step).toBe('checkout');

    // quote_search reads quotes but works none.
    const refused = await s.api.post(
      '/v1/quote/action',
      { method: 'POST', action: 'back', data: { uuid: quote.uuid } },
      { headers: searcher },
    );
    expect(refused.status).toBe(403);
    const read = await s.api.get(`/v2/quote/${quote.uuid}`, { headers: searcher });
    expect(read.status).toBe(200);
  });

  // SPEC §6 "quote_set_track_info" and §3 "partner and reference data": the tracking information of a quote,
  // set by a holder of that privilege (or of quote, or root), bookkeeping that changes nothing of the journey.
  it('sets a quote’s partner and reference data with quote_set_track_info alone, and refuses the rest', async () => {
    const agent = await login(AGENT);
    const tracker = await userWith(['quote_set_track_info']);
    const editor = await userWith(['quote_edit']);
    const made = await s.api.post(
      '/v1/quotes',
      {
        startDate: businessDaysFromToday(3),
        zip: '78701',
        ...contact(),
        pets: [{ name: 'Rex', species: 'DOG', gender: 'MALE', breed: 'MIXED_BREED_MEDIUM', age: 3 }],
      },
      { headers: agent },
    );
    expect(made.status, made.text).toBe(200);
    const quote = (made.body as Json).data;
    const path = `/v2/quotes/${quote.uuid as string}/tracking`;
    const tracking = {
      partner_data: { code: 'SHELTER-ATX', name: 'Austin Animal Shelter' },
      reference_data: { reference: 'CRM-20417', values: { campaign: 'spring', lead: '88121' } },
    };

    // Quoting and working quotes do not set tracking; a holder of quote_set_track_info alone does.
    expect((await put(path, tracking, { headers: agent })).status).toBe(403);
    expect((await put(path, tracking, { headers: editor })).status).toBe(403);
    const set = await put(path, tracking, { headers: tracker });
    expect(set.status, set.text).toBe(200);
    const answer = (set.body as Json).data;
    expect(answer).toMatchObject({ quote_uuid: quote.uuid, ...tracking, version: 1 });
    expect(answer.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}-0[56]:00$/);
    const trackerId = ((await s.api.get('/v2/my/profile', { headers: tracker })).body as Json).data.id;
    expect(answer.updated_by).toBe(trackerId);

    // Recorded as an event of the quote's tracking, with who set it; the journey's log is untouched.
    const events = await db()
      .selectFrom('events')
      .select(['stream_type', 'type', 'metadata', 'recorded_at'])
      .where('stream_id', '=', quote.uuid)
      .orderBy('position')
      .execute();
    const last = events.at(-1)!;
    expect(last).toMatchObject({ stream_type: 'quoteTracking', type: 'quoteTracking.set' });
    expect((last.metadata as Json).userId).toBe(trackerId);
    expect(new Date(last.recorded_at).getTime()).toBe(new Date(answer.updated_at).getTime());

    // The quote view answers it; the journey's version and step do not move.
    const view = (await s.api.get(`/v2/quote/${quote.uuid as string}`, { headers: agent })).body as Json;
    expect(view.data).toMatchObject({ ...tracking, version: quote.version, step: quote.step });

    const byPartner = await s.api.get('/v2/quotes?limit=100&filter[partnerCode]=shelter-atx', {
      headers: agent,
    });
    expect(((byPartner.body as Json).data as Json[]).map((r) => r.id)).toContain(quote.uuid);

    // Each bad part is a 422 on its field, and nothing is written.
    const wrong: [Json, string][] = [
      [{ ...tracking, partner_data: { code: 'no spaces!', name: 'X' } }, 'partner_data.code'],
      [{ ...tracking, partner_data: { code: 'OK', name: '' } }, 'partner_data.name'],
      [
        { ...tracking, reference_data: { reference: 'x'.repeat(101), values: {} } },
        'reference_data.reference',
      ],
      [
        {
          ...tracking,
          reference_data: {
            reference: null,
            values: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v'])),
          },
        },
        'reference_data.values',
      ],
      [
        { ...tracking, reference_data: { reference: null, values: { lead: 'v'.repeat(201) } } },
        'reference_data.values.lead',
      ],
      [
        { ...tracking, reference_data: { reference: null, values: { '1st': 'v' } } },
        'reference_data.values.1st',
      ],
      [{ ...tracking, owner: 'me' }, 'owner'],
      [{ partner_data: tracking.partner_data }, 'reference_data'],
    ];
    for (const [body, field] of wrong) {
      const refused = await put(path, body, { headers: tracker });
      expect(refused.status, field).toBe(422);
      expect(Object.keys((refused.body as Json).errors), field).toContain(field);
    }
    // A stale version is a 409; the current one, or none, clears a part with null.
    expect((await put(path, { ...tracking, version: 0 }, { headers: tracker })).status).toBe(409);
    const cleared = await put(path, { ...tracking, reference_data: null, version: 1 }, { headers: tracker });
    expect(cleared.status, cleared.text).toBe(200);
    expect((cleared.body as Json).data).toMatchObject({ reference_data: null, version: 2 });
    const count = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stream_type', '=', 'quoteTracking')
      .where('stream_id', '=', quote.uuid)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);

    // The read table is the log's: a rebuild from the events gives the same rows.
    const rows = () => db().selectFrom('quote_tracking').selectAll().orderBy('quote_uuid').execute();
    const kept = await rows();
    await rebuildProjections(db());
    expect(await rows()).toEqual(kept);

    // Another agency's user, holding every quote privilege: not found. The root administrator: allowed.
    const lakeside = await login(LAKESIDE_MANAGER);
    expect((await put(path, tracking, { headers: lakeside })).status).toBe(404);
    expect((await put(path, tracking, { headers: await login(ADMIN) })).status).toBe(200);
    expect((await put(`/v2/quotes/${randomUUID()}/tracking`, tracking, { headers: tracker })).status).toBe(
      404,
    );
  });

  // SPEC §3 "Breed: code, name, species. Pet type: code, description. Underwriting question: id, type, question
  // text, boolean answer. Config: code, value, description."

  it('serves pet types, breeds of each, the questions and the configs by SPEC’s names', async () => {
    const login = await s.api.post('/v2/auth', { email: AGENT, password: DEMO_PASSWORD });
    const headers = { authorization: `Bearer ${(login.body as Json).accessToken as string}` };

    const types = await s.api.get('/v2/lists/pet-types', { headers });
    expect(types.status).toBe(200);
    const petTypes = (types.body as Json).data as Json[];
    expect(petTypes.map((t) => t.code).sort()).toEqual(['CAT', 'DOG']);
    for (const t of petTypes) {
      expect(Object.keys(t).sort()).toEqual(['code', 'description']);
      expect(t.description).toEqual(expect.any(String));
    }

    for (const { code } of petTypes) {
      const breeds = await s.api.post(
        '/v1/quote/action',
        { method: 'GET', action: 'breeds', data: { species: code } },
        { headers },
      );
      expect(breeds.status).toBe(200);
      const list = (breeds.body as Json).data as Json[];
      expect(list.length).toBeGreaterThan(0);
      for (const b of list) {
        expect(Object.keys(b).sort()).toEqual(['code', 'name', 'species']);
        expect(b.species).toBe(code);
      }
    }

    const questions = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'underwritingQuestions', data: { species: 'DOG' } },
      { headers },
    );
    expect(questions.status).toBe(200);
    for (const q of (questions.body as Json).data as Json[]) {
      expect(q).toMatchObject({ id: expect.any(Number), type: expect.any(String) });
      expect(Object.values(q).some((v) => typeof v === 'string' && v.endsWith('?'))).toBe(true);
    }

    const configs = await s.api.get('/v2/configs', { headers });
    expect(configs.status).toBe(200);
    for (const c of (configs.body as Json).data as Json[]) {
      expect(Object.keys(c).sort()).toEqual(['code', 'description', 'value']);
    }
  });
});
