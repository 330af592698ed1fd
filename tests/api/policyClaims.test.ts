import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { ClaimResponse, ClaimsResponse } from '../../src/api/schemas/policyMatters';
import { claimAggregate } from '../../src/server/domain/matters/claimAggregate';
import { changeClaim, submitClaim } from '../../src/server/domain/matters/claimCommands';
import { claimEvent } from '../../src/server/domain/matters/matterEvents';
import { Refused as HttpError } from '../../src/server/domain/domainErrors';
import { rebuildProjections } from '../../src/server/projections';
import { execute } from '../../src/server/store/aggregate';
import type { NewEvent } from '../../src/server/store/eventStore';
import { upgradeClaimRows } from '../../src/server/store/migrations/045_claim_record';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { ACCOUNTING, AGENT, LAKESIDE, MANAGER } from '../support/personas';
import { buyPolicies, testClaim } from '../support/policyMatterFixtures';
import { TEST_METADATA } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Claims of a pet policy with their payments (SPEC §7 matters/{matterId}/claims), and the demo's claims.
// The demo's year of business (docs/demo.md) takes a while to make on a busy machine.
vi.setConfig({ hookTimeout: 240_000 });
describe.each(testDatabases())('policy claims on %s', (database) => {
  const s = useTestServer(database, { SEED_DEMO_POLICIES: 'true' });
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const payment = (amountCents: number, paidOn: string) =>
    claimEvent.paymentMade({
      paymentId: randomUUID(),
      paidOn,
      amountCents,
      method: 'ACH',
      reference: 'EFT-1',
    });

  it('lists a policy’s claims with status, conditions, amounts and payments', async () => {
    const [policy, sibling] = await buyPolicies(e, db(), AGENT);
    const { claimId } = await db()
      .transaction()
      .execute(async (trx) => {
        const made = await submitClaim(
          trx,
          TEST_METADATA,
          testClaim(policy!.policyNumber, {
            source: 'PORTAL',
            conditions: [
              { ailmentId: 2210, description: 'Gastroenteritis' },
              { ailmentId: 2231, description: 'Dehydration' },
            ],
            diagnosis: 'Acute gastroenteritis',
            description: 'Vomiting for two days.',
            claimedCents: 26540,
          }),
        );
        await changeClaim(trx, TEST_METADATA, made.claimId, [
          claimEvent.reviewStarted(),
          claimEvent.approved({ approvedCents: 20000 }),
          payment(12000, '2026-11-21'),
          payment(8000, '2026-11-22'),
        ]);
        return made;
      });
    await db()
      .transaction()
      .execute((trx) =>
        submitClaim(
          trx,
          TEST_METADATA,
          testClaim(sibling!.policyNumber, { lossDate: '2026-11-22', reportedDate: '2026-11-22' }),
        ),
      );

    const listed = await e.get(`/v2/matters/${policy!.matterId}/claims`, MANAGER);
    expectStatus(listed, 200);
    const claims = ClaimsResponse.parse(listed.body).data;
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      id: claimId,
      claimNumber: expect.stringMatching(/^CLM-\d{8}$/),
      status: 'PAID',
      lossDate: '2026-11-20',
      reportedDate: '2026-11-21',
      conditions: [
        { ailmentId: 2210, description: 'Gastroenteritis' },
        { ailmentId: 2231, description: 'Dehydration' },
      ],
      claimedAmount: 265.4,
      approvedAmount: 200,
      paidAmount: 200,
      source: 'PORTAL',
      diagnosis: 'Acute gastroenteritis',
      treatmentStart: '2026-11-20',
      treatmentEnd: '2026-11-21',
      claimStatus: { id: 5, name: 'Paid', codes: ['PAID'] },
      reassessedAt: null,
      closedAt: null,
    });
    expect(claims[0]!.assessedAt).toEqual(expect.any(String));
    expect(claims[0]!.payments.map((p) => [p.paidOn, p.amount, p.method])).toEqual([
      ['2026-11-21', 120, 'ACH'],
      ['2026-11-22', 80, 'ACH'],
    ]);
    const one = await e.get(`/v2/matters/${policy!.matterId}/claims/${claimId}`, AGENT);
    expectStatus(one, 200);
    expect(ClaimResponse.parse(one.body).data).toEqual(claims[0]);
    // The sibling's claim is not this matter's.
    const siblingClaims = ClaimsResponse.parse(
      (await e.get(`/v2/matters/${sibling!.matterId}/claims`, AGENT)).body,
    ).data;
    expectStatus(await e.get(`/v2/matters/${policy!.matterId}/claims/${siblingClaims[0]!.id}`, AGENT), 404);
    const malformed = await e.get(`/v2/matters/${policy!.matterId}/claims/x1`, AGENT);
    expectStatus(malformed, 422);
    expect(malformed.body).toMatchObject({ errors: { claimId: [expect.any(String)] } });
    const events = await db()
      .selectFrom('events')
      .select('type')
      .where('stream_type', '=', 'claim')
      .where('stream_id', '=', String(claimId))
      .orderBy('version')
      .execute();
    expect(events.map((r) => r.type)).toEqual([
      'claim.submitted',
      'claim.reviewStarted',
      'claim.approved',
      'claim.paymentMade',
      'claim.paymentMade',
    ]);
  });

  it('refuses a change the claim’s status does not allow, changing nothing', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const { claimId } = await db()
      .transaction()
      .execute((trx) =>
        submitClaim(
          trx,
          TEST_METADATA,
          testClaim(policy!.policyNumber, {
            conditions: [{ ailmentId: 3104, description: 'Otitis externa' }],
            description: 'Ear infection.',
            claimedCents: 10000,
          }),
        ),
      );
    const attempt = (events: ReturnType<typeof claimEvent.closed>[]) =>
      db()
        .transaction()
        .execute((trx) => changeClaim(trx, TEST_METADATA, claimId, events));
    for (const events of [
      [claimEvent.approved({ approvedCents: 100 })],
      [payment(100, '2026-11-21')],
      [claimEvent.reviewStarted(), claimEvent.approved({ approvedCents: 100 }), payment(200, '2026-11-21')],
    ]) {
      await expect(attempt(events)).rejects.toBeInstanceOf(HttpError);
    }
    const claim = ClaimResponse.parse(
      (await e.get(`/v2/matters/${policy!.matterId}/claims/${claimId}`, AGENT)).body,
    ).data;
    expect(claim).toMatchObject({
      status: 'SUBMITTED',
      approvedAmount: null,
      paidAmount: 0,
      payments: [],
      assessedAt: null,
      closedAt: null,
    });
  });

  it('folds a claim submitted before migration 045 to nulls, and the migration moves its rows to the new shape', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const claimId = Number(
      (await sql<{ id: string }>`select nextval('claim_id_seq')::text as id`.execute(db())).rows[0]!.id,
    );
    const at = (iso: string) => ({ ...TEST_METADATA, at: new Date(iso) });
    const append = (when: string, events: NewEvent[]) =>
      db()
        .transaction()
        .execute((trx) => execute(trx, claimAggregate, String(claimId), events, at(when)));
    // The event as the log held it before: conditions by description, no source, diagnosis or treatment.
    await append('2026-10-01T15:00:00.000Z', [
      {
        type: 'claim.submitted',
        data: {
          claimId,
          claimNumber: `CLM-OLD-${claimId}`,
          policyNumber: policy!.policyNumber,
          lossDate: '2026-09-28',
          reportedDate: '2026-09-30',
          conditions: ['Otitis externa'],
          description: 'Ear infection.',
          claimedCents: 30000,
        },
      },
    ]);
    await append('2026-10-02T15:00:00.000Z', [claimEvent.reviewStarted()]);
    await append('2026-10-03T15:00:00.000Z', [claimEvent.denied({ reason: 'Pre-existing.' })]);
    await append('2026-10-04T15:00:00.000Z', [claimEvent.closed({ reason: 'Denied.' })]);
    const read = async () =>
      ClaimResponse.parse((await e.get(`/v2/matters/${policy!.matterId}/claims/${claimId}`, AGENT)).body)
        .data;
    const expected = {
      source: null,
      diagnosis: null,
      treatmentStart: null,
      treatmentEnd: null,
      conditions: [{ ailmentId: null, description: 'Otitis externa' }],
      createdAt: '2026-10-01T15:00:00.000000Z',
      assessedAt: '2026-10-03T15:00:00.000000Z',
      reassessedAt: null,
      closedAt: '2026-10-04T15:00:00.000000Z',
      claimStatus: expect.objectContaining({ name: 'Closed' }),
    };
    expect(await read()).toMatchObject(expected);
    // The row as migration 045 found it: conditions as text, no moments; it fills them from the log.
    await db()
      .updateTable('claims')
      .set({ conditions: JSON.stringify(['Otitis externa']), assessed_at: null, closed_at: null })
      .where('id', '=', claimId)
      .execute();
    await upgradeClaimRows(db());
    expect(await read()).toMatchObject(expected);
  });

  it('is 404 outside the caller’s scope and 403 without quote_policy', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    expectStatus(await e.get(`/v2/matters/${policy!.matterId}/claims`, lakeside), 404);
    expectStatus(await e.get(`/v2/matters/${policy!.matterId}/claims/1`, lakeside), 404);
    expectStatus(await e.get(`/v2/matters/${policy!.matterId}/claims`, ACCOUNTING), 403);
    expectStatus(await e.get('/v2/matters/abc/claims', AGENT), 422);
  });

  it('seeds demo policies with claims in every status, notes and declarations', async () => {
    const claims = await db()
      .selectFrom('claims')
      .select(['status', 'policy_number'])
      .where('policy_number', 'in', (eb) =>
        eb
          .selectFrom('policies')
          .innerJoin('customers', 'customers.id', 'policies.customer_id')
          .select('policies.policy_number')
          .where('customers.email', 'like', '%@pets.example.com'),
      )
      .execute();
    expect(new Set(claims.map((c) => c.status))).toEqual(
      new Set(['SUBMITTED', 'IN_REVIEW', 'APPROVED', 'DENIED', 'PAID', 'CLOSED']),
    );
    const demo = await db()
      .selectFrom('policies')
      .innerJoin('customers', 'customers.id', 'policies.customer_id')
      .innerJoin('entities', 'entities.id', 'policies.entity_id')
      .select(['policies.matter_id', 'policies.policy_number', 'policies.pet_name', 'entities.entity_code'])
      .where('customers.email', 'like', '%@pets.example.com')
      .execute();
    expect(demo.length).toBeGreaterThanOrEqual(20);
    expect(new Set(demo.map((p) => p.entity_code)).size).toBeGreaterThanOrEqual(5);
    // The Austin agent sees Luna's paid claim and its payment.
    const luna = demo.find((p) => p.pet_name === 'Luna')!;
    const answer = ClaimsResponse.parse((await e.get(`/v2/matters/${luna.matter_id}/claims`, AGENT)).body);
    expect(answer.data[0]).toMatchObject({
      status: 'PAID',
      source: 'VET',
      conditions: [{ ailmentId: 3104, description: 'Otitis externa' }],
      diagnosis: expect.stringContaining('otitis externa'),
      treatmentStart: answer.data[0]!.dateOfLoss,
    });
    expect(answer.data[0]!.assessedAt).not.toBeNull();
    expect(answer.data[0]!.payments).toHaveLength(1);
    const notes = await e.get(`/v2/policies/${luna.matter_id}/notes`, AGENT);
    expect((notes.body as { meta: { total: number } }).meta.total).toBe(1);
  });

  it('rebuilds the matters’ read tables from the log, whether or not a rebuild clears them', async () => {
    const snapshot = async () => ({
      claims: await db().selectFrom('claims').selectAll().orderBy('id').execute(),
      payments: await db().selectFrom('claim_payments').selectAll().orderBy('id').execute(),
      notes: await db().selectFrom('policy_notes').selectAll().orderBy('id').execute(),
      files: await db().selectFrom('policy_files').selectAll().orderBy('id').execute(),
      documents: await db().selectFrom('policy_documents').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    expect(before.claims.length).toBeGreaterThan(0);
    await rebuildProjections(db());
    expect(await snapshot()).toEqual(before);
  });
});
