import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  PolicyDocumentsResponse,
  PolicyNoteResponse,
  PolicyNotesPage,
  PolicyPaymentsPage,
  PolicyRatesResponse,
} from '../../src/api/schemas/policyMatters';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { ACCOUNTING, ADMIN, AGENT, INTERNAL, LAKESIDE, MANAGER } from '../support/personas';
import { buyPolicies, download, policyEventTypes } from '../support/policyMatterFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A pet policy's notes, documents, payments and rates (SPEC §7 "Policies and matters").
describe.each(testDatabases())('policy matters on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  it('stores the declaration at issue and downloads it as a PDF attachment', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const listed = await e.get(`/v2/policies/documents?policyNumber=${policy!.policyNumber}`, AGENT);
    expectStatus(listed, 200);
    const documents = PolicyDocumentsResponse.parse(listed.body).data;
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      type: 'DECLARATION',
      name: `declaration-${policy!.policyNumber}.pdf`,
      contentType: 'application/pdf',
    });
    const file = await download(
      s.t.url,
      await e.tokenOf(MANAGER),
      `/v2/matters/${policy!.matterId}/documents/${documents[0]!.id}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="declaration-PET-/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.byteLength).toBe(documents[0]!.size);
    expect(await policyEventTypes(db(), policy!.policyNumber)).toEqual([
      'policy.issued',
      'policy.documentGenerated',
    ]);
    // Another policy's document through this matter is unknown.
    const [, other] = await buyPolicies(e, db(), AGENT);
    const others = PolicyDocumentsResponse.parse(
      (await e.get(`/v2/policies/documents?policyNumber=${other!.policyNumber}`, AGENT)).body,
    ).data;
    const crossed = await download(
      s.t.url,
      await e.tokenOf(AGENT),
      `/v2/matters/${policy!.matterId}/documents/${others[0]!.id}`,
    );
    expect(crossed.status).toBe(404);
  });

  it('adds notes and lists them newest first, a page at a time; an empty note is 422', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const path = `/v2/policies/${policy!.matterId}/notes`;
    for (const n of [1, 2, 3]) {
      const added = await e.post(path, AGENT, { data: { note: `  Called the customer (${n})  ` } });
      expectStatus(added, 201);
      expect(PolicyNoteResponse.parse(added.body).data).toMatchObject({
        note: `Called the customer (${n})`,
        createdBy: { name: 'Sam Patel' },
      });
    }
    const first = PolicyNotesPage.parse((await e.get(`${path}?page=1&limit=2`, MANAGER)).body);
    expect(first.meta).toEqual({ page: { number: 1, limit: 2, from: 1, to: 2 }, total: 3 });
    expect(first.data.map((n) => n.note)).toEqual(['Called the customer (3)', 'Called the customer (2)']);
    const second = PolicyNotesPage.parse((await e.get(`${path}?page=2&limit=2`, AGENT)).body);
    expect(second.data.map((n) => n.note)).toEqual(['Called the customer (1)']);

    const before = await policyEventTypes(db(), policy!.policyNumber);
    for (const body of [{ data: { note: '   ' } }, { data: {} }, { data: { note: 'x'.repeat(2001) } }, {}]) {
      const refused = await e.post(path, AGENT, body);
      expectStatus(refused, 422);
    }
    const empty = await e.post(path, AGENT, { data: { note: '' } });
    expect(empty.body).toMatchObject({ errors: { 'data.note': [expect.any(String)] } });
    expect(await policyEventTypes(db(), policy!.policyNumber)).toEqual(before);
    expect(before.filter((t) => t === 'policy.noteAdded')).toHaveLength(3);
    expectStatus(await e.get(`${path}?page=0`, AGENT), 422);
  });

  it('lists the policy’s share of the purchase charge, five rows a page', async () => {
    const policies = await buyPolicies(e, db(), AGENT);
    const charge = await db()
      .selectFrom('quotes')
      .select(['charged_cents', 'charge_id', 'payment_last4'])
      .where('uuid', '=', policies[0]!.quoteUuid)
      .executeTakeFirstOrThrow();
    let sum = 0;
    for (const policy of policies) {
      const answer = await e.get(`/v2/policies/payments?policyNumber=${policy.policyNumber}`, AGENT);
      expectStatus(answer, 200);
      const page = PolicyPaymentsPage.parse(answer.body);
      expect(page.meta.page).toMatchObject({ number: 1, limit: 5 });
      expect(page.data).toHaveLength(1);
      expect(page.data[0]).toMatchObject({
        type: 'PREMIUM',
        method: 'CARD',
        last4: '4242',
        status: 'PAID',
        reference: charge.charge_id,
      });
      expect(page.data[0]!.amount).toBeGreaterThan(0);
      sum += Math.round(page.data[0]!.amount * 100);
    }
    // The shares add up to what was charged.
    expect(sum).toBe(charge.charged_cents);
    const past = PolicyPaymentsPage.parse(
      (await e.get(`/v2/policies/payments?policyNumber=${policies[0]!.policyNumber}&page=2`, AGENT)).body,
    );
    expect(past).toMatchObject({ data: [], meta: { total: 1 } });
    expectStatus(
      await e.get(`/v2/policies/payments?policyNumber=${policies[0]!.policyNumber}&limit=0`, AGENT),
      422,
    );
  });

  it('shows refunds once the cancellation has recorded them', async () => {
    // policy_refunds comes with the cancellation (migration 008); without it there is nothing to show.
    const { rows } = await sql<{ present: boolean }>`
      select to_regclass('policy_refunds') is not null as present`.execute(db());
    if (!rows[0]?.present) return;
    const [policy] = await buyPolicies(e, db(), AGENT);
    await sql`insert into policy_refunds (policy_number, matter_id, amount_cents, refunded_on, reason, reference)
      values (${policy!.policyNumber}, ${policy!.matterId}, 1234, current_date, 'CUSTOMER_REQUEST', 'rf_test')`.execute(
      db(),
    );
    const page = PolicyPaymentsPage.parse(
      (await e.get(`/v2/policies/payments?policyNumber=${policy!.policyNumber}`, AGENT)).body,
    );
    expect(page.meta.total).toBe(2);
    expect(page.data.find((p) => p.type === 'REFUND')).toMatchObject({ amount: 12.34, reference: 'rf_test' });
  });

  it('answers the premium breakdown of the policy', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const answer = await e.get(`/v2/policies/rates?policyNumber=${policy!.policyNumber}`, INTERNAL);
    expectStatus(answer, 200);
    const rates = PolicyRatesResponse.parse(answer.body).data;
    const row = await db()
      .selectFrom('policies')
      .select(['annual_premium_cents', 'plan_code', 'reimbursement'])
      .where('policy_number', '=', policy!.policyNumber)
      .executeTakeFirstOrThrow();
    expect(rates).toMatchObject({
      policyNumber: policy!.policyNumber,
      planCode: row.plan_code,
      annualPremium: row.annual_premium_cents / 100,
      reimbursement: row.reimbursement,
      copay: 100 - row.reimbursement,
      paymentPeriod: 'MONTHLY',
    });
    expect(rates.monthlyPayment).toBeGreaterThan(0);
    expect(rates.taxes.state).not.toBeNull();
  });

  it('is 404 outside the caller’s scope, 403 without quote_policy, 422 for malformed ids', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    const quoter = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_new', 'quote_search'],
    });
    const paths = [
      `/v2/policies/${policy!.matterId}/notes`,
      `/v2/policies/documents?policyNumber=${policy!.policyNumber}`,
      `/v2/policies/payments?policyNumber=${policy!.policyNumber}`,
      `/v2/policies/rates?policyNumber=${policy!.policyNumber}`,
      `/v2/matters/${policy!.matterId}/claims`,
      `/v2/matters/${policy!.matterId}/files`,
    ];
    for (const path of paths) {
      expectStatus(await e.get(path, ADMIN), 200);
      expectStatus(await e.get(path, lakeside), 404);
      expectStatus(await e.get(path, ACCOUNTING), 403);
      expectStatus(await e.get(path, quoter), 403);
    }
    const outside = await e.post(`/v2/policies/${policy!.matterId}/notes`, lakeside, { data: { note: 'x' } });
    expectStatus(outside, 404);
    expectStatus(await e.get('/v2/policies/999999/notes', AGENT), 404);
    const malformed = await e.get('/v2/policies/abc/notes', AGENT);
    expectStatus(malformed, 422);
    expect(malformed.body).toMatchObject({ errors: { matterId: [expect.any(String)] } });
    const badNumber = await e.get('/v2/policies/documents?policyNumber=12', AGENT);
    expectStatus(badNumber, 422);
    expect(badNumber.body).toMatchObject({ errors: { policyNumber: [expect.any(String)] } });
    expectStatus(await e.get('/v2/policies/rates', AGENT), 422);
  });
});
