import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { businessDaysFromToday } from '../../support/businessToday';
import { AGENT } from '../../support/personas';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §3 "Quote pet: uuid, name, age, species, gender, breed, default plan, start dates (general, accident,
// illness, knee ligament, wellness), policy id, coverage, deductible and reimbursement options, waiting
// periods per category (unit and value), plans, wellness levels, underwriting answers (boolean per
// question)." A SPEC client quotes through POST /v1/quotes, reads each pet by those names, and checks the
// start dates against its own arithmetic: the start date plus each category's waiting period.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a SPEC client reads untyped JSON

// The oracle: a day count moves the calendar day; a month count moves the month, and a day the new month
// lacks becomes its last day.
function plus(start: string, period: { unit: string; value: number }): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  if (period.unit === 'DAY') {
    const t = new Date(Date.UTC(y, m - 1, d));
    t.setUTCDate(t.getUTCDate() + period.value);
    return t.toISOString().slice(0, 10);
  }
  const months = y * 12 + (m - 1) + period.value;
  const [ty, tm] = [Math.floor(months / 12), months % 12];
  const daysInMonth = [
    31,
    ty % 4 === 0 && (ty % 100 !== 0 || ty % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ][tm]!;
  return `${ty}-${String(tm + 1).padStart(2, '0')}-${String(Math.min(d, daysInMonth)).padStart(2, '0')}`;
}

const FILED = {
  accident: { unit: 'DAY', value: 2 },
  illness: { unit: 'DAY', value: 14 },
  knee_ligament: { unit: 'MONTH', value: 6 },
  wellness: { unit: 'DAY', value: 0 },
};

