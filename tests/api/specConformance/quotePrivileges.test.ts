import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, adminApi, unique } from '../../support/accessAdmin';
import { businessDaysFromToday } from '../../support/businessToday';
import { ADMIN, AGENT, NORTHWIND_AUSTIN } from '../../support/personas';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §6 "Quotes | quote_new (create), quote_set_track_info, quote (all), quote_search, quote_edit":
// quote_edit lets a user work a quote that exists through its journey (answers, coverage, saving it again,
// buying it), and never make one; quote_new makes them. A user with neither works no quote.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a SPEC client reads untyped JSON

describe.each(testDatabases())('SPEC §6 quote_edit works a quote’s journey, on %s', (database) => {
  const s = useTestServer(database);
  const a = adminApi(() => s.api);

  const userWith = async (privileges: string[]) => {
    const admin = await a.tokenOf(ADMIN);
    const role = await a.createRole(admin, { role_name: unique('Quotes'), privileges });
    const user = await a.createUser(admin, { entity: NORTHWIND_AUSTIN, roles: [role.id] });
    const answer = await s.api.post('/v2/auth', { email: user.email, password: TEST_PASSWORD });
    return { authorization: `Bearer ${(answer.body as Json).accessToken as string}` };
  };
  const login = async (email: string) => {
    const answer = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
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
});
