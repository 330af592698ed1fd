import { describe, expect, it } from 'vitest';
import {
  BreedsAnswer,
  CoverItemsAnswer,
  FeesAnswer,
  PlansAnswer,
  QuoteActionRefusal,
  UnderwritingQuestionsAnswer,
  WellnessAnswer,
  type CoverageItem,
  type InsurancePlan,
} from '../../src/api/schemas/quoteActions';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectValidationError } from '../support/http';
import { ADMIN, AGENT, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// POST /v1/quote/action, read actions (SPEC §3, §7; docs/quote-actions.md): figures as docs/rating.md's
// worked examples, in dollars; business refusals as 200 {data: {error}}; malformed input as 422.
const dog = { species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3 };
const austin = {
  zip: '78701',
  startDate: '2026-11-22',
  pets: [{ ...dog, planCode: 'AI_10K', deductible: 500, reimbursement: 80 }],
};
const cents = (dollars: number) => Math.round(dollars * 100);

// Each annual line of a plan splits into a down payment and eleven monthly payments, to the cent.
function expectReconciles(plan: InsurancePlan) {
  expect(cents(plan.monthly_payment) * 11 + cents(plan.downpayment)).toBe(cents(plan.total_premium));
  expect(cents(plan.monthly_payment_state_tax) * 11 + cents(plan.downpayment_state_tax)).toBe(
    cents(plan.total_state_tax),
  );
  expect(cents(plan.monthly_payment_municipal_tax) * 11 + cents(plan.downpayment_municipal_tax)).toBe(
    cents(plan.total_municipal_tax),
  );
}

describe.each(testDatabases())('quote action wrapper (read actions) on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const act = (action: string, data: unknown, email = AGENT) =>
    e.post('/v1/quote/action', email, { method: 'GET', action, actionCode: `test-${action}`, data });
  const refusal = async (action: string, data: unknown) => {
    const response = await act(action, data);
    expectStatus(response, 200);
    return QuoteActionRefusal.parse(response.body).data.error;
  };

  describe('plans', () => {
    it('rates docs/rating.md example 1 (Austin dog) in dollars, with plan options and payments', async () => {
      const response = await act('plans', austin);
      expectStatus(response, 200);
      const answer = PlansAnswer.parse(response.body);
      expect(answer.meta).toEqual({ action: 'plans', actionCode: 'test-plans' });
      const { data } = answer;
      expect(data).toMatchObject({
        state_code: 'TX',
        zip: '78701',
        start_date: '2026-11-22',
        discount_code: null,
      });
      const pet = data.pets[0]!;
      expect(pet.plan).toMatchObject({
        plan_code: 'AI_10K',
        plan_limit: 10_000,
        deductible: 500,
        reimbursement: 80,
        applied_discount: 0,
        max_allowed_discount: 20,
        discount: 0,
        total_premium: 544.64,
        downpayment: 45.46,
        monthly_payment: 45.38,
        pre_discount_monthly_payment: 45.38,
        total_state_tax: 8.71,
        downpayment_state_tax: 0.79,
        monthly_payment_state_tax: 0.72,
        total_municipal_tax: 0,
        total_exam_fee: 0,
      });
      expectReconciles(pet.plan);
      expect(pet.plans.map((p) => p.plan_code)).toEqual(['ACC_10K', 'AI_5K', 'AI_10K', 'AI_UNL']);
      pet.plans.forEach(expectReconciles);
      expect(pet.plans.find((p) => p.plan_code === 'AI_10K')).toEqual(pet.plan);
      expect(data.payments.monthly).toMatchObject({ downpayment: 47.25, installment: 47.1, total: 565.35 });
      expect(data.payments.monthly.fees).toEqual([
        { fee_code: 'INSTALLMENT', description: 'Installment fee', amount: 1, total: 12 },
      ]);
      expect(cents(data.payments.monthly.installment) * 11 + cents(data.payments.monthly.downpayment)).toBe(
        cents(data.payments.monthly.total),
      );
      expect(data.payments.annual).toEqual({ total: 553.35, fees: [] });
      expect(data.plan_options).toEqual({
        state_code: 'TX',
        default_plan: 'AI_10K',
        plans: ['ACC_10K', 'AI_5K', 'AI_10K', 'AI_UNL'],
        deductibles: { default_value: 500, values: [100, 250, 500, 750, 1000] },
        reimbursements: { default_value: 80, values: [70, 80, 90] },
        exam_fee: true,
        wellness: true,
      });
    });

    it('rates docs/rating.md example 3 (two Louisville pets, SHELTER15, capped at 20%)', async () => {
      const response = await act('plans', {
        zip: '40202',
        state: 'KY',
        startDate: '2026-11-22',
        discountCode: 'shelter15',
        pets: [
          {
            species: 'DOG',
            breedCode: 'LABRADOR_RETRIEVER',
            age: 5,
            planCode: 'AI_UNL',
            deductible: 250,
            reimbursement: 90,
            wellnessCode: 'WELLNESS_BASIC',
          },
          {
            species: 'CAT',
            breedCode: 'DOMESTIC_SHORTHAIR',
            age: 1,
            planCode: 'AI_5K',
            deductible: 500,
            reimbursement: 80,
            examFee: true,
          },
        ],
      });
      expectStatus(response, 200);
      const { data } = PlansAnswer.parse(response.body);
      expect(data.discount_code).toBe('SHELTER15');
      const [lab, cat] = data.pets;
      expect(lab!.plan).toMatchObject({
        plan_limit: null,
        applied_discount: 20,
        discount: 245.9,
        total_premium: 983.61,
        total_state_tax: 19.67,
        total_municipal_tax: 49.18,
        downpayment_municipal_tax: 4.19,
        monthly_payment_municipal_tax: 4.09,
      });
      expect(lab!.wellness).toEqual({
        code: 'WELLNESS_BASIC',
        name: 'Basic wellness',
        monthly: 14.95,
        total: 179.4,
      });
      expect(cat!.plan).toMatchObject({
        discount: 49.9,
        total_exam_fee: 29.94,
        monthly_exam_fee: 2.49,
        total_premium: 229.56,
        pre_discount_monthly_payment: 23.28,
      });
      expect(cat!.wellness).toBeNull();
      for (const pet of data.pets) pet.plans.forEach(expectReconciles);
      expect(data.payments.monthly).toMatchObject({
        downpayment: 124.5,
        installment: 124.09,
        total: 1489.49,
      });
      expect(data.payments.annual.total).toBe(1477.49);
    });

    it('takes the state’s defaults for the options left out', async () => {
      const response = await act('plans', { zip: '78701', startDate: '2026-11-22', pets: [dog] });
      const { plan } = PlansAnswer.parse(response.body).data.pets[0]!;
      expect(plan).toMatchObject({
        plan_code: 'AI_10K',
        deductible: 500,
        reimbursement: 80,
        total_premium: 544.64,
      });
    });

    it.each([
      ['a zip in a state without pet insurance', { ...austin, zip: '90210' }, /not sold in CA/],
      ['a zip outside the given state', { ...austin, state: 'KY' }, /78701 is in TX, not KY/],
      ['a zip of no state', { ...austin, zip: '00001' }, /could not find the state/],
      ['a pet too old', { ...austin, pets: [{ ...dog, age: 20 }] }, /aged 20 cannot be enrolled/],
      ['an unknown discount code', { ...austin, discountCode: 'NOPE' }, /discount code is not valid/],
      ['an expired discount code', { ...austin, discountCode: 'SPRING25' }, /discount code is not valid/],
      [
        'a start date before any rate',
        { ...austin, startDate: '2024-06-01' },
        /not sold in TX on 2024-06-01/,
      ],
      ['a plan not sold', { ...austin, pets: [{ ...dog, planCode: 'GOLD' }] }, /Plan GOLD is not sold/],
      [
        'a deductible not filed',
        { ...austin, pets: [{ ...dog, deductible: 300 }] },
        /\$300 deductible is not offered in TX; choose one of \$100, \$250, \$500, \$750, \$1,000/,
      ],
      [
        'a reimbursement not filed',
        { ...austin, pets: [{ ...dog, reimbursement: 85 }] },
        /85% reimbursement is not offered/,
      ],
      [
        'the exam fee where it is not sold',
        { ...austin, zip: '98101', pets: [{ ...dog, examFee: true }] },
        /exam-fee option is not sold in WA/,
      ],
      [
        'wellness where it is not sold',
        { ...austin, zip: '33101', pets: [{ ...dog, wellnessCode: 'WELLNESS_BASIC' }] },
        /Wellness is not sold in FL/,
      ],
      ['too many pets', { ...austin, pets: Array.from({ length: 6 }, () => dog) }, /at most 5 pets/],
    ])('refuses %s with a message in data.error', async (_label, data, message) => {
      expect(await refusal('plans', data)).toMatch(message);
    });

    it.each([
      ['no zip', { startDate: '2026-11-22', pets: [dog] }, ['data.zip']],
      ['a four-digit zip', { ...austin, zip: '7870' }, ['data.zip']],
      ['an age that is not a number', { ...austin, pets: [{ ...dog, age: 'three' }] }, ['data.pets.0.age']],
      ['a negative age', { ...austin, pets: [{ ...dog, age: -1 }] }, ['data.pets.0.age']],
      ['no pets', { ...austin, pets: [] }, ['data.pets']],
      ['an unknown species', { ...austin, pets: [{ ...dog, species: 'FERRET' }] }, ['data.pets.0.species']],
      ['a date that is not one', { ...austin, startDate: '2026-02-30' }, ['data.startDate']],
      ['an unknown field', { ...austin, colour: 'brown' }, ['data.colour']],
      [
        'a cat breed for a dog',
        { ...austin, pets: [dog, { ...dog, breedCode: 'DOMESTIC_SHORTHAIR' }] },
        ['data.pets.1.breedCode'],
      ],
      [
        'an unknown breed',
        { ...austin, pets: [{ ...dog, breedCode: 'UNICORN' }] },
        ['data.pets.0.breedCode'],
      ],
    ])('answers 422 for %s', async (_label, data, fields) => {
      expectValidationError(await act('plans', data), fields);
    });
  });

  it('lists the breeds of a species, by name', async () => {
    const response = await act('breeds', { species: 'CAT' });
    expectStatus(response, 200);
    const breeds = BreedsAnswer.parse(response.body).data;
    expect(breeds.length).toBeGreaterThan(5);
    expect(breeds.every((b) => b.species === 'CAT')).toBe(true);
    expect(breeds).toContainEqual({ code: 'DOMESTIC_SHORTHAIR', name: 'Domestic Shorthair', species: 'CAT' });
    const names = breeds.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expectValidationError(await act('breeds', { species: 'cow' }), ['data.species']);
  });

  describe('coverItemsFormatted', () => {
    const find = (items: CoverageItem[], code: string) => items.find((i) => i.code === code)!;

    it('lists coverage items with nested items and tooltips', async () => {
      const items = CoverItemsAnswer.parse(
        (await act('coverItemsFormatted', { planCode: 'AI_10K' })).body,
      ).data;
      const illnesses = find(items, 'ILLNESSES');
      expect(illnesses).toMatchObject({ available: true, type: 'COVERAGE', tooltip: expect.any(String) });
      expect(illnesses.items.map((i) => i.code)).toContain('CANCER');
      expect(find(items, 'PRE_EXISTING')).toMatchObject({ available: false, type: 'EXCLUSION' });
      expect(find(items, 'EXAM_FEES').available).toBe(true);
    });

    it('shows illness as not covered by an accident-only plan, and the exam fee where it is not sold', async () => {
      const items = CoverItemsAnswer.parse(
        (await act('coverItemsFormatted', { planCode: 'ACC_10K', state: 'WA' })).body,
      ).data;
      const illnesses = find(items, 'ILLNESSES');
      expect(illnesses.available).toBe(false);
      expect(illnesses.items.every((i) => !i.available)).toBe(true);
      expect(find(items, 'ACCIDENTS').available).toBe(true);
      expect(find(items, 'EXAM_FEES').available).toBe(false);
    });

    it('refuses a plan that is not sold and a state without pet insurance', async () => {
      expect(await refusal('coverItemsFormatted', { planCode: 'GOLD' })).toMatch(/Plan GOLD is not sold/);
      expect(await refusal('coverItemsFormatted', { planCode: 'AI_10K', state: 'CA' })).toMatch(
        /not sold in CA/,
      );
      expectValidationError(await act('coverItemsFormatted', {}), ['data.planCode']);
    });
  });

  it('lists wellness plans with their benefits, and refuses where wellness is not sold', async () => {
    const plans = WellnessAnswer.parse((await act('wellnessFormatted', { state: 'TX' })).body).data;
    expect(plans.map((p) => p.code)).toEqual(['WELLNESS_BASIC', 'WELLNESS_PLUS', 'WELLNESS_PREMIER']);
    expect(plans[0]).toMatchObject({ name: 'Basic wellness', price: 14.95, benefits_count: 3 });
    expect(plans[0]!.benefits[0]).toEqual({ name: 'Annual wellness exam', annual_limit: 50 });
    for (const plan of plans) expect(plan.benefits).toHaveLength(plan.benefits_count);
    expect(await refusal('wellnessFormatted', { state: 'FL' })).toMatch(/not sold in FL/);
  });

  it('lists the fees in force for a state', async () => {
    const response = await act('fees', { state: 'TX', startDate: '2026-11-22' });
    expect(FeesAnswer.parse(response.body).data).toEqual({
      state_code: 'TX',
      effective_date: '2026-11-22',
      fees: [
        { fee_code: 'INSTALLMENT', description: 'Installment fee', payment_period: 'MONTHLY', amount: 1 },
      ],
    });
    expect(await refusal('fees', { state: 'NY' })).toMatch(/not sold in NY/);
    expectValidationError(await act('fees', { state: 'Texas' }), ['data.state']);
  });

  it('lists the acting entity’s underwriting questions, by species', async () => {
    // agent@ works for Northwind Austin.
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const links = await db()
      .selectFrom('entity_underwriting_questions')
      .select(['uw_question_id', 'enabled'])
      .where('entity_id', '=', entityId)
      .execute();
    const expected = links.length
      ? links.filter((l) => l.enabled).map((l) => l.uw_question_id)
      : (
          await db()
            .selectFrom('underwriting_questions')
            .select('id')
            .where('is_default', '=', true)
            .execute()
        ).map((q) => q.id);
    const questions = UnderwritingQuestionsAnswer.parse((await act('underwritingQuestions', {})).body).data;
    expect(questions.map((q) => q.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    const cats = UnderwritingQuestionsAnswer.parse(
      (await act('underwritingQuestions', { species: 'CAT' })).body,
    ).data;
    expect(cats.every((q) => q.species === null || q.species === 'CAT')).toBe(true);
  });

  describe('the wrapper', () => {
    it.each([
      ['an unknown action', { method: 'GET', action: 'fly', data: {} }, ['action']],
      ['no data', { method: 'GET', action: 'breeds' }, ['data']],
      [
        'a write method for a read',
        { method: 'POST', action: 'breeds', data: { species: 'DOG' } },
        ['method'],
      ],
    ])('answers 422 for %s', async (_label, body, fields) => {
      expectValidationError(await e.post('/v1/quote/action', ADMIN, body), fields);
    });

    it('drops a malformed agent code, as the header’s (SPEC §5), and answers as if none were sent', async () => {
      const body = { method: 'GET', action: 'breeds', data: { species: 'DOG' } };
      const plain = await e.post('/v1/quote/action', ADMIN, body);
      for (const entityCode of ['x', '1234-5678', 42]) {
        const dropped = await e.post('/v1/quote/action', ADMIN, { ...body, meta: { agent: { entityCode } } });
        expect(dropped.status, dropped.text).toBe(200);
        expect(dropped.body).toEqual(plain.body);
      }
    });

    it('changes nothing: no event is recorded by any read action', async () => {
      const count = async () =>
        Number(
          (
            await db()
              .selectFrom('events')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      await act('plans', austin);
      await act('plans', { ...austin, discountCode: 'NOPE' });
      await act('breeds', { species: 'DOG' });
      await act('coverItemsFormatted', { planCode: 'AI_10K' });
      await act('wellnessFormatted', {});
      await act('fees', { state: 'TX' });
      await act('underwritingQuestions', {});
      expect(await count()).toBe(before);
    });
  });

  it('GET /v2/configs lists the quote configs', async () => {
    const response = await e.get('/v2/configs', AGENT);
    expectStatus(response, 200);
    const body = response.body as { data: { code: string; value: string }[] };
    expect(body.data).toContainEqual(expect.objectContaining({ code: 'MAX_PETS_PER_QUOTE', value: '5' }));
    expectStatus(await s.api.get('/v2/configs'), 401);
  });
});
