import { describe, expect, it } from 'vitest';
import { statementApi } from '../../support/commissionStatementApi';
import { entityApi } from '../../support/entityApi';
import { ADMIN, AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../../support/personas';
import {
  businessToday,
  issueTestRentersPolicy,
  rentersPolicyIssue,
} from '../../support/rentersPolicyFixtures';
import { entityIdOf } from '../../support/records';
import { purchasePolicies } from '../../support/policyFixtures';
import { rentersStart } from '../../support/rentersQuoteApi';
import { useTestServer } from '../../support/suite';
import { testDatabases } from '../../support/testServer';

// SPEC §9: "server timestamps are zone-local or UTC with six fractional digits". A sample of answers (a pet
// quote, a renters quote, a policy, a statement, a user) is read as a SPEC client reads it, untyped, and every
// timestamp in it is held to the rule; a date (YYYY-MM-DD) stays a date.
type Json = unknown;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;
const SIX_DIGITS = /\.\d{6}(Z|[+-]\d\d:\d\d)$/;

// Every string of the answer that reads as a timestamp, with its path.
function timestampsOf(value: Json, path = '$'): [string, string][] {
  if (typeof value === 'string') return TIMESTAMP.test(value) ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => timestampsOf(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => timestampsOf(v, `${path}.${k}`));
  return [];
}

function expectSixDigits(answer: Json, named: readonly string[]) {
  const found = timestampsOf(answer);
  const wrong = found.filter(([, v]) => !SIX_DIGITS.test(v));
  expect(wrong).toEqual([]);
  // The fields the sample is about are there, so the check is not passed by an empty answer.
  for (const name of named) expect(found.map(([p]) => p)).toContainEqual(expect.stringMatching(name));
}

describe.each(testDatabases())('SPEC §9 server timestamps with six fractional digits, on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);

  const read = async (path: string, email: string) => {
    const response = await e.get(path, email);
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return response.body as Json;
  };

  it('a pet quote and its policy', async () => {
    const { quote, policies } = await purchasePolicies(s.t);
    // The purchase's answer (the quote wrapper) and the quote search's row.
    expectSixDigits(quote, ['created_at$', 'purchased_at$']);
    expectSixDigits(await read(`/v2/quotes?filter[policyNumber]=${policies[0]!.policyNumber}`, AGENT), [
      'createdAt$',
      'purchasedAt$',
    ]);
    const matterId = policies[0]!.matterId;
    const policy = await read(`/v2/policies/${matterId}`, AGENT);
    expectSixDigits(policy, []);
    const noted = await e.post(`/v2/policies/${matterId}/notes`, AGENT, {
      data: { note: 'Called the customer.' },
    });
    expect(noted.status, noted.text).toBe(201);
    expectSixDigits(noted.body, ['createdAt$']);
    expectSixDigits(await read(`/v2/policies/${matterId}/notes`, AGENT), ['createdAt$']);
  });

  it('a renters quote', async () => {
    const started = await e.post('/v2/renters/quotes', AGENT, rentersStart());
    expect(started.status, started.text).toBe(200);
    expectSixDigits(started.body, ['created_at$']);
    const id = (started.body as { data: { id: string } }).data.id;
    const read1 = await read(`/v2/renters/quotes/${id}`, AGENT);
    expectSixDigits(read1, ['created_at$']);
    // A date of the quote stays a day.
    expect((read1 as { data: { effective_date: string } }).data.effective_date).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('a renters policy', async () => {
    const today = businessToday();
    const issue = rentersPolicyIssue({
      entityId: await entityIdOf(s.t.server.database.db, NORTHWIND_AUSTIN),
      termInterval: 'monthly',
      effectiveDate: today,
    });
    const sold = await issueTestRentersPolicy(s.t.server.database.db, issue);
    const base = `/v2/renters/policies/${sold.matterId}`;
    const policy = await read(base, INTERNAL);
    expectSixDigits(policy, []);
    expect((policy as { data: { effective_date?: string } }).data.effective_date ?? today).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    const noted = await e.post(`${base}/notes`, INTERNAL, { data: { note: 'Called the tenant.' } });
    expect(noted.status, noted.text).toBe(201);
    expectSixDigits(await read(`${base}/notes`, INTERNAL), ['created_at$']);
    expectSixDigits(await read(`${base}/payments`, INTERNAL), []);
  });

  it('a commission statement', async () => {
    const agency = await st.newAgency();
    await st.sellRenters(agency);
    await st.generate();
    const statement = await st.statementOf(agency);
    expectSixDigits(await read(st.path(agency.id, statement.id), ADMIN), ['created_at$', 'updated_at$']);
    expectSixDigits(await read(`${st.path(agency.id)}?limit=100`, ADMIN), []);
  });

  it('a user', async () => {
    const profile = (await read('/v2/my/profile', AGENT)) as { data: { id: number } };
    expectSixDigits(profile, []);
    expectSixDigits(await read(`/v2/users/${profile.data.id}`, ADMIN), ['created_at$', 'updated_at$']);
    expectSixDigits(await read(`/v2/users/${profile.data.id}/history`, ADMIN), ['recordedAt$']);
  });
});