describe.each(testDatabases())('SPEC §3 quote pets, on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;

  const login = async (email: string) => {
    const answer = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
    expect(answer.status).toBe(200);
    return { authorization: `Bearer ${(answer.body as { accessToken: string }).accessToken}` };
  };

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

  it("reads every quote pet field by SPEC's names, the start dates being the start date plus the waiting periods", async () => {
    const agent = await login(AGENT);
    const startDate = businessDaysFromToday(3);
    const tag = `${Date.now().toString(36)}q`;
    const request = {
      requestId: randomUUID(),
      startDate,
      zip: '78701',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada.${tag}@example.test`,
      phone: `512${String(Date.now() % 10_000_000).padStart(7, '0')}`,
      street: '5 Congress Ave',
      city: 'Austin',
      pets: [
        {
          name: 'Rex',
          species: 'DOG',
          gender: 'MALE',
          breed: 'MIXED_BREED_MEDIUM',
          age: 3,
          underwritingAnswers: await passingAnswers(agent, 'DOG'),
          coverage: { planCode: 'AI_10K' },
        },
        {
          name: 'Tibbles',
          species: 'CAT',
          gender: 'FEMALE',
          breed: 'DOMESTIC_SHORTHAIR',
          age: 2,
          underwritingAnswers: await passingAnswers(agent, 'CAT'),
          coverage: { planCode: 'ACC_10K' },
        },
      ],
    };
    const quoted = await s.api.post('/v1/quotes', request, { headers: agent });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const quote = (quoted.body as Json).data as Json;
    const options = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'plans', data: { state: 'TX', startDate } },
      { headers: agent },
    );
    const offered = (options.body as Json).data as Json;

    expect(quote.pets).toHaveLength(2);
    for (const [index, pet] of (quote.pets as Json[]).entries()) {
      const sent = request.pets[index]!;
      expect(pet.uuid ?? pet.id).toEqual(expect.any(String));
      expect(pet).toMatchObject({
        name: sent.name,
        age: sent.age,
        species: sent.species,
        gender: sent.gender,
      });
      expect(pet.breed ?? pet.breed_code).toBe(sent.breed);
      expect(pet.answers ?? pet.underwriting_answers).toEqual(sent.underwritingAnswers);
      expect(pet.plan.plan_code).toBe(sent.coverage.planCode);
      expect(pet.policy_id).toBeNull();
      expect(pet.default_plan).toBe('AI_10K');
      expect(pet.plans).toContain(sent.coverage.planCode);
      expect(pet.deductible_options).toContain(pet.plan.deductible);
      expect(pet.reimbursement_options).toContain(pet.plan.reimbursement);
      expect(pet.wellness_levels.length).toBeGreaterThan(0);
      if (Array.isArray(offered?.plans)) expect(pet.plans).toHaveLength(offered.plans.length);
      expect(pet.waiting_periods).toEqual(FILED);
      expect(pet.start_dates).toEqual({
        general: startDate,
        accident: plus(startDate, pet.waiting_periods.accident),
        illness: plus(startDate, pet.waiting_periods.illness),
        knee_ligament: plus(startDate, pet.waiting_periods.knee_ligament),
        wellness: plus(startDate, pet.waiting_periods.wellness),
      });
    }
    const read = await s.api.get(`/v2/quote/${quote.uuid}`, { headers: agent });
    expect(((read.body as Json).data as Json).pets).toEqual(quote.pets);

    // A filing that changes a plan's periods from a date on (a new version: every category of the plan)
    // changes the pets quoted from that date.
    await db()
      .insertInto('rate_waiting_periods')
      .values([
        { plan_code: 'ACC_10K', category: 'ACCIDENT', unit: 'DAY', value: 2, effective_date: startDate },
        { plan_code: 'ACC_10K', category: 'ILLNESS', unit: 'DAY', value: 30, effective_date: startDate },
        {
          plan_code: 'ACC_10K',
          category: 'KNEE_LIGAMENT',
          unit: 'MONTH',
          value: 6,
          effective_date: startDate,
        },
        { plan_code: 'ACC_10K', category: 'WELLNESS', unit: 'DAY', value: 0, effective_date: startDate },
      ])
      .execute();
    try {
      const reread = ((await s.api.get(`/v2/quote/${quote.uuid}`, { headers: agent })).body as Json)
        .data as Json;
      const cat = (reread.pets as Json[])[1]!;
      expect(cat.waiting_periods.accident).toEqual({ unit: 'DAY', value: 2 });
      expect(cat.waiting_periods.illness).toEqual({ unit: 'DAY', value: 30 });
      expect(cat.start_dates.illness).toBe(plus(startDate, { unit: 'DAY', value: 30 }));
      expect((reread.pets as Json[])[0]!.waiting_periods).toEqual(FILED);
    } finally {
      await db()
        .deleteFrom('rate_waiting_periods')
        .where('plan_code', '=', 'ACC_10K')
        .where('effective_date', '=', startDate)
        .execute();
    }
  });

  it("gives each bought pet its policy's number as policy id, and the policy detail its cover start dates", async () => {
    const agent = await login(AGENT);
    const me = await s.api.get('/v2/my/profile', { headers: agent });
    const agentId = (me.body as Json).data.id as number;
    const startDate = businessDaysFromToday(4);
    const tag = `${Date.now().toString(36)}p`;
    const quoted = await s.api.post(
      '/v1/quotes',
      {
        requestId: randomUUID(),
        startDate,
        zip: '78701',
        firstName: 'Alan',
        lastName: 'Turing',
        email: `alan.${tag}@example.test`,
        phone: `512${String((Date.now() + 4177) % 10_000_000).padStart(7, '0')}`,
        street: '7 Congress Ave',
        city: 'Austin',
        pets: [
          {
            name: 'Bo',
            species: 'DOG',
            gender: 'MALE',
            breed: 'MIXED_BREED_MEDIUM',
            age: 4,
            underwritingAnswers: await passingAnswers(agent, 'DOG'),
            coverage: { planCode: 'AI_10K' },
          },
        ],
      },
      { headers: agent },
    );
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const quote = (quoted.body as Json).data as Json;
    const fees = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'fees', data: { state: 'TX', startDate } },
      { headers: agent },
    );
    const monthlyFees = ((fees.body as Json).data.fees as Json[])
      .filter((f) => f.payment_period === 'MONTHLY')
      .reduce((sum, f) => sum + Math.round(f.amount * 100) * 12, 0);
    const session = await s.api.get('/v1/one-inc-session', { headers: agent });
    const method = await s.api.post(
      `/v1/one-inc-session/${(session.body as Json).data.session_id as string}/payment-methods`,
      {
        type: 'card',
        card: {
          number: '4242 4242 4242 4242',
          expiry: '12/29',
          cvc: '123',
          name: 'Alan Turing',
          zip: '78701',
        },
      },
      { headers: agent },
    );
    const bought = await s.api.post(
      '/v2/policies',
      {
        data: {
          quoteId: quote.uuid,
          requestId: randomUUID(),
          electronicDeliveryConsent: true,
          termsAndConditions: true,
          fees: monthlyFees / 100,
          paymentAccount: {
            token: (method.body as Json).data.token as string,
            type: 'card',
            lastFour: '4242',
            cardExpiry: '12/29',
            name: 'Alan Turing',
            bank: null,
          },
          paymentMethod: 'card',
          paymentPeriod: 'MONTHLY',
          agentId,
        },
      },
      { headers: agent },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const sold = (bought.body as Json).data as Json;
    const policyNumber = (sold.policies as Json[])[0]!.policy_number as string;
    expect((sold.pets as Json[])[0]!.policy_id).toBe(policyNumber);

    const policy = await db()
      .selectFrom('policies')
      .select('matter_id')
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    const detail = await s.api.get(`/v2/policies/${policy.matter_id}`, { headers: agent });
    expect(detail.status).toBe(200);
    const coverage = ((detail.body as Json).data as Json).coverage as Json;
    // §7 wrapper "customer (customerId), encoded customer id", §3 "Customer: id, first and last name, address
    // lines 1 and 2, city, state, zip, phone, email".
    const customerId = ((detail.body as Json).data as Json).policyholder.customerId as number;
    const customer = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'customer', data: { customerId } },
      { headers: agent },
    );
    expect(customer.status, JSON.stringify(customer.body)).toBe(200);
    expect((customer.body as Json).data).toMatchObject({
      id: customerId,
      first_name: 'Alan',
      last_name: 'Turing',
      address_line_1: '7 Congress Ave',
      address_line_2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      email: `alan.${tag}@example.test`,
    });
    // §5 "The quote cid must be present and an integer": checked when sent (decision 021).
    expect(
      (await s.api.get(`/v2/quote/${quote.uuid as string}?cid=${customerId}`, { headers: agent })).status,
    ).toBe(200);
    expect(
      (await s.api.get(`/v2/quote/${quote.uuid as string}?cid=${customerId + 1}`, { headers: agent })).status,
    ).toBe(404);
    const notInteger = await s.api.get(`/v2/quote/${quote.uuid as string}?cid=x1`, { headers: agent });
    expect(notInteger.status).toBe(422);
    expect(JSON.stringify(notInteger.body)).toMatch(/cid must be an integer number/);
    const encoded = await s.api.post(
      '/v1/quote/action',
      { method: 'GET', action: 'encodedCustomerId', data: { customerId } },
      { headers: agent },
    );
    expect((encoded.body as Json).data).toMatchObject({
      customer_id: customerId,
      encoded_customer_id: expect.any(String),
    });
    // One spelling for species and gender on quotes and policies: the codes the quote request takes.
    expect(((detail.body as Json).data as Json).pet).toMatchObject({ species: 'DOG', gender: 'MALE' });
    expect((quote.pets as Json[])[0]).toMatchObject({ species: 'DOG', gender: 'MALE' });
    expect(coverage.waitingPeriods).toEqual({
      accident: FILED.accident,
      illness: FILED.illness,
      kneeLigament: FILED.knee_ligament,
      wellness: FILED.wellness,
    });
    expect(coverage.startDates).toEqual({
      general: startDate,
      accident: plus(startDate, FILED.accident),
      illness: plus(startDate, FILED.illness),
      kneeLigament: plus(startDate, FILED.knee_ligament),
      wellness: startDate,
    });
  });

  // §7 "POST /v1/quote/action with body method, action, actionCode, data and optional meta.agent.entityCode.
  // Used for: plans, breeds (species), …, fees, fraud warning, cover items formatted, wellness formatted, quote
  // view. If the answer's data holds a string error field, that message is raised as the error." "GET
  // v2/quotes/{uuid} as file (pdf). GET quote/{quoteUUID}." §5 "The quote lookup uuid must be a UUID".
  it('answers every wrapper action by SPEC names, the quote file and the quote lookup', async () => {
    const agent = await login(AGENT);
    const act = async (method: string, action: string, data: Json, actionCode?: string) => {
      const answer = await s.api.post(
        '/v1/quote/action',
        { method, action, data, ...(actionCode ? { actionCode } : {}) },
        { headers: agent },
      );
      return answer;
    };
    const startDate = businessDaysFromToday(3);
    const plans = await act(
      'GET',
      'plans',
      { zip: '78701', startDate, pets: [{ species: 'CAT', breedCode: 'ABYSSINIAN', age: 2 }] },
      'rate-1',
    );
    expect(plans.status).toBe(200);
    expect((plans.body as Json).meta).toEqual({ action: 'plans', actionCode: 'rate-1' });
    const rated = (plans.body as Json).data as Json;
    expect(rated.plan_options).toMatchObject({
      state_code: 'TX',
      default_plan: expect.any(String),
      deductibles: { default_value: expect.any(Number), values: expect.any(Array) },
      reimbursements: { default_value: expect.any(Number), values: expect.any(Array) },
      exam_fee: expect.any(Boolean),
      wellness: expect.any(Boolean),
    });
    const plan = rated.pets[0].plan as Json;
    for (const key of [
      'id',
      'plan_code',
      'plan_desc',
      'accident_only',
      'plan_limit',
      'default_deductible',
      'default_reimbursement',
      'aq_product_id',
      'applied_discount',
      'max_allowed_discount',
      'deductible',
      'discount',
      'downpayment',
      'downpayment_municipal_tax',
      'downpayment_state_tax',
      'monthly_exam_fee',
      'monthly_payment',
      'monthly_payment_municipal_tax',
      'monthly_payment_state_tax',
      'pre_discount_monthly_payment',
      'reimbursement',
      'total_exam_fee',
      'total_premium',
      'total_municipal_tax',
      'total_state_tax',
    ])
      expect(plan, key).toHaveProperty(key);

    const breeds = ((await act('GET', 'breeds', { species: 'CAT' })).body as Json).data as Json[];
    expect(breeds.length).toBeGreaterThan(0);
    expect(
      breeds.every((b) => b.species === 'CAT' && typeof b.code === 'string' && typeof b.name === 'string'),
    ).toBe(true);
    const fees = ((await act('GET', 'fees', { state: 'TX', startDate })).body as Json).data as Json;
    expect(fees).toMatchObject({ state_code: 'TX', fees: expect.any(Array) });
    const items = (
      (await act('GET', 'coverItemsFormatted', { planCode: plan.plan_code, state: 'TX' })).body as Json
    ).data as Json[];
    for (const key of [
      'code',
      'available',
      'description',
      'tooltip',
      'type',
      'sort_order',
      'display',
      'value',
      'items',
    ])
      expect(items[0], key).toHaveProperty(key);
    const wellness = ((await act('GET', 'wellnessFormatted', { state: 'TX' })).body as Json).data as Json[];
    for (const level of wellness) {
      expect(level).toMatchObject({ name: expect.any(String), price: expect.any(Number) });
      expect(level.benefits_count).toBe((level.benefits as Json[]).length);
    }

    const quoted = await s.api.post(
      '/v1/quotes',
      {
        requestId: randomUUID(),
        startDate,
        zip: '78701',
        firstName: 'Grace',
        lastName: 'Hopper',
        email: `grace.${Date.now().toString(36)}@example.test`,
        phone: `512${String((Date.now() + 911) % 10_000_000).padStart(7, '0')}`,
        street: '1 Navy Way',
        city: 'Austin',
        pets: [{ name: 'Cobol', species: 'CAT', gender: 'FEMALE', breed: 'ABYSSINIAN', age: 2 }],
      },
      { headers: agent },
    );
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const uuid = ((quoted.body as Json).data as Json).uuid as string;
    const view = await act('GET', 'quoteView', { uuid });
    expect(((view.body as Json).data as Json).uuid).toBe(uuid);
    const fraud = await act('GET', 'fraudWarning', { uuid });
    expect(fraud.status).toBe(200);
    // A refused action answers data.error, a string the client raises.
    const refused = await act('GET', 'coverItemsFormatted', { planCode: 'GOLD' });
    expect(refused.status).toBe(200);
    expect(((refused.body as Json).data as Json).error).toMatch(/Plan GOLD is not sold/);

    const lookup = await s.api.get(`/v2/quote/${uuid}`, { headers: agent });
    expect(lookup.status).toBe(200);
    expect(((lookup.body as Json).data as Json).uuid).toBe(uuid);
    const notUuid = await s.api.get('/v2/quote/not-a-uuid', { headers: agent });
    expect(notUuid.status).toBe(422);
    expect(JSON.stringify(notUuid.body)).toMatch(/must be a UUID/);
    const pdf = await s.api.get(`/v2/quotes/${uuid}`, { headers: { ...agent, accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/pdf/);
  });

  it('the oracle itself keeps month ends and the leap day', () => {
    expect(plus('2027-08-31', { unit: 'MONTH', value: 6 })).toBe('2028-02-29');
    expect(plus('2026-08-31', { unit: 'MONTH', value: 6 })).toBe('2027-02-28');
    expect(plus('2026-12-30', { unit: 'DAY', value: 14 })).toBe('2027-01-13');
  });
});
