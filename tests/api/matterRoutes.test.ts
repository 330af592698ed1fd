import { describe, expect, it } from 'vitest';
import { PolicyPaymentsPage } from '../../src/api/schemas/policyMatters';
import { PolicyViewResponse } from '../../src/api/schemas/policies';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { quoteAtStep } from '../support/journeyQuotes';
import { ACCOUNTING, AGENT, LAKESIDE } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// SPEC §7 "Matters: search, export, view, …, payments": a pet policy is a matter, so the matter's view and
// payments answer what the policy's do, with the same privilege and scope.
describe.each(testDatabases())('matter view and payments on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  async function firstPolicy() {
    const quote = await quoteAtStep(e, AGENT, 'thankYou');
    return db()
      .selectFrom('policies')
      .select(['policy_number', 'matter_id'])
      .where('quote_uuid', '=', quote.uuid)
      .orderBy('matter_id')
      .executeTakeFirstOrThrow();
  }

  it('answers the policy view and its payments page by matter id', async () => {
    const policy = await firstPolicy();
    const matter = await e.get(`/v2/matters/${policy.matter_id}`, AGENT);
    expectStatus(matter, 200);
    const byPolicy = await e.get(`/v2/policies/${policy.matter_id}`, AGENT);
    expect(PolicyViewResponse.parse(matter.body)).toEqual(PolicyViewResponse.parse(byPolicy.body));

    const payments = await e.get(`/v2/matters/${policy.matter_id}/payments?page=1`, AGENT);
    expectStatus(payments, 200);
    const page = PolicyPaymentsPage.parse(payments.body);
    const byNumber = await e.get(`/v2/policies/payments?policyNumber=${policy.policy_number}`, AGENT);
    expect(page).toEqual(PolicyPaymentsPage.parse(byNumber.body));
    expect(page.data[0]).toMatchObject({ type: 'PREMIUM' });
    expect(page.meta.page.limit).toBe(5);
  });

  it('is 404 outside the caller’s scope, 403 without quote_policy and 422 for a malformed id', async () => {
    const policy = await firstPolicy();
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    for (const path of [`/v2/matters/${policy.matter_id}`, `/v2/matters/${policy.matter_id}/payments`]) {
      expectStatus(await e.get(path, lakeside), 404);
      expectStatus(await e.get(path, ACCOUNTING), 403);
    }
    expectStatus(await e.get('/v2/matters/999999', AGENT), 404);
    expectStatus(await e.get('/v2/matters/0', AGENT), 404);
    // One message for a malformed matter id, whichever matter route is asked.
    for (const path of [
      '/v2/matters/abc',
      '/v2/matters/abc/payments',
      '/v2/matters/1.5/claims',
      '/v2/matters/x/files',
    ]) {
      const response = await e.get(path, AGENT);
      expectStatus(response, 422);
      expect(response.body, path).toMatchObject({
        errors: { matterId: ['matterId must be an integer number'] },
      });
    }
  });
});
