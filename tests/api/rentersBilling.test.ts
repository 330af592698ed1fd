import { describe, expect, it } from 'vitest';
import { RentersChangeResponse } from '../../src/api/schemas/rentersPolicyChanges';
import {
  RentersPaymentsResponse,
  RentersPolicyRecordResponse,
} from '../../src/api/schemas/rentersPolicyRecord';

import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus } from '../support/entityApi';
import { INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf } from '../support/records';
import {
  addDays,
  issuePaidRentersPolicy,
  rentersPolicyIssue,
  businessToday,
  type RentersIssueOptions,
} from '../support/rentersPolicyFixtures';
import { runBillingOn, scheduleOf } from '../support/billingDays';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

type Kind = 'cancel' | 'reinstate';

// A renters change settles the policy's money on its billing (docs/billing.md "Cancellation"): a cancellation
// weighs what billing collected against what the cover earned, closes the account with its unpaid instalments
// voided, and leaves its balance due for the billing run or its refund on the billing stream's refunds; a
// reinstatement bills the rest of the term again and charges a refund back.
describe.each(testDatabases())('renters changes on the billing of %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = (): Db => s.t.server.database.db;
  const payments = () => createSandboxPaymentAdapter({ db: db() });
  const ref = (policyNumber: string) => ({ line: 'renters' as const, policyNumber });
  const run = (day: string) => runBillingOn(db(), day);
  const schedule = (policyNumber: string) => scheduleOf(db(), 'renters', policyNumber);
  const account = (policyNumber: string) =>
    db()
      .selectFrom('billing_accounts')
      .select('state')
      .where('line', '=', 'renters')
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();

  async function issued(options: Partial<RentersIssueOptions>) {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ ...options, entityId });
    return { issue, ...(await issuePaidRentersPolicy(db(), issue)) };
  }

  async function commit(kind: Kind, matterId: number, data: Record<string, unknown>) {
    const path = `/v2/renters/policies/${matterId}/${kind}`;
    const preview = await e.post(path, INTERNAL, { data: { ...data, commit: false } });
    expectStatus(preview, 200);
    const previewed = RentersChangeResponse.parse(preview.body).data;
    const committed = await e.post(path, INTERNAL, {
      data: {
        ...data,
        commit: true,
        preview_fingerprint: previewed.fingerprint,
        preview_token: previewed.preview_token,
      },
    });
    expectStatus(committed, 200);
    return RentersChangeResponse.parse(committed.body).data;
  }

  it('charges a future-dated cancellation’s balance due once and no instalment after it', async () => {
    const today = businessToday();
    const { policyNumber, matterId } = await issued({
      termInterval: 'monthly',
      effectiveDate: addDays(today, -10),
    });
    const cancelled = await commit('cancel', matterId, {
      policy_number: policyNumber,
      reason_code: 'MOVED_OUT',
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(today, 75),
    });
    // Only the first instalment was collected; the cover to the cancel date earns more.
    expect(cancelled.new_state).toBe('pendingCancellation');
    expect(cancelled.settlement.kind).toBe('charge');
    const owed = Math.round(cancelled.settlement.amount * 100);

    const rows = await schedule(policyNumber);
    expect(
      rows.filter((r) => r.kind === 'instalment' && r.status !== 'paid').every((r) => r.status === 'void'),
    ).toBe(true);
    expect(rows.find((r) => r.kind === 'balanceDue')).toMatchObject({
      status: 'scheduled',
      amount_cents: owed,
      due_date: today,
    });
    expect((await account(policyNumber)).state).toBe('closed');

    const before = await payments().chargeCount();
    for (const day of [today, addDays(today, 31), addDays(today, 62), addDays(today, 75), addDays(today, 93)])
      await run(day);
    expect((await payments().chargeCount()) - before).toBe(1);
    const ledger = await ledgerOf(db(), ref(policyNumber), addDays(today, 93));
    expect(ledger).toMatchObject({ owedCents: 0, creditCents: 0 });
    expect(ledger!.collectedCents).toBe(rows[0]!.amount_cents + owed);
  });

  it('refunds a flat cancellation through the billing stream, and a reinstatement charges it back and bills on', async () => {
    const today = businessToday();
    const { issue, policyNumber, matterId } = await issued({
      termInterval: 'monthly',
      effectiveDate: addDays(today, -3),
    });
    const cancelled = await commit('cancel', matterId, {
      policy_number: policyNumber,
      reason_code: 'MOVED_OUT',
      cancellation_method: 'FLAT',
    });
    expect(cancelled.settlement.kind).toBe('refund');
    const refund = Math.round(cancelled.settlement.amount * 100);
    const refunds = await db()
      .selectFrom('billing_refunds')
      .select(['amount_cents', 'outcome'])
      .where('line', '=', 'renters')
      .where('policy_number', '=', policyNumber)
      .execute();
    expect(refunds).toEqual([{ amount_cents: refund, outcome: 'done' }]);
    const sent = await db()
      .selectFrom('payment_refunds')
      .select(['amount_cents', 'outcome'])
      .where('idempotency_key', 'like', `renters:${policyNumber}:%`)
      .execute();
    expect(sent).toEqual([{ amount_cents: refund, outcome: 'ok' }]);
    let ledger = await ledgerOf(db(), ref(policyNumber), today);
    expect(ledger).toMatchObject({ collectedCents: issue.payment.amountCents, refundedCents: refund });

    const reinstated = await commit('reinstate', matterId, {
      policy_number: policyNumber,
      reason_code: 'PAYMENT_RECEIVED',
    });
    expect(reinstated.settlement).toEqual({ kind: 'charge', amount: refund / 100 });
    expect((await account(policyNumber)).state).toBe('current');
    const rows = await schedule(policyNumber);
    // The eleven instalments still to come are billed again, and the refund is charged back today.
    const again = rows.filter((r) => r.kind === 'instalment' && r.status === 'scheduled');
    expect(again.map((r) => r.due_date)).toEqual(
      rows.filter((r) => r.kind === 'instalment' && r.status === 'void').map((r) => r.due_date),
    );
    expect(again).toHaveLength(11);
    expect(rows.find((r) => r.kind === 'reinstatement')).toMatchObject({
      amount_cents: refund,
      due_date: today,
    });

    await run(today);
    // The payments tab shows the refund and the charge-back once each, the charge-back taken by the run.
    const payments = RentersPaymentsResponse.parse(
      (await e.get(`/v2/renters/policies/${matterId}/payments?limit=100`, INTERNAL)).body,
    ).data.filter((p) => p.status !== 'SCHEDULED');
    expect(payments.map((p) => [p.ledger_type, p.status, Math.round(p.amount * 100)])).toEqual([
      ['CHARGE', 'SUCCEEDED', refund],
      ['REFUND', 'SUCCEEDED', refund],
      ['CHARGE', 'SUCCEEDED', issue.payment.amountCents],
    ]);
    ledger = await ledgerOf(db(), ref(policyNumber), today);
    expect(ledger).toMatchObject({
      collectedCents: issue.payment.amountCents + refund,
      refundedCents: refund,
      owedCents: 0,
      creditCents: 0,
    });
  });

  it('shows the next bill billing will take, never one in the past, and the bills it took on the payments tab', async () => {
    const today = businessToday();
    const { issue, policyNumber, matterId, customerId } = await issued({
      termInterval: 'monthly',
      effectiveDate: addDays(today, -40),
    });
    const record = async () =>
      RentersPolicyRecordResponse.parse(
        (await e.get(`/v2/renters/customers/${customerId}/policies/${matterId}`, INTERNAL)).body,
      ).data.summary;
    const rows = await schedule(policyNumber);
    const [, second, third] = rows;
    // The second bill fell due before today and waits for the run: it is past due, not upcoming.
    expect(second!.due_date < today).toBe(true);
    expect(await record()).toMatchObject({
      upcomingPaymentDate: third!.due_date,
      upcomingPaymentAmount: third!.amount_cents / 100,
    });

    await run(today);
    const payments = RentersPaymentsResponse.parse(
      (await e.get(`/v2/renters/policies/${matterId}/payments?limit=100`, INTERNAL)).body,
    ).data;
    expect(payments.map((p) => [p.status, p.due_date])).toEqual([
      ['SCHEDULED', third!.due_date],
      ['SUCCEEDED', second!.due_date],
      ['SUCCEEDED', issue.effectiveDate],
    ]);
    const paid = payments.filter((p) => p.status === 'SUCCEEDED');
    expect(Math.round(paid.reduce((sum, p) => sum + p.amount, 0) * 100)).toBe(
      (await ledgerOf(db(), ref(policyNumber), today))!.collectedCents,
    );
  });
});
