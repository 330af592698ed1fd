import { describe, expect, it } from 'vitest';
import { PlansAnswer, QuoteActionRefusal } from '../../src/api/schemas/quoteActions';
import { QuoteViewResponse, type QuoteView } from '../../src/api/schemas/quoteCommands';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { AGENT, NORTHWIND_AUSTIN } from '../support/personas';
import { newQuote, quoteApi } from '../support/quoteApi';
import { entityIdOf, userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The quote stream through POST /v1/quote/action (docs/quote-actions.md, decision 005): each command is a
// journey event the server folds the quote's log through; what the journey refuses is a 409 and writes
// nothing.
const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(testDatabases())('quote stream on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const db = () => s.t.server.database.db;
  const eventsOf = (uuid: string) =>
    db()
      .selectFrom('events')
      .select(['type', 'version', 'data', 'metadata'])
      .where('stream_type', '=', 'quote')
      .where('stream_id', '=', uuid)
      .orderBy('version')
      .execute();
  const pet = (quote: QuoteView, name: string) => quote.pets.find((p) => p.name === name)!;
  async function refused(action: string, data: unknown, step: RegExp) {
    const response = await q.act('POST', action, data);
    expect(expectError(response, 409).message).toMatch(step);
  }

  it('creates, answers, chooses coverage and views a quote, with figures as the plans action', async () => {
    const created = await q.create();
    expect(created).toMatchObject({
      entity_code: NORTHWIND_AUSTIN,
      step: 'underwritingQuestions',
      route: `/quotes/journey/underwriting-questions/${created.uuid}`,
      version: 2,
      start_date: '2026-11-22',
      customer: { first_name: 'Ada', last_name: 'Lovelace', state: 'TX', zip: '78701', city: 'Austin' },
      policy_number: null,
      purchased_at: null,
    });
    expect(created.pets.map((p) => [p.index, p.name, p.species, p.breed_code, p.gender, p.plan])).toEqual([
      [0, 'Rex', 'DOG', 'MIXED_BREED_MEDIUM', 'MALE', null],
      [1, 'Tom', 'CAT', 'ABYSSINIAN', 'FEMALE', null],
    ]);
    const events = await eventsOf(created.uuid);
    expect(events.map((ev) => ev.type)).toEqual(['quote.started', 'quote.petsRated']);
    // The acting entity and user are recorded with each event (docs/conventions.md).
    expect(events[0]!.metadata).toMatchObject({
      userId: await userIdOf(db(), AGENT),
      entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
    });

    const answered = await q.command('answerUnderwriting', await q.answers(created));
    expect(answered.step).toBe('coverage');
    expect(answered.pets.every((p) => !p.declined && p.answers !== null)).toBe(true);

    const rex = { planCode: 'AI_10K', deductible: 500, reimbursement: 80 };
    const covered = await q.command('chooseCoverage', {
      uuid: created.uuid,
      pets: [{ petId: pet(created, 'Rex').id, ...rex }, { petId: pet(created, 'Tom').id }],
    });
    expect(covered.step).toBe('checkout');
    expect(covered.route).toBe(`/quotes/journey/checkout/${created.uuid}`);

    // The same pets and options through the plans action: the stored premiums are the engine's.
    const plans = await q.act('GET', 'plans', {
      zip: '78701',
      startDate: '2026-11-22',
      pets: [
        { species: 'DOG', breedCode: 'MIXED_BREED_MEDIUM', age: 3, ...rex },
        { species: 'CAT', breedCode: 'ABYSSINIAN', age: 2 },
      ],
    });
    expectStatus(plans, 200);
    const rated = PlansAnswer.parse(plans.body).data.pets;
    for (const [i, name] of ['Rex', 'Tom'].entries()) {
      const plan = pet(covered, name).plan!;
      expect(plan).toMatchObject({
        plan_code: rated[i]!.plan.plan_code,
        deductible: rated[i]!.plan.deductible,
        reimbursement: rated[i]!.plan.reimbursement,
        exam_fee: false,
        wellness_code: null,
        monthly_premium: rated[i]!.plan.monthly_payment,
        downpayment: rated[i]!.plan.downpayment,
        total_premium: rated[i]!.plan.total_premium,
      });
      // docs/rating.md: eleven monthly payments and the down payment make the annual premium.
      expect(cents(plan.monthly_premium) * 11 + cents(plan.downpayment)).toBe(cents(plan.total_premium));
    }

    const viewed = await q.view(created.uuid);
    expect(viewed).toEqual(covered);
    const got = await e.get(`/v2/quote/${created.uuid}`, AGENT);
    expectStatus(got, 200);
    expect(QuoteViewResponse.parse(got.body).data).toEqual(covered);
    expect((await eventsOf(created.uuid)).map((ev) => ev.type)).toEqual([
      'quote.started',
      'quote.petsRated',
      'quote.underwritingAnswered',
      'quote.coverageChosen',
    ]);
  });

  it('refuses steps out of order with a 409 that names the step, appending nothing', async () => {
    const quote = await q.create();
    const rexId = pet(quote, 'Rex').id;
    await refused(
      'chooseCoverage',
      { uuid: quote.uuid, pets: quote.pets.map((p) => ({ petId: p.id })) },
      /underwriting questions step/,
    );
    await refused('removePet', { uuid: quote.uuid, petId: rexId }, /underwriting questions step/);
    expect(await eventsOf(quote.uuid)).toHaveLength(2);

    // Back to rating info is allowed; back to the start is not once the quote exists (decision 005).
    expect((await q.command('back', { uuid: quote.uuid })).step).toBe('ratingInfo');
    await refused('back', { uuid: quote.uuid }, /rating info step/);
    await refused('answerUnderwriting', await q.answers(quote), /rating info step/);
    expect(await eventsOf(quote.uuid)).toHaveLength(3);
  });

  it('refuses a stale version with a 409', async () => {
    const quote = await q.create();
    const response = await q.act('POST', 'back', { uuid: quote.uuid, version: 1 });
    expectError(response, 409);
    expect(await eventsOf(quote.uuid)).toHaveLength(2);
  });

  it('declines a pet from its answers; removing it goes on to coverage', async () => {
    const quote = await q.create();
    const declined = await q.command('answerUnderwriting', await q.answers(quote, ['Tom']));
    expect(declined.step).toBe('declined');
    // A declined pet is shown with the underwriting answers.
    expect(declined.route).toBe(`/quotes/journey/underwriting-questions/${quote.uuid}`);
    expect(declined.pets.map((p) => [p.name, p.declined])).toEqual([
      ['Rex', false],
      ['Tom', true],
    ]);
    const decline = (await eventsOf(quote.uuid)).at(-1)!;
    expect(decline.data).toMatchObject({ declinedPetIds: [pet(quote, 'Tom').id] });

    await refused(
      'chooseCoverage',
      { uuid: quote.uuid, pets: quote.pets.map((p) => ({ petId: p.id })) },
      /declined pets step/,
    );
    await refused('removePet', { uuid: quote.uuid, petId: pet(quote, 'Rex').id }, /declined pets step/);
    const removed = await q.command('removePet', { uuid: quote.uuid, petId: pet(quote, 'Tom').id });
    expect(removed.step).toBe('coverage');
    expect(removed.pets.map((p) => p.name)).toEqual(['Rex']);
  });

  it('keeps a quote whose every pet is declined from removing any', async () => {
    const quote = await q.create();
    const declined = await q.command('answerUnderwriting', await q.answers(quote, ['Rex', 'Tom']));
    expect(declined.step).toBe('declined');
    await refused('removePet', { uuid: quote.uuid, petId: pet(quote, 'Tom').id }, /declined pets step/);
    // Going back to correct the answers is the way on.
    expect((await q.command('back', { uuid: quote.uuid })).step).toBe('underwritingQuestions');
    expect((await q.command('answerUnderwriting', await q.answers(quote))).step).toBe('coverage');
  });

  it('resumes a quote at the step it was left on', async () => {
    const quote = await q.create();
    await q.command('answerUnderwriting', await q.answers(quote));
    const back = await q.command('back', { uuid: quote.uuid });
    expect(back.step).toBe('underwritingQuestions');
    const viewed = await q.view(quote.uuid);
    expect(viewed).toMatchObject({
      step: 'underwritingQuestions',
      route: `/quotes/journey/underwriting-questions/${quote.uuid}`,
      version: 4,
    });
    // Answers are kept for the agent to correct; plans were never chosen.
    expect(viewed.pets.every((p) => p.answers !== null && p.plan === null)).toBe(true);
  });

  it('answers business refusals as 200 {data: {error}} and writes nothing', async () => {
    const before = await db()
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const notSold = await q.act('POST', 'createQuote', { ...newQuote, zip: '10001' });
    expectStatus(notSold, 200);
    expect(QuoteActionRefusal.parse(notSold.body).data.error).toMatch(/NY/);
    const tooOld = await q.act('POST', 'createQuote', {
      ...newQuote,
      pets: [{ ...newQuote.pets[0], age: 30 }],
    });
    expect(QuoteActionRefusal.parse(tooOld.body).data.error).toMatch(/cannot be enrolled/);
    const after = await db()
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));

    const quote = await q.create();
    await q.command('answerUnderwriting', await q.answers(quote));
    const plan = await q.act('POST', 'chooseCoverage', {
      uuid: quote.uuid,
      pets: quote.pets.map((p) => ({ petId: p.id, planCode: 'GOLD' })),
    });
    expect(QuoteActionRefusal.parse(plan.body).data.error).toMatch(/Plan GOLD is not sold/);
    expect(await eventsOf(quote.uuid)).toHaveLength(3);
  });

  it('answers malformed input with 422 and field messages', async () => {
    const bad = await q.act('POST', 'createQuote', {
      ...newQuote,
      zip: '123',
      customer: { ...newQuote.customer, email: 'nope' },
      pets: [{ ...newQuote.pets[0], gender: 'X' }],
    });
    expectValidationError(bad, ['data.zip', 'data.customer.email', 'data.pets.0.gender']);
    const breed = await q.act('POST', 'createQuote', {
      ...newQuote,
      pets: [{ ...newQuote.pets[0], breedCode: 'ABYSSINIAN' }],
    });
    expectValidationError(breed, ['data.pets.0.breedCode']);
    const method = await q.act('GET', 'createQuote', newQuote);
    expectValidationError(method, ['method']);

    const quote = await q.create();
    const partial = await q.act('POST', 'answerUnderwriting', {
      uuid: quote.uuid,
      pets: [{ petId: pet(quote, 'Rex').id, answers: { '1': false, '999': true } }],
    });
    expectValidationError(partial, ['data.pets', 'data.pets.0.answers']);
    const stranger = await q.act('POST', 'removePet', {
      uuid: quote.uuid,
      petId: '00000000-0000-4000-8000-000000000000',
    });
    expectValidationError(stranger, ['data.petId']);
    expect(await eventsOf(quote.uuid)).toHaveLength(2);
  });

  it('checks the uuid: 422 when malformed, 404 when unknown', async () => {
    const malformed = await e.get('/v2/quote/not-a-uuid', AGENT);
    expect(expectValidationError(malformed, ['uuid']).errors.uuid).toEqual(['uuid must be a UUID']);
    const action = await q.act('GET', 'quoteView', { uuid: 'nope' });
    expect(expectValidationError(action, ['data.uuid']).errors['data.uuid']).toEqual(['uuid must be a UUID']);
    const unknown = '7d1b1b5e-2f0c-4c7e-9d7a-3f1f1f1f1f1f';
    expectError(await e.get(`/v2/quote/${unknown}`, AGENT), 404);
    expectError(await q.act('POST', 'back', { uuid: unknown }), 404);
  });
});
