import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RECONCILIATION_LIST_LIMIT, ReconciliationResponse } from '../../src/api/schemas/reconciliation';
import { RentersChangeResponse } from '../../src/api/schemas/rentersPolicyChanges';
import { MovableClock, addDays, addMonths, businessDate } from '../../src/calendar';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { reconcile } from '../../src/server/domain/reconciliation/reconcile';
import {
  KEPT_PER_DAY,
  recordReconciliation,
} from '../../src/server/domain/reconciliation/reconciliationRecord';
import { reconciliationWork } from '../../src/server/domain/reconciliation/reconciliationWork';
import type { Db } from '../../src/server/store/db';
import { runDatedWorkOn } from '../support/billingDays';
import { entityApi, expectStatus } from '../support/entityApi';
import { apiFor } from '../support/http';
import { ADMIN, AGENT, INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { newQuote, purchaseOf, quoteApi, tokenFor, uniqueCustomer } from '../support/quoteApi';
import { entityIdOf } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';
import { withoutAppendOnlyGuard } from '../support/eventLogSurgery';

// The daily reconciliation of the money (docs/reconciliation.md). A history made through the product's own
// paths (pet purchases of two pets and of one paid in full, renters policies paid monthly and in full, months
// of collections, a flat pet cancel refunded across three charges, a future-dated pet cancel with a balance
// due, a renters cancel, reinstatement and second cancel) reconciles to nothing; each kind of fault planted
// in it is then found on its policy with the two amounts, and taking it out again reconciles to nothing.

const silent = { info: () => undefined, warn: () => undefined };

// Exactly these discrepancies, in whatever order.
function expectFound(found: readonly unknown[], expected: readonly unknown[]) {
  expect(found).toHaveLength(expected.length);
  expect(found).toEqual(expect.arrayContaining([...expected]));
}

describe.each(testDatabases())('the daily reconciliation of the money, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const db = (): Db => s.t.server.database.db;
  const e = entityApi(() => apiFor(s.t.url));
  const book = {} as {
    twoPets: [string, string];
    annualPet: string;
    refundedPet: string;
    balanceDuePet: string;
    renters: string;
    rentersMatterId: number;
    rentersAnnual: string;
  };

  const discrepancies = async () => (await reconcile(db())).discrepancies;
  const runToday = () =>
    reconciliationWork.run({
      db: db(),
      clock,
      businessDate: businessDate(clock.now()),
      payments: createSandboxPaymentAdapter({ db: db() }),
      log: silent,
    });

  // One pet bought through the journey and paid in full.
  async function buyAnnualPet(startDate: string): Promise<string> {
    const q = quoteApi(e);
    const created = await q.create({
      ...newQuote,
      startDate,
      customer: uniqueCustomer(),
      pets: [newQuote.pets[0]],
    });
    await q.command('answerUnderwriting', await q.answers(created));
    const covered = await q.command('chooseCoverage', {
      uuid: created.uuid,
      pets: created.pets.map((p) => ({ petId: p.id })),
    });
    const bought = await q.command(
      'purchase',
      purchaseOf(covered, await tokenFor(e), { paymentPeriod: 'ANNUAL' }),
    );
    return bought.policies[0]!.policy_number;
  }

  async function changeRenters(kind: 'cancel' | 'reinstate', data: Record<string, unknown>) {
    const path = `/v2/renters/policies/${book.rentersMatterId}/${kind}`;
    const policy_version = (
      await db()
        .selectFrom('renters_policies')
        .select('policy_version')
        .where('policy_number', '=', book.renters)
        .executeTakeFirstOrThrow()
    ).policy_version;
    const body = { policy_number: book.renters, policy_version, ...data };
    const previewed = await e.post(path, INTERNAL, { data: { ...body, commit: false } });
    expectStatus(previewed as never, 200);
    const preview = RentersChangeResponse.parse(previewed.body).data;
    const committed = await e.post(path, INTERNAL, {
      data: {
        ...body,
        commit: true,
        preview_fingerprint: preview.fingerprint,
        preview_token: preview.preview_token,
      },
    });
    expectStatus(committed as never, 200);
    return RentersChangeResponse.parse(committed.body).data;
  }

  it('reconciles a history of sales, collections, cancellations and refunds to no discrepancy', async () => {
    const start = businessDate(clock.now());
    const two = await purchasePolicies(s.t, { startDate: start, petNames: ['Rex', 'Tom'] });
    book.twoPets = [two.policies[0]!.policyNumber, two.policies[1]!.policyNumber];
    book.annualPet = await buyAnnualPet(start);
    const refunded = (await purchasePolicies(s.t, { startDate: start })).policies[0]!;
    book.refundedPet = refunded.policyNumber;
    const owing = (await purchasePolicies(s.t, { startDate: start })).policies[0]!;
    book.balanceDuePet = owing.policyNumber;
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const monthly = rentersPolicyIssue({ entityId, effectiveDate: start, termInterval: 'monthly' });
    const renters = await issuePaidRentersPolicy(db(), monthly);
    book.renters = renters.policyNumber;
    book.rentersMatterId = renters.matterId;
    const annual = rentersPolicyIssue({ entityId, effectiveDate: start, termInterval: 'annual' });
    book.rentersAnnual = (await issuePaidRentersPolicy(db(), annual)).policyNumber;

    // Cancelled today for day 40: one instalment collected, more than a month earned, so a balance due.
    const owed = await commitPetCancel(e, owing.matterId, AGENT, {
      cancelDate: addDays(start, 40),
      reason: 'CUSTOMER_REQUEST',
    });
    expect(owed.status, owed.text).toBe(200);
    expect(Number((owed.body as { data: { balanceDue: unknown } }).data.balanceDue)).toBeGreaterThan(0);

    await runDatedWorkOn(db(), clock, addMonths(start, 1));
    await runDatedWorkOn(db(), clock, addMonths(start, 2));
    // Three instalments collected, then cancelled flat: all three come back, one part to each charge.
    const flat = await commitPetCancel(e, refunded.matterId, AGENT, {
      cancelDate: addDays(start, 5),
      reason: 'CUSTOMER_REQUEST',
    });
    expect(flat.status, flat.text).toBe(200);
    expect((flat.body as { data: { refundOutcome: unknown } }).data.refundOutcome).toMatchObject({
      status: 'done',
    });
    const parts = await db()
      .selectFrom('payment_refunds')
      .select('charge_id')
      .where('idempotency_key', 'like', `policy:${book.refundedPet}:%`)
      .execute();
    expect(new Set(parts.map((p) => p.charge_id)).size).toBe(3);

    // The renters policy: cancelled with a refund, reinstated (the refund charged back and collected), and
    // cancelled again with a refund of its own.
    const reason = { reason_code: 'CUSTOMER_REQUEST', cancellation_method: 'PRO_RATA' };
    expect(
      (await changeRenters('cancel', { ...reason, cancel_date: addDays(start, 10) })).settlement.kind,
    ).toBe('refund');
    await changeRenters('reinstate', { reason_code: 'PAYMENT_RECEIVED' });
    await runDatedWorkOn(db(), clock, addDays(addMonths(start, 2), 1));
    expect(
      (await changeRenters('cancel', { ...reason, cancel_date: addDays(start, 20) })).settlement.kind,
    ).toBe('refund');

    expect(await discrepancies()).toEqual([]);
    expect(await runToday()).toEqual({ policies: 7, discrepancies: 0 });
  });

  it('finds a collection whose charge the payment service does not have, on its policy', async () => {
    const [rex] = book.twoPets;
    const key = `billing:pet:${rex}:2:1`;
    const charge = await db()
      .selectFrom('payment_charges')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    const { collected } = await countersOf('pet', rex);
    await db().deleteFrom('payment_charges').where('idempotency_key', '=', key).execute();
    try {
      const found = await discrepancies();
      expectFound(found, [
        expect.objectContaining({
          kind: 'collection_without_charge',
          line: 'pet',
          policyNumber: rex,
          expectedCents: 0,
          foundCents: charge.amount_cents,
          message: expect.stringContaining(key),
        }),
        expect.objectContaining({
          kind: 'ledger_collected_differs',
          policyNumber: rex,
          expectedCents: collected - charge.amount_cents,
          foundCents: collected,
        }),
      ]);
    } finally {
      await db().insertInto('payment_charges').values(charge).execute();
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('finds a charge the payment service took under a billing key that no collection records', async () => {
    const policy = book.rentersAnnual;
    const key = `billing:renters:${policy}:1:2`;
    const { token } = await db()
      .selectFrom('payment_charges')
      .select('token')
      .where('outcome', '=', 'ok')
      .executeTakeFirstOrThrow();
    const { collected } = await countersOf('renters', policy);
    await db()
      .insertInto('payment_charges')
      .values({
        idempotency_key: key,
        token,
        amount_cents: 1234,
        outcome: 'ok',
        reason: null,
        charge_id: 'ch_stray',
      })
      .execute();
    try {
      expectFound(await discrepancies(), [
        expect.objectContaining({
          kind: 'charge_not_recorded',
          line: 'renters',
          policyNumber: policy,
          expectedCents: 1234,
          foundCents: 0,
          message: expect.stringContaining('ch_stray'),
        }),
        expect.objectContaining({
          kind: 'ledger_collected_differs',
          policyNumber: policy,
          expectedCents: collected + 1234,
          foundCents: collected,
        }),
      ]);
    } finally {
      await db().deleteFrom('payment_charges').where('idempotency_key', '=', key).execute();
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('finds a refund whose amount the payment service and billing tell differently', async () => {
    const policy = book.refundedPet;
    const part = await db()
      .selectFrom('payment_refunds')
      .select(['refund_id', 'amount_cents'])
      .where('idempotency_key', 'like', `policy:${policy}:%`)
      .orderBy('idempotency_key')
      .executeTakeFirstOrThrow();
    const { refunded } = await countersOf('pet', policy);
    const changeTo = (cents: number) =>
      db()
        .updateTable('payment_refunds')
        .set({ amount_cents: cents })
        .where('refund_id', '=', part.refund_id)
        .execute();
    await changeTo(part.amount_cents - 100);
    try {
      expectFound(await discrepancies(), [
        expect.objectContaining({
          kind: 'ledger_refunded_differs',
          line: 'pet',
          policyNumber: policy,
          expectedCents: refunded - 100,
          foundCents: refunded,
        }),
        expect.objectContaining({
          kind: 'refund_differs',
          policyNumber: policy,
          expectedCents: part.amount_cents - 100,
          foundCents: part.amount_cents,
          message: expect.stringContaining(part.refund_id!),
        }),
      ]);
    } finally {
      await changeTo(part.amount_cents);
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('finds a collection the payment service took another amount for', async () => {
    const [, tom] = book.twoPets;
    const key = `billing:pet:${tom}:2:1`;
    const charge = await chargeUnder(key);
    const { collected } = await countersOf('pet', tom);
    await setChargeAmount(key, charge.amount_cents + 100);
    try {
      expectFound(await discrepancies(), [
        expect.objectContaining({
          kind: 'collection_differs',
          policyNumber: tom,
          expectedCents: charge.amount_cents + 100,
          foundCents: charge.amount_cents,
        }),
        expect.objectContaining({
          kind: 'ledger_collected_differs',
          policyNumber: tom,
          expectedCents: collected + 100,
          foundCents: collected,
        }),
      ]);
    } finally {
      await setChargeAmount(key, charge.amount_cents);
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('finds a purchase whose charge the payment service took for another amount, once for the quote', async () => {
    const [rex, tom] = book.twoPets;
    const quote = await db()
      .selectFrom('policies as p')
      .innerJoin('quotes as q', 'q.uuid', 'p.quote_uuid')
      .select(['q.charge_id', 'q.charged_cents'])
      .where('p.policy_number', '=', rex)
      .executeTakeFirstOrThrow();
    const key = (
      await db()
        .selectFrom('payment_charges')
        .select('idempotency_key')
        .where('charge_id', '=', quote.charge_id)
        .executeTakeFirstOrThrow()
    ).idempotency_key;
    await setChargeAmount(key, quote.charged_cents! - 1);
    try {
      expectFound(await discrepancies(), [
        expect.objectContaining({
          kind: 'purchase_charge_differs',
          line: 'pet',
          policyNumber: rex,
          expectedCents: quote.charged_cents,
          foundCents: quote.charged_cents! - 1,
          message: expect.stringContaining(`${rex}, ${tom}`),
        }),
      ]);
    } finally {
      await setChargeAmount(key, quote.charged_cents!);
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('finds a refund the payment service sent that billing did not record, and one it recorded that was never sent', async () => {
    const policy = book.refundedPet;
    const part = await db()
      .selectFrom('payment_refunds')
      .selectAll()
      .where('idempotency_key', 'like', `policy:${policy}:%`)
      .orderBy('idempotency_key')
      .executeTakeFirstOrThrow();
    const { refunded } = await countersOf('pet', policy);
    const stray = `policy:${policy}:cancellation-refund:attempt-9`;
    await db()
      .insertInto('payment_refunds')
      .values({ ...part, idempotency_key: stray, amount_cents: 25, refund_id: 're_stray' })
      .execute();
    await db().deleteFrom('payment_refunds').where('refund_id', '=', part.refund_id).execute();
    try {
      expectFound(await discrepancies(), [
        expect.objectContaining({
          kind: 'refund_not_recorded',
          policyNumber: policy,
          expectedCents: 25,
          foundCents: 0,
          message: expect.stringContaining('re_stray'),
        }),
        expect.objectContaining({
          kind: 'refund_without_service_refund',
          policyNumber: policy,
          expectedCents: 0,
          foundCents: part.amount_cents,
          message: expect.stringContaining(part.refund_id!),
        }),
        expect.objectContaining({
          kind: 'ledger_refunded_differs',
          policyNumber: policy,
          expectedCents: refunded - part.amount_cents + 25,
          foundCents: refunded,
        }),
      ]);
    } finally {
      await db().deleteFrom('payment_refunds').where('idempotency_key', '=', stray).execute();
      await db().insertInto('payment_refunds').values(part).execute();
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('finds instalments billed at other prices than were sold, on the pet and the renters policy', async () => {
    const [rex, tom] = book.twoPets;
    const start = await effectiveOf(tom);
    const month3 = addMonths(start, 3);
    const row = (line: 'pet' | 'renters', policyNumber: string) =>
      db()
        .selectFrom('billing_instalments')
        .select(['seq', 'amount_cents'])
        .where('line', '=', line)
        .where('policy_number', '=', policyNumber)
        .where('due_date', '=', month3)
        .executeTakeFirstOrThrow();
    const tomRow = await row('pet', tom);
    const rentersRow = await row('renters', book.renters);
    const { monthly } = await quoteOf(tom);
    const rexRow = await row('pet', rex);
    const set = (line: string, policyNumber: string, seq: number, cents: number) =>
      db()
        .updateTable('billing_instalments')
        .set({ amount_cents: cents })
        .where('line', '=', line)
        .where('policy_number', '=', policyNumber)
        .where('seq', '=', seq)
        .execute();
    await set('pet', tom, tomRow.seq, tomRow.amount_cents + 25);
    await set('renters', book.renters, rentersRow.seq, rentersRow.amount_cents + 7);
    try {
      const found = await discrepancies();
      expectFound(found, [
        expect.objectContaining({
          kind: 'schedule_differs',
          line: 'pet',
          policyNumber: tom,
          expectedCents: tomRow.amount_cents,
          foundCents: tomRow.amount_cents + 25,
        }),
        expect.objectContaining({
          kind: 'schedule_differs',
          line: 'renters',
          policyNumber: book.renters,
          expectedCents: rentersRow.amount_cents,
          foundCents: rentersRow.amount_cents + 7,
        }),
      ]);
      // The two pets' instalments that month are the quote's monthly payment, split.
      expect(rexRow.amount_cents + tomRow.amount_cents).toBe(monthly);
      expect(found[0]!.message).toContain(`$${((monthly + 25) / 100).toFixed(2)}`);
    } finally {
      await set('pet', tom, tomRow.seq, tomRow.amount_cents);
      await set('renters', book.renters, rentersRow.seq, rentersRow.amount_cents);
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('finds a settled cancellation whose refund or balance due is not what billing recorded', async () => {
    const cancelled = await eventOf('policy', book.refundedPet, 'policy.cancelled');
    const refund = Number(cancelled.data.refundCents);
    const balanceCharge = await eventOf('billing', `pet:${book.balanceDuePet}`, 'billing.chargeAdded');
    const balance = Number(balanceCharge.data.amountCents);
    await setData(cancelled.position, 'refundCents', refund + 100);
    await setData(balanceCharge.position, 'amountCents', balance + 50);
    try {
      expectFound(await discrepancies(), [
        expect.objectContaining({
          kind: 'balance_due_differs',
          line: 'pet',
          policyNumber: book.balanceDuePet,
          expectedCents: balance,
          foundCents: balance + 50,
        }),
        // Its figures no longer add up (collected − earned), and billing recorded the refund they made.
        expect.objectContaining({
          kind: 'cancellation_refund_differs',
          policyNumber: book.refundedPet,
          expectedCents: refund + 100,
          foundCents: refund,
        }),
        expect.objectContaining({
          kind: 'cancellation_refund_differs',
          policyNumber: book.refundedPet,
          expectedCents: refund,
          foundCents: refund + 100,
        }),
      ]);
    } finally {
      await setData(cancelled.position, 'refundCents', refund);
      await setData(balanceCharge.position, 'amountCents', balance);
    }
    expect(await discrepancies()).toEqual([]);
  });

  it('answers the last run on the jobs screen’s route, to root administrators only', async () => {
    const api = apiFor(s.t.url);
    const root = (await api.login(ADMIN)).accessToken;
    const last = async () => {
      const answer = await api.get('/v2/jobs/reconciliation', { token: root });
      expect(answer.status, answer.text).toBe(200);
      return ReconciliationResponse.strict().parse(answer.body).data;
    };
    const today = businessDate(clock.now());
    expect(await runToday()).toEqual({ policies: 7, discrepancies: 0 });
    expect(await last()).toMatchObject({ business_date: today, policies: 7, count: 0, discrepancies: [] });

    const [rex] = book.twoPets;
    const key = `billing:pet:${rex}:3:1`;
    const charge = await db()
      .selectFrom('payment_charges')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    await db().deleteFrom('payment_charges').where('idempotency_key', '=', key).execute();
    try {
      expect(await runToday()).toEqual({ policies: 7, discrepancies: 2 });
    } finally {
      await db().insertInto('payment_charges').values(charge).execute();
    }
    const run = await last();
    expect(run).toMatchObject({ business_date: today, count: 2 });
    expect(run!.discrepancies[0]).toEqual({
      kind: 'collection_without_charge',
      line: 'pet',
      policy_number: rex,
      expected_cents: 0,
      found_cents: charge.amount_cents,
      message: expect.stringContaining('Ask the payment service'),
    });

    for (const email of [AGENT, MANAGER]) {
      const token = (await api.login(email)).accessToken;
      expect((await api.get('/v2/jobs/reconciliation', { token })).status).toBe(403);
    }
    expect((await api.get('/v2/jobs/reconciliation')).status).toBe(401);
  });

  it('keeps at most 10,000 discrepancies of a day and answers the first 200, with the count of them all', async () => {
    const api = apiFor(s.t.url);
    const root = (await api.login(ADMIN)).accessToken;
    const today = businessDate(clock.now());
    const many = Array.from({ length: KEPT_PER_DAY + 1 }, (_, i) => ({
      kind: 'schedule_differs' as const,
      line: 'pet' as const,
      policyNumber: `PET-TX-${String(i).padStart(8, '0')}`,
      expectedCents: 100,
      foundCents: 101,
      message: 'A planted line.',
    }));
    await recordReconciliation(db(), today, clock.now(), { policies: 7, discrepancies: many });
    const kept = await db()
      .selectFrom('reconciliation_discrepancies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('business_date', '=', today)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(KEPT_PER_DAY);
    const answer = await api.get('/v2/jobs/reconciliation', { token: root });
    const run = ReconciliationResponse.parse(answer.body).data!;
    expect(run.count).toBe(KEPT_PER_DAY + 1);
    expect(run.discrepancies).toHaveLength(RECONCILIATION_LIST_LIMIT);
    expect(run.discrepancies[0]).toMatchObject({ policy_number: 'PET-TX-00000000', expected_cents: 100 });
    // The day run again replaces what it kept.
    expect(await runToday()).toEqual({ policies: 7, discrepancies: 0 });
    expect(
      await db()
        .selectFrom('reconciliation_discrepancies')
        .select('id')
        .where('business_date', '=', today)
        .execute(),
    ).toEqual([]);
  });

  const chargeUnder = (key: string) =>
    db()
      .selectFrom('payment_charges')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
  const setChargeAmount = (key: string, cents: number) =>
    db()
      .updateTable('payment_charges')
      .set({ amount_cents: cents })
      .where('idempotency_key', '=', key)
      .execute();

  async function countersOf(line: 'pet' | 'renters', policyNumber: string) {
    const row = await db()
      .selectFrom('billing_accounts')
      .select(['collected_cents', 'refunded_cents'])
      .where('line', '=', line)
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    return { collected: Number(row.collected_cents), refunded: Number(row.refunded_cents) };
  }

  async function effectiveOf(policyNumber: string): Promise<string> {
    const opened = await eventOf('billing', `pet:${policyNumber}`, 'billing.opened');
    return String(opened.data.effectiveDate);
  }

  async function quoteOf(policyNumber: string) {
    const row = await db()
      .selectFrom('policies as p')
      .innerJoin('quotes as q', 'q.uuid', 'p.quote_uuid')
      .select(['q.monthly_installment_cents'])
      .where('p.policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();
    return { monthly: row.monthly_installment_cents! };
  }

  async function eventOf(streamType: string, streamId: string, type: string) {
    return db()
      .selectFrom('events')
      .select(['position', 'data'])
      .where('stream_type', '=', streamType)
      .where('stream_id', '=', streamId)
      .where('type', '=', type)
      .orderBy('position')
      .executeTakeFirstOrThrow();
  }

  // Plants a fault in the append-only log, as only its owner can, and takes it out again the same way.
  function setData(position: string, field: string, value: number) {
    return withoutAppendOnlyGuard(db(), (trx) =>
      trx
        .updateTable('events')
        .set({ data: sql`jsonb_set(data, ${sql.lit(`{${field}}`)}, ${sql.lit(String(value))}::jsonb)` })
        .where('position', '=', position)
        .execute(),
    );
  }
});
