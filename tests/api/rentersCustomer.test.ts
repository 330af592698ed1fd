import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MovableClock } from '../../src/calendar';
import { RentersCustomerResponse } from '../../src/api/schemas/rentersCustomer';
import { RentersPolicyRecordResponse } from '../../src/api/schemas/rentersPolicyRecord';
import { RentersRewriteResponse } from '../../src/api/schemas/rentersRewrite';
import { readStream } from '../../src/server/store/eventStore';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError, expectValidationError } from '../support/http';
import { AGENT, INTERNAL, LAKESIDE_MANAGER, MANAGER, NORTHWIND, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf, userIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET and POST /v2/renters/customers/{customerId} (docs/renters-policy-record.md "The customer"): the scope
// and privileges, the refusals of bad input with nothing changed, the event on the customer's stream dated by
// the business clock, the record screen showing the change, and the version check.
// The server's business clock stands three days ahead of the wall clock, so an event dated by the wall clock
// would show.
const clock = new MovableClock(new Date(Date.now() + 3 * 86_400_000));

describe.each(testDatabases())('renters customer on %s', (database) => {
  const s = useTestServer(database, {}, { clock });
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const path = (customerId: number | string) => `/v2/renters/customers/${customerId}`;
  const sell = async (email?: string) => {
    const issue = rentersPolicyIssue({ entityId: await entityIdOf(db(), NORTHWIND_AUSTIN), email });
    return { issue, ...(await issueTestRentersPolicy(db(), issue)) };
  };
  const customerOf = async (customerId: number, email = INTERNAL) => {
    const response = await e.get(path(customerId), email);
    expectStatus(response, 200);
    return RentersCustomerResponse.parse(response.body);
  };
  const customerEvents = (customerId: number) =>
    db()
      .transaction()
      .execute((trx) => readStream(trx, 'customer', String(customerId)));

  it('refuses bad input field by field and changes nothing', async () => {
    const p = await sell();
    const before = await customerOf(p.customerId);
    const events = (await customerEvents(p.customerId)).length;
    const cases: [unknown, string[]][] = [
      [{ name_first: '   ' }, ['data.name_first']],
      [{ name_last: 'x'.repeat(61) }, ['data.name_last']],
      [{ email: 'not-an-address' }, ['data.email']],
      [{ name_first: 'Ok', email: 'bad@' }, ['data.email']],
      [{ name_first: 7 }, ['data.name_first']],
      [{}, ['data']],
      [{ version: 0, name_first: 'Ok' }, ['data.version']],
    ];
    for (const [data, fields] of cases) {
      const body = expectValidationError(await e.post(path(p.customerId), INTERNAL, { data }), fields);
      expect(Object.keys(body.errors).sort(), JSON.stringify(data)).toEqual([...fields].sort());
    }
    expectValidationError(
      await e.post(path(p.customerId), INTERNAL, { data: { email: 'a@b.test', id: 1 } }),
      [],
    );
    expectValidationError(await e.post(path('abc'), INTERNAL, { data: { name_first: 'Ok' } }), [
      'customerId',
    ]);
    const wrongId = expectValidationError(await e.get(path('1.5'), INTERNAL), ['customerId']);
    expect(wrongId.errors.customerId).toEqual(['customerId must be an integer number']);

    // Another customer of the same agency already has the address: a later purchase could not tell them apart.
    const other = await sell();
    expectValidationError(
      await e.post(path(p.customerId), INTERNAL, { data: { email: other.issue.customer.email } }),
      ['data.email'],
    );

    expect(await customerOf(p.customerId)).toEqual(before);
    expect(await customerEvents(p.customerId)).toHaveLength(events);
  });

  it('answers 404 for another agency’s customer and 403 without the privileges', async () => {
    const p = await sell();
    const data = { name_first: 'Mallory' };
    expectError(await e.get(path(p.customerId), LAKESIDE_MANAGER), 404);
    expectError(await e.post(path(p.customerId), LAKESIDE_MANAGER, { data }), 404);
    expectError(await e.get(path(999_999_999), INTERNAL), 404);
    // An agent without renters_policy_ax reads nothing.
    expectError(await e.get(path(p.customerId), AGENT), 403);
    expectError(await e.post(path(p.customerId), AGENT, { data }), 403);
    // renters_policy_ax reads; the change takes renters_phone_edit besides.
    const reader = await userWith(db(), {
      entityCode: NORTHWIND,
      userType: 'external',
      privilegeCodes: ['renters_policy_ax'],
    });
    expectStatus(await e.get(path(p.customerId), reader), 200);
    expectError(await e.post(path(p.customerId), reader, { data }), 403);
    expectError(await e.get('/v2/renters/credentials', reader), 403);
    const before = await customerOf(p.customerId);
    expect(before.data.name_first).toBe(p.issue.customer.firstName);
  });

  it('writes the change on the customer’s stream, dated by the business clock; the record and search show it', async () => {
    const p = await sell();
    const { meta } = await customerOf(p.customerId, MANAGER);
    const email = `  New.${randomBytes(3).toString('hex')}@Example.test `;
    const response = await e.post(path(p.customerId), MANAGER, {
      data: { name_first: ' Jordan ', name_last: 'Rivers', email, version: meta.version },
    });
    expectStatus(response, 200);
    const after = RentersCustomerResponse.parse(response.body);
    expect(after.data).toMatchObject({
      name_first: 'Jordan',
      name_last: 'Rivers',
      full_name: 'Jordan Rivers',
      email: email.trim(),
    });
    expect(after.meta.version).toBe(meta.version + 1);

    const last = (await customerEvents(p.customerId)).at(-1)!;
    expect(last.type).toBe('customer.edited');
    expect(last.data).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Rivers',
      email: email.trim(),
      changes: {
        firstName: { from: p.issue.customer.firstName, to: 'Jordan' },
        lastName: { from: p.issue.customer.lastName, to: 'Rivers' },
      },
    });
    expect(last.metadata.userId).toBe(await userIdOf(db(), MANAGER));
    expect(last.recordedAt.getTime()).toBe(clock.now().getTime());

    const record = await e.get(`/v2/renters/customers/${p.customerId}/policies/${p.matterId}`, MANAGER);
    expectStatus(record, 200);
    expect(RentersPolicyRecordResponse.parse(record.body).data.policyholder).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Rivers',
      emailAddress: email.trim(),
    });
    // A rewrite of the policy starts from the customer as they now are, so its purchase finds them by e-mail.
    const rewrite = await e.get(`/v2/renters/policies/${p.matterId}/rewrite`, INTERNAL);
    expectStatus(rewrite, 200);
    expect(RentersRewriteResponse.parse(rewrite.body).data.source.customer).toMatchObject({
      name_first: 'Jordan',
      name_last: 'Rivers',
      email: email.trim(),
    });
    const search = await e.get(`/v2/renters/policies?filter[full_name]=Jordan Rivers`, MANAGER);
    expectStatus(search, 200);
    expect(JSON.stringify(search.body)).toContain(p.policyNumber);

    // The same values again: nothing to record. A stale version: 409, nothing written.
    const count = (await customerEvents(p.customerId)).length;
    expectStatus(await e.post(path(p.customerId), MANAGER, { data: { name_last: 'Rivers' } }), 200);
    expectError(
      await e.post(path(p.customerId), MANAGER, { data: { name_last: 'Brooks', version: meta.version } }),
      409,
    );
    expect(await customerEvents(p.customerId)).toHaveLength(count);
  });
});
