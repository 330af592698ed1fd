import { describe, expect, it } from 'vitest';
import { HistoryResponse } from '../../src/api/schemas/history';
import { PolicyViewResponse } from '../../src/api/schemas/policies';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus, userWith, type EntityApi } from '../support/entityApi';
import { expectValidationError } from '../support/http';
import { quoteAtStep } from '../support/journeyQuotes';
import { AGENT, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The policies a purchase through the API issued (one per pet), in the pets' order.
async function purchased(e: EntityApi, db: Db, email = AGENT) {
  const quote = await quoteAtStep(e, email, 'thankYou');
  return db
    .selectFrom('policies')
    .select(['policy_number', 'matter_id', 'customer_id'])
    .where('quote_uuid', '=', quote.uuid)
    .orderBy('matter_id')
    .execute();
}

// PATCH /v2/policies/{matterId}/policyholder (issue 5): contact details and mailing address, each change an
// event with its reason.
describe.each(testDatabases())('policyholder edit on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const view = async (matterId: number, email = AGENT) =>
    PolicyViewResponse.parse((await e.get(`/v2/policies/${matterId}`, email)).body).data;
  const patch = (matterId: number, data: unknown, email = AGENT) =>
    e.patch(`/v2/policies/${matterId}/policyholder`, email, { data });

  it('changes contact details with a reason, shown on every policy of the customer and in the events', async () => {
    const [first, second] = await purchased(e, db());
    const before = await view(first!.matter_id);
    const response = await patch(first!.matter_id, {
      version: before.version,
      reason: 'Customer moved within Austin',
      email: 'moved.customer@example.test',
      phone: '5125550199',
      addressLine1: '200 Congress Ave',
      addressLine2: 'Apt 5',
      city: 'Austin',
      zip: '78702',
    });
    expectStatus(response, 200);
    const after = PolicyViewResponse.parse(response.body).data;
    expect(after.policyholder).toMatchObject({
      email: 'moved.customer@example.test',
      phone: '5125550199',
      addressLine1: '200 Congress Ave',
      addressLine2: 'Apt 5',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
    });
    expect(after.version).toBe(before.version + 1);
    // The customer is one for both pets: the other policy shows the new details too.
    expect((await view(second!.matter_id)).policyholder.email).toBe('moved.customer@example.test');

    const events = HistoryResponse.parse(
      (await e.get(`/v2/policies/events?policyNumber=${first!.policy_number}`, MANAGER)).body,
    ).data;
    const edit = events[0]!;
    expect(edit).toMatchObject({ type: 'policy.policyholderChanged', version: after.version });
    expect(edit.actor?.name).toBeTruthy();
    expect(Math.abs(Date.parse(edit.recordedAt) - Date.now())).toBeLessThan(60_000);
    expect(edit.changes).toMatchObject({
      reason: 'Customer moved within Austin',
      changes: {
        email: { from: before.policyholder.email, to: 'moved.customer@example.test' },
        zip: { from: '78701', to: '78702' },
      },
    });
    // Only what differed is a change (the city stayed Austin); the customer's stream has it too.
    expect(Object.keys(edit.changes.changes as object)).not.toContain('city');
    const customerEvents = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_type', '=', 'customer')
      .where('stream_id', '=', String(first!.customer_id))
      .orderBy('version', 'desc')
      .execute();
    expect(customerEvents[0]).toMatchObject({
      type: 'customer.contactChanged',
      data: { reason: 'Customer moved within Austin', policyNumber: first!.policy_number },
    });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const [first] = await purchased(e, db());
    const before = await view(first!.matter_id);
    expectStatus(
      await patch(first!.matter_id, { version: before.version, reason: 'New phone', phone: '5125550100' }),
      200,
    );
    const stale = await patch(first!.matter_id, {
      version: before.version,
      reason: 'Old screen',
      phone: '5125550111',
    });
    expectStatus(stale, 409);
    expect((await view(first!.matter_id)).policyholder.phone).toBe('5125550100');
  });

  it('answers 422 with field messages for a bad body and changes nothing', async () => {
    const [first] = await purchased(e, db());
    const before = await view(first!.matter_id);
    const cases: [unknown, string[]][] = [
      [{ email: 'x@example.test' }, ['data.reason']],
      [{ reason: '  ', email: 'x@example.test' }, ['data.reason']],
      [{ reason: 'Typo', email: 'not-an-email' }, ['data.email']],
      [{ reason: 'Typo', phone: '12345' }, ['data.phone']],
      [{ reason: 'Typo', zip: '7870' }, ['data.zip']],
      // A zip of another state: the mailing address stays where the policy is filed.
      [{ reason: 'Moved', zip: '10001' }, ['zip']],
      [{ reason: 'Typo', state: 'NY' }, ['data.state']],
      [{ reason: 'Nothing' }, ['data']],
      [{ reason: 'Typo', version: 'one' }, ['data.version']],
    ];
    for (const [data, fields] of cases) expectValidationError(await patch(first!.matter_id, data), fields);
    expectValidationError(await patch(-1, { reason: 'x', phone: '5125550100' }), ['matterId']);
    expect(await view(first!.matter_id)).toEqual(before);
  });

  it('is 404 outside the caller’s scope and 403 without quote_policy', async () => {
    const [first] = await purchased(e, db());
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    const body = { reason: 'Try', phone: '5125550100' };
    expectStatus(await patch(first!.matter_id, body, lakeside), 404);
    const searchOnly = await userWith(db(), {
      entityCode: NORTHWIND_AUSTIN,
      userType: 'external',
      privilegeCodes: ['quote_search'],
    });
    expectStatus(await patch(first!.matter_id, body, searchOnly), 403);
    expect((await view(first!.matter_id)).policyholder.phone).not.toBe('5125550100');
  });
});
