import { describe, expect, it } from 'vitest';
import { BreedsAnswer, UnderwritingQuestionsAnswer } from '../../src/api/schemas/quoteActions';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectError } from '../support/http';
import {
  ACCOUNTING,
  ADMIN,
  AGENT,
  INTERNAL,
  LAKESIDE,
  MANAGER,
  NORTHWIND,
  NORTHWIND_AUSTIN,
  NORTHWIND_DALLAS,
} from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Who may call the quote action wrapper (SPEC §6: quoting is open to admin, internal and external agents,
// quote_new) and for which agency (meta.agent.entityCode and the agentEntityCode header).
const breeds = (entityCode?: string) => ({
  method: 'GET',
  action: 'breeds',
  data: { species: 'DOG' },
  ...(entityCode ? { meta: { agent: { entityCode } } } : {}),
});

describe.each(testDatabases())('quote action wrapper access on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);

  it('answers 401 without a token, before looking at the body', async () => {
    expectError(await s.api.post('/v1/quote/action', breeds()), 401);
    expectError(await s.api.post('/v1/quote/action', { nonsense: true }), 401);
  });

  it('answers 403 to a user without quote privileges', async () => {
    expectError(await e.post('/v1/quote/action', ACCOUNTING, breeds()), 403);
  });

  it.each([ADMIN, INTERNAL, MANAGER, AGENT])('lets %s quote', async (email) => {
    const response = await e.post('/v1/quote/action', email, breeds());
    expectStatus(response, 200);
    expect(BreedsAnswer.parse(response.body).data.length).toBeGreaterThan(0);
  });

  it.each([
    [ADMIN, LAKESIDE],
    [INTERNAL, NORTHWIND_DALLAS],
    [MANAGER, NORTHWIND_AUSTIN],
    [AGENT, NORTHWIND_AUSTIN],
  ])('lets %s act for %s in meta.agent', async (email, entityCode) => {
    expectStatus(await e.post('/v1/quote/action', email, breeds(entityCode)), 200);
  });

  it.each([
    [AGENT, LAKESIDE],
    [AGENT, NORTHWIND],
    [MANAGER, LAKESIDE],
    [ADMIN, '9999-9999-ZZ'],
  ])('refuses %s acting for %s in meta.agent with 403', async (email, entityCode) => {
    expectError(await e.post('/v1/quote/action', email, breeds(entityCode)), 403);
  });

  it('refuses an agentEntityCode header outside the user’s scope with 403', async () => {
    expectError(await e.post('/v1/quote/action', AGENT, breeds(), { actingFor: LAKESIDE }), 403);
  });

  it('accepts meta.agent naming the entity of the header', async () => {
    const response = await e.post('/v1/quote/action', ADMIN, breeds(LAKESIDE), { actingFor: LAKESIDE });
    expectStatus(response, 200);
  });

  it('asks the questions of the entity acted for', async () => {
    const questions = async (entityCode?: string) =>
      UnderwritingQuestionsAnswer.parse(
        (
          await e.post('/v1/quote/action', ADMIN, {
            method: 'GET',
            action: 'underwritingQuestions',
            data: {},
            ...(entityCode ? { meta: { agent: { entityCode } } } : {}),
          })
        ).body,
      ).data.map((q) => q.id);
    // Seeded links (decision 004): the house asks questions 1–6 and 9, Bluebonnet (5678-9012-JK) swaps 3 for 7.
    expect(await questions()).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 9]));
    expect(await questions()).not.toContain(7);
    const bayou = await questions('5678-9012-JK');
    expect(bayou).toEqual(expect.arrayContaining([1, 2, 4, 5, 6, 7, 9]));
    expect(bayou).not.toContain(3);
  });
});
