import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  MovableClock,
  addDays,
  addMonths,
  businessDate,
  fixedClock,
  startOfBusinessDay,
} from '../../src/calendar';
import { collectInstalment } from '../../src/server/domain/billing/collectInstalment';
import { policyDatesWork } from '../../src/server/domain/policyDates/policyDatesWork';
import { rentersPolicyFlags } from '../../src/server/domain/rentersPolicies/rentersPolicyFlags';
import { recordRefund } from '../../src/server/domain/billing/billingCommands';
import { recordRefundAsked } from '../../src/server/domain/billing/refunds/askForRefund';
import { failedRefunds } from '../../src/server/domain/billing/refunds/refundHistory';
import { refundReason } from '../../src/server/domain/billing/refunds/refundReasons';
import { retryPolicyRefund } from '../../src/server/domain/policyMoney/policyRefund';
import { rentersRefundKey } from '../../src/server/domain/rentersPolicies/changes/rentersRefundKey';
import { appliedReport, planReport } from '../../src/server/domain/corrections/correctionReport';
import { applyCorrections, planCorrections } from '../../src/server/domain/corrections/planCorrections';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { reconcile } from '../../src/server/domain/reconciliation/reconcile';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import {
  LATE_PAYMENT,
  NON_PAYMENT,
} from '../../src/server/domain/rentersPolicies/changes/billingsOwnChanges';
import { rebuildProjections } from '../../src/server/projections';
import type { Db } from '../../src/server/store/db';
import { runDatedWorkOn } from '../support/billingDays';
import { entityApi } from '../support/entityApi';
import { withoutAppendOnlyGuard } from '../support/eventLogSurgery';
import { apiFor } from '../support/http';
import { AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { entityIdOf, testActor } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import type { RentersPolicyIssue } from '../../src/server/domain/rentersPolicies/issueRentersPolicy';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// `npm run correct-billing` (docs/reconciliation.md "Correcting what older versions billed"). Accounts are left
// as older versions left them: a second pet billed the first pet's instalment and two months collected at it,
// a flat cancellation that refunded only the instalment due before its cancel date, a backdated renters
// cancellation that counted only the bill due before its cancel date as paid, and billing's own renters lapse
// and reinstatement stating settlements of a few cents, one recorded as a refund owed. The dry run lists
// each correction with its cents and changes nothing; applying refunds exactly what was over-collected or kept
// through the payment service and withdraws the phantom settlement, after which the reconciliation finds
// nothing and a second run has nothing to do. Accounts billed right plan nothing.

const TABLES = [
  'events',
  'billing_instalments',
  'billing_refunds',
  'billing_accounts',
  'payment_refunds',
] as const;

describe.each(testDatabases())('correcting what older versions billed, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const db = (): Db => s.t.server.database.db;
  const e = entityApi(() => apiFor(s.t.url));
  const context = () => ({
    db: db(),
    payments: createSandboxPaymentAdapter({ db: db(), now: () => clock.now() }),
    clock,
    actor: { userId: null, entityId: null, requestId: 'test:correct-billing' },
  });
  const book = {} as {
    start: string;
    rex: string;
    tom: string;
    tomOver: number;
    cancelled: string;
    shortfall: number;
    renters: string;
    rentersCancelled: { issue: RentersPolicyIssue; policyNumber: string; matterId: number };
    rentersShortfall: number;
    rentersRight: { policyNumber: string; matterId: number };
    lapseVersion: number;
    reinstatedVersion: number;
  };

  // Every table the corrections could touch, whole, to show a dry run changed none of them.
  async function snapshot() {
    const all: Record<string, unknown[]> = {};
    for (const table of TABLES)
      all[table] = (await sql`select * from ${sql.table(table)}`.execute(db())).rows
        .map((r) => JSON.stringify(r))
        .sort();
    return all;
  }

  const refundsUnder = (pattern: string) =>
    db()
      .selectFrom('payment_refunds')
      .select(['idempotency_key', 'charge_id', 'amount_cents', 'outcome'])
      .where('idempotency_key', 'like', pattern)
      .execute();
  const sum = (rows: readonly { amount_cents: number }[]) => rows.reduce((n, r) => n + r.amount_cents, 0);

  // A renters pro-rata cancel to the day, previewed and committed through the API as the portal does; the
  // settlement it answers.
  async function commitRentersCancel(policy: { policyNumber: string; matterId: number }, cancelDate: string) {
    const cancel = {
      policy_number: policy.policyNumber,
      reason_code: 'CUSTOMER_REQUEST',
      cancellation_method: 'PRO_RATA',
      cancel_date: cancelDate,
      note: 'Moved in with family.',
    };
    const path = `/v2/renters/policies/${policy.matterId}/cancel`;
    const previewed = await e.post(path, INTERNAL, { data: { ...cancel, commit: false } });
    expect(previewed.status, previewed.text).toBe(200);
    const preview = (previewed.body as { data: { fingerprint: string; preview_token: string } }).data;
    const committed = await e.post(path, INTERNAL, {
      data: {
        ...cancel,
        commit: true,
        preview_fingerprint: preview.fingerprint,
        preview_token: preview.preview_token,
      },
    });
    expect(committed.status, committed.text).toBe(200);
    return (committed.body as { data: { settlement: { kind: string; amount: number } } }).data.settlement;
  }

  function instalments(policyNumber: string, line: 'pet' | 'renters' = 'pet') {
    return db()
      .selectFrom('billing_instalments')
      .select(['seq', 'due_date', 'amount_cents', 'status'])
      .where('line', '=', line)
      .where('policy_number', '=', policyNumber)
      .where('kind', '=', 'instalment')
      .orderBy('seq')
      .execute();
  }

  it('plans nothing for accounts billed right', async () => {
    book.start = businessDate(clock.now());
    const two = await purchasePolicies(s.t, { startDate: book.start, petNames: ['Rex', 'Tom'] });
    book.rex = two.policies[0]!.policyNumber;
    book.tom = two.policies[1]!.policyNumber;
    const one = await purchasePolicies(s.t, { startDate: book.start });
    book.cancelled = one.policies[0]!.policyNumber;
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate: book.start, termInterval: 'monthly' });
    book.renters = (await issuePaidRentersPolicy(db(), issue)).policyNumber;
    const monthly = rentersPolicyIssue({ entityId, effectiveDate: book.start, termInterval: 'monthly' });
    book.rentersCancelled = { issue: monthly, ...(await issuePaidRentersPolicy(db(), monthly)) };
    const right = rentersPolicyIssue({ entityId, effectiveDate: book.start, termInterval: 'monthly' });
    book.rentersRight = await issuePaidRentersPolicy(db(), right);

    expect((await reconcile(db())).discrepancies).toEqual([]);
    const plan = await planCorrections(db());
    expect(plan).toEqual({ corrections: [], left: [] });
    expect(planReport(plan, book.start, false)).toEqual([
      `Nothing to correct for ${book.start}: refunds $0.00, refunds withdrawn $0.00`,
    ]);
  });

  it('leaves the accounts as older versions billed them, each found by the reconciliation', async () => {
    // Finding 1: Tom's instalments 2–12 are Rex's amount, in the schedule billing opened and in its rows.
    const rex = await instalments(book.rex);
    const tom = await instalments(book.tom);
    const wrong = rex[1]!.amount_cents;
    const right = tom[1]!.amount_cents;
    expect(wrong).toBeGreaterThan(right);
    await withoutAppendOnlyGuard(db(), async (trx) => {
      await sql`
        update events set data = jsonb_set(data, '{instalments}', (
          select jsonb_agg(case when (i->>'seq')::int >= 2
                                then jsonb_set(i, '{amountCents}', to_jsonb(${wrong}::int)) else i end
                           order by n)
            from jsonb_array_elements(data->'instalments') with ordinality as x(i, n)))
         where stream_type = 'billing' and stream_id = ${`pet:${book.tom}`} and type = 'billing.opened'`.execute(
        trx,
      );
      await trx
        .updateTable('billing_instalments')
        .set({ amount_cents: wrong })
        .where('line', '=', 'pet')
        .where('policy_number', '=', book.tom)
        .where('seq', '>=', 2)
        .execute();
    });
    await runDatedWorkOn(db(), clock, addMonths(book.start, 1));
    await runDatedWorkOn(db(), clock, addMonths(book.start, 2));
    book.tomOver = 2 * (wrong - right);

    // Finding 2: cancelled flat after the second instalment was collected, counting only the instalment due
    // before the cancel date (its second instalment's day is hidden from the cancellation, as older versions
    // looked only before it).
    const paid = await instalments(book.cancelled);
    expect(paid.filter((r) => r.status === 'paid').map((r) => r.seq)).toEqual([1, 2, 3]);
    const second = paid[1]!.due_date;
    const third = paid[2]!.due_date;
    const moveDue = (seq: number, dueDate: string) =>
      db()
        .updateTable('billing_instalments')
        .set({ due_date: dueDate })
        .where('line', '=', 'pet')
        .where('policy_number', '=', book.cancelled)
        .where('seq', '=', seq)
        .execute();
    await moveDue(2, addDays(second, 1));
    await moveDue(3, addDays(third, 1));
    const { matterId } = await db()
      .selectFrom('policies')
      .select('matter_id as matterId')
      .where('policy_number', '=', book.cancelled)
      .executeTakeFirstOrThrow();
    const flat = await commitPetCancel(e, matterId, AGENT, {
      cancelDate: addDays(book.start, 5),
      reason: 'CUSTOMER_REQUEST',
    });
    expect(flat.status, flat.text).toBe(200);
    await moveDue(2, second);
    await moveDue(3, third);
    const data = (flat.body as { data: { collected: unknown; refund: unknown } }).data;
    const refunded = Math.round(Number(data.refund) * 100);
    const { annual_premium_cents: annual } = await db()
      .selectFrom('policies')
      .select('annual_premium_cents')
      .where('policy_number', '=', book.cancelled)
      .executeTakeFirstOrThrow();
    // Two more months' premium shares (docs/cancellation.md: floor(annual / 12) each after the first).
    book.shortfall = 2 * Math.floor(annual / 12);
    expect(sum(await refundsUnder(`policy:${book.cancelled}:%`))).toBe(refunded);

    // Finding 2 on renters: a monthly policy cancelled pro rata, backdated to a few days after its start once
    // two more instalments were collected, counting as paid only the bill due before the cancel date (the two
    // later bills are hidden from the cancellation past the term's end, as older versions looked only before
    // it).
    const renters = book.rentersCancelled;
    const bills = await instalments(renters.policyNumber, 'renters');
    expect(bills.filter((r) => r.status === 'paid').map((r) => r.seq)).toEqual([1, 2, 3]);
    const moveBill = (seq: number, dueDate: string) =>
      db()
        .updateTable('billing_instalments')
        .set({ due_date: dueDate })
        .where('line', '=', 'renters')
        .where('policy_number', '=', renters.policyNumber)
        .where('seq', '=', seq)
        .execute();
    for (const bill of bills.slice(1, 3)) await moveBill(bill.seq, addMonths(bill.due_date, 12));
    const settled = await commitRentersCancel(renters, addDays(book.start, 4));
    for (const bill of bills.slice(1, 3)) await moveBill(bill.seq, bill.due_date);
    expect(settled.kind).toBe('refund');
    expect(sum(await refundsUnder(`renters:${renters.policyNumber}:%`))).toBe(
      Math.round(settled.amount * 100),
    );
    // The two later bills' premium and tax shares (docs/renters-cancellation.md: eleven of floor(annual / 12)
    // after the first, which carries the odd cents).
    book.rentersShortfall =
      2 * (Math.floor(renters.issue.termPremiumCents / 12) + Math.floor(renters.issue.taxesCents / 12));
    // The same cancel by this version counts all three bills collected: nothing is found of it below.
    const whole = await commitRentersCancel(book.rentersRight, addDays(book.start, 4));
    expect(whole.kind).toBe('refund');
    expect(Math.round(whole.amount * 100)).toBe(Math.round(settled.amount * 100) + book.rentersShortfall);
    expect(sum(await refundsUnder(`renters:${book.rentersRight.policyNumber}:%`))).toBe(
      Math.round(whole.amount * 100),
    );

    // Finding 8: billing's own lapse stating a refund of 33 cents, recorded on the billing stream as owed and
    // refused, and its late payment's reinstatement stating a charge of 30 cents.
    const today = businessDate(clock.now());
    const change = (type: string, reasonCode: string, note: string, kind: string, amountCents: number) => ({
      type,
      data: {
        method: 'PRO_RATA',
        cancelDate: today,
        effectiveDate: today,
        immediate: true,
        reasonCode,
        note,
        settlement: { kind, amountCents },
        feesCents: 0,
        newState: type === 'renters.cancelled' ? 'cancelled' : 'active',
        newStatusCode: type === 'renters.cancelled' ? 'CANCELLED' : 'ACTIVE',
        commissionClawbackCents: 0,
        fingerprint: `old-${type}`,
      },
    });
    const versionOf = async (type: string) =>
      (
        await db()
          .selectFrom('events')
          .select('version')
          .where('stream_type', '=', 'renters_policy')
          .where('stream_id', '=', book.renters)
          .where('type', '=', type)
          .executeTakeFirstOrThrow()
      ).version;
    await db()
      .transaction()
      .execute((trx) =>
        appendToRentersPolicy(
          trx,
          testActor(null),
          book.renters,
          [change('renters.cancelled', 'NON_PAYMENT', NON_PAYMENT, 'refund', 33)],
          today,
        ),
      );
    book.lapseVersion = await versionOf('renters.cancelled');
    const ref = { line: 'renters' as const, policyNumber: book.renters };
    const key = rentersRefundKey(book.renters, book.lapseVersion);
    await db()
      .transaction()
      .execute(async (trx) => {
        await recordRefundAsked(trx, ref, { key, amountCents: 33 }, testActor(null), clock.now());
        const failed = {
          key,
          amountCents: 33,
          outcome: 'failed' as const,
          reason: refundReason('unavailable'),
        };
        await recordRefund(trx, ref, failed, testActor(null), clock.now());
      });
    expect((await failedRefunds(db(), { kind: 'all' })).map((r) => r.key)).toEqual([key]);
    await db()
      .transaction()
      .execute((trx) =>
        appendToRentersPolicy(
          trx,
          testActor(null),
          book.renters,
          [change('renters.reinstated', 'PAYMENT_RECEIVED', LATE_PAYMENT, 'charge', 30)],
          today,
        ),
      );
    book.reinstatedVersion = await versionOf('renters.reinstated');

    const found = (await reconcile(db())).discrepancies;
    expect(found.map((d) => [d.policyNumber, d.kind, d.fault?.cause]).sort()).toEqual(
      [
        ...Array.from({ length: 11 }, () => [book.tom, 'schedule_differs', 'shareOfPurchase']),
        [book.cancelled, 'cancellation_refund_differs', 'collectedUndercounted'],
        [book.rentersCancelled.policyNumber, 'cancellation_refund_differs', 'collectedUndercounted'],
        [book.renters, 'cancellation_refund_differs', 'ownSettlement'],
        [book.renters, 'balance_due_differs', 'ownSettlement'],
      ].sort(),
    );
  });

  it('prints each correction with its cents in a dry run, and changes nothing', async () => {
    const before = await snapshot();
    const plan = await planCorrections(db());
    expect(plan.left).toEqual([]);
    const byPolicy = Object.fromEntries(
      plan.corrections.map((c) => [`${c.policyNumber} ${c.refundCents} ${c.withdrawnCents}`, c.text]),
    );
    expect(Object.keys(byPolicy).sort()).toEqual(
      [
        `${book.tom} ${book.tomOver} 0`,
        `${book.cancelled} ${book.shortfall} 0`,
        `${book.rentersCancelled.policyNumber} ${book.rentersShortfall} 0`,
        `${book.renters} 0 33`,
        `${book.renters} 0 0`,
      ].sort(),
    );
    const day = businessDate(clock.now());
    const report = planReport(plan, day, false);
    expect(report).toHaveLength(6);
    expect(report).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^pet ${book.tom} .*instalments 2–12 .*refund \\$${(book.tomOver / 100).toFixed(2)}$`),
        ),
        expect.stringMatching(
          new RegExp(`^pet ${book.cancelled} .*refund \\$${(book.shortfall / 100).toFixed(2)}$`),
        ),
        expect.stringMatching(
          new RegExp(
            `^renters ${book.rentersCancelled.policyNumber} .*refund \\$${(book.rentersShortfall / 100).toFixed(2)}$`,
          ),
        ),
        expect.stringMatching(new RegExp(`^renters ${book.renters} .*lapse .*\\$0\\.33`)),
        expect.stringMatching(new RegExp(`^renters ${book.renters} .*reinstatement .*charge of \\$0\\.30`)),
      ]),
    );
    expect(report.at(-1)).toBe(
      `5 corrections for ${day}: refunds $${((book.tomOver + book.shortfall + book.rentersShortfall) / 100).toFixed(2)}, refunds withdrawn $0.33 (dry run: run with --apply to record them)`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refunds what was over-collected or kept through the payment service, voids the phantoms, and then reconciles to nothing', async () => {
    const tomRefundedBefore = sum(await refundsUnder(`policy:${book.tom}:%`));
    const cancelledBefore = sum(await refundsUnder(`policy:${book.cancelled}:%`));
    const renters = book.rentersCancelled.policyNumber;
    const rentersBefore = sum(await refundsUnder(`renters:${renters}:%`));
    const applied = await applyCorrections(context(), (await planCorrections(db())).corrections);
    expect(applied).toHaveLength(5);
    expect(appliedReport(applied).at(-1)).toBe('Applied 5 corrections.');

    const tomSent = await refundsUnder(`policy:${book.tom}:correction:schedule%`);
    expect(tomSent.every((r) => r.outcome === 'ok')).toBe(true);
    expect(sum(tomSent)).toBe(book.tomOver);
    expect(sum(await refundsUnder(`policy:${book.tom}:%`))).toBe(tomRefundedBefore + book.tomOver);
    const tom = await instalments(book.tom);
    expect(new Set(tom.slice(1).map((r) => r.amount_cents)).size).toBe(1);

    const shortSent = await refundsUnder(`policy:${book.cancelled}:correction:cancellation%`);
    expect(shortSent.every((r) => r.outcome === 'ok')).toBe(true);
    expect(sum(shortSent)).toBe(book.shortfall);
    expect(sum(await refundsUnder(`policy:${book.cancelled}:%`))).toBe(cancelledBefore + book.shortfall);

    const rentersSent = await refundsUnder(`renters:${renters}:correction:cancellation%`);
    expect(rentersSent.length).toBeGreaterThan(0);
    expect(rentersSent.every((r) => r.outcome === 'ok')).toBe(true);
    expect(sum(rentersSent)).toBe(book.rentersShortfall);
    expect(sum(await refundsUnder(`renters:${renters}:%`))).toBe(rentersBefore + book.rentersShortfall);

    // The phantom refund is withdrawn, and nothing of the renters policy moved.
    expect(await refundsUnder(`%${book.renters}%`)).toEqual([]);
    expect(
      await db()
        .selectFrom('billing_refunds')
        .select('key')
        .where('line', '=', 'renters')
        .where('policy_number', '=', book.renters)
        .execute(),
    ).toEqual([]);
    // Nobody asks for the withdrawn refund again: it is off the Failed Refunds screen and out of the retries.
    expect(await failedRefunds(db(), { kind: 'all' })).toEqual([]);
    const ref = { line: 'renters' as const, policyNumber: book.renters };
    const key = rentersRefundKey(book.renters, book.lapseVersion);
    await expect(
      retryPolicyRefund({ ...context(), metadata: testActor(null) }, ref, { key, attempt: 2 }),
    ).rejects.toThrow(/not found/i);
    const voided = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_type', '=', 'billing_correction')
      .where('stream_id', '=', `renters:${book.renters}`)
      .orderBy('version')
      .execute();
    expect(voided.map((v) => v.type).sort()).toEqual(
      ['correction.refundWithdrawn', 'correction.settlementVoided', 'correction.settlementVoided'].sort(),
    );

    expect((await reconcile(db())).discrepancies).toEqual([]);
  });

  it('does nothing when applied again', async () => {
    const before = await snapshot();
    const plan = await planCorrections(db());
    expect(plan).toEqual({ corrections: [], left: [] });
    expect(await applyCorrections(context(), plan.corrections)).toEqual([]);
    expect(planReport(plan, businessDate(clock.now()), true).at(-1)).toMatch(/^Nothing to correct for /);
    expect(await snapshot()).toEqual(before);
  });

  it('replays the corrections into the same billing tables on a rebuild', async () => {
    const billingRows = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of ['billing_instalments', 'billing_refunds', 'billing_accounts'] as const)
        rows[table] = (
          await sql`select * from ${sql.table(table)} where policy_number in (${book.tom}, ${book.renters}, ${book.rentersCancelled.policyNumber}, ${book.rentersRight.policyNumber})`.execute(
            db(),
          )
        ).rows
          .map((r) => JSON.stringify(r))
          .sort();
      return rows;
    };
    const before = await billingRows();
    await rebuildProjections(db());
    expect(await billingRows()).toEqual(before);
  });

  // Older versions never told a renters policy's log that its renewal was paid: the renewed term's first bill
  // collected, the policy still read "Renewal payment pending". The correction records the payment, dated when
  // billing collected it, and a rebuild keeps the flag as it left it.
  it('records a renewal payment billing collected before it told the policy, and keeps it on a rebuild', async () => {
    const day = businessDate(clock.now());
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({
      entityId,
      effectiveDate: addMonths(day, -12),
      termInterval: 'annual',
    });
    const renewed = await issuePaidRentersPolicy(db(), issue);
    const workOn = (on: string) => ({
      db: db(),
      clock: fixedClock(startOfBusinessDay(on)),
      businessDate: on,
      payments: createSandboxPaymentAdapter({ db: db() }),
      log: { info: () => undefined, warn: () => undefined },
    });
    await policyDatesWork.run(workOn(addDays(day, -45)));
    await policyDatesWork.run(workOn(day));
    // The renewal's first bill collected as older versions collected it: billing alone, nothing after it.
    const ref = { line: 'renters' as const, policyNumber: renewed.policyNumber };
    const bill = await db()
      .selectFrom('billing_instalments as i')
      .innerJoin('billing_accounts as a', (j) =>
        j.onRef('a.line', '=', 'i.line').onRef('a.policy_number', '=', 'i.policy_number'),
      )
      .select(['i.seq', 'i.due_date', 'i.amount_cents', 'i.attempts', 'a.token', 'a.customer_id'])
      .where('i.line', '=', 'renters')
      .where('i.policy_number', '=', renewed.policyNumber)
      .where('i.due_date', '=', day)
      .executeTakeFirstOrThrow();
    const collectedAt = clock.now();
    expect(
      await collectInstalment(
        {
          db: db(),
          payments: context().payments,
          metadata: { ...testActor(null), at: collectedAt },
          recordedAt: collectedAt,
        },
        {
          ref,
          seq: bill.seq,
          dueDate: bill.due_date,
          amountCents: bill.amount_cents,
          attempts: bill.attempts,
          token: bill.token,
          customerId: bill.customer_id,
          firstMissedOn: null,
        },
        day,
      ),
    ).toBe('collected');
    const pending = async () =>
      (await rentersPolicyFlags(db(), renewed.policyNumber, day))!.hasPendingRenewalPayment;
    expect(await pending()).toBe(true);

    const plan = await planCorrections(db());
    expect(plan.left).toEqual([]);
    expect(plan.corrections.map((c) => [c.line, c.policyNumber, c.refundCents, c.withdrawnCents])).toEqual([
      ['renters', renewed.policyNumber, 0, 0],
    ]);
    expect(plan.corrections[0]!.text).toMatch(new RegExp(`renewal from ${day} was paid on ${day}`));
    expect(appliedReport(await applyCorrections(context(), plan.corrections))).toEqual([
      `renters ${renewed.policyNumber}  renewal payment recorded`,
      'Applied 1 correction.',
    ]);
    expect(await pending()).toBe(false);
    const received = await db()
      .selectFrom('events')
      .select(['data', 'recorded_at'])
      .where('stream_type', '=', 'renters_policy')
      .where('stream_id', '=', renewed.policyNumber)
      .where('type', '=', 'renters.renewalPaymentReceived')
      .execute();
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toEqual({ effectiveDate: day });
    expect(new Date(received[0]!.recorded_at).getTime()).toBe(collectedAt.getTime());

    expect(await planCorrections(db())).toEqual({ corrections: [], left: [] });
    await rebuildProjections(db());
    expect(await pending()).toBe(false);
  });
});
