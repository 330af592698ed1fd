import { systemClock } from '../../src/calendar';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { refundKey } from '../../src/server/domain/policies/cancellationRefundKey';
import { resumeCancellationRefunds } from '../../src/server/domain/policyMoney/petCancellationRefund';
import { resumeRentersSettlements } from '../../src/server/domain/policyMoney/resumeRentersSettlements';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus } from '../support/entityApi';
import { quoteAtStep } from '../support/journeyQuotes';
import { AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../support/personas';
import { withoutAppendOnlyGuard } from '../support/eventLogSurgery';
import { entityIdOf } from '../support/records';
import { centralToday } from '../support/policyFixtures';
import {
  addDays,
  issuePaidRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { commitPetCancel, previewTokenOf } from '../support/previewedCommits';
import { startTestServer, testDatabases } from '../support/testServer';

// docs/reliability.md "Crashes": a pet cancellation or a renters change commits, then asks the payment service
// for its money. A process that stops in between leaves it unasked; the next start asks for it, once.

describe.each(testDatabases())('money resumed after a stop, on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = (): Db => s.t.server.database.db;

  // A policy cancelled in its free look, with the refund taken back out of the payment service and the
  // policy's record, as if the process had stopped right after the commit.
  async function cancelledWithoutItsRefund() {
    const quote = await quoteAtStep(e, AGENT, 'thankYou');
    const policy = await db()
      .selectFrom('policies')
      .select(['policy_number', 'matter_id'])
      .where('quote_uuid', '=', quote.uuid)
      .orderBy('matter_id')
      .executeTakeFirstOrThrow();
    const today = centralToday();
    const committed = await commitPetCancel(e, policy.matter_id, AGENT, {
      cancelDate: today,
      reason: 'CUSTOMER_REQUEST',
    });
    expectStatus(committed, 200);
    await db()
      .deleteFrom('payment_refunds')
      .where('idempotency_key', '=', refundKey(policy.policy_number))
      .execute();
    await db()
      .updateTable('policy_refunds')
      .set({ reference: null })
      .where('policy_number', '=', policy.policy_number)
      .execute();
    // The stop came before the service answered: the billing stream holds the refund as pending only.
    await withoutAppendOnlyGuard(db(), (trx) =>
      trx
        .deleteFrom('events')
        .where('stream_type', '=', 'billing')
        .where('stream_id', '=', `pet:${policy.policy_number}`)
        .where('type', '=', 'billing.refundRecorded')
        .where(sql<boolean>`data->>'outcome' <> 'pending'`)
        .execute(),
    );
    return policy.policy_number;
  }

  const refundsOf = (policyNumber: string) =>
    db()
      .selectFrom('payment_refunds')
      .select(['outcome', 'amount_cents', 'refund_id'])
      .where('idempotency_key', '=', refundKey(policyNumber))
      .execute();
  const recordOf = (policyNumber: string) =>
    db()
      .selectFrom('policy_refunds')
      .select(['reference', 'amount_cents'])
      .where('policy_number', '=', policyNumber)
      .executeTakeFirstOrThrow();

  it('asks for every unasked refund once, and asking again moves no more money', async () => {
    const policyNumber = await cancelledWithoutItsRefund();
    const record = await recordOf(policyNumber);
    expect(record.reference).toBeNull();
    expect(record.amount_cents).toBeGreaterThan(0);

    const context = {
      db: db(),
      payments: createSandboxPaymentAdapter({ db: db() }),
      log: s.t.server.app.log,
      clock: systemClock,
    };
    expect(await resumeCancellationRefunds(context)).toBeGreaterThanOrEqual(1);
    const refunds = await refundsOf(policyNumber);
    expect(refunds).toEqual([
      { outcome: 'ok', amount_cents: record.amount_cents, refund_id: expect.any(String) },
    ]);
    expect((await recordOf(policyNumber)).reference).toBe(refunds[0]!.refund_id);

    expect(await resumeCancellationRefunds(context)).toBe(0);
    expect(await refundsOf(policyNumber)).toEqual(refunds);
  });

  it('settles a renters cancellation whose refund a stop left unasked, once', async () => {
    const today = businessToday();
    const issue = rentersPolicyIssue({
      entityId: await entityIdOf(db(), NORTHWIND_AUSTIN),
      termInterval: 'annual',
      effectiveDate: addDays(today, -40),
    });
    const { policyNumber, matterId } = await issuePaidRentersPolicy(db(), issue);
    const data = {
      policy_number: policyNumber,
      reason_code: 'MOVED_OUT',
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(today, 10),
      // The issue and its declarations page.
      policy_version: 2,
    };
    const change = (body: Record<string, unknown>) =>
      e.post(`/v2/renters/policies/${matterId}/cancel`, INTERNAL, { data: { ...data, ...body } });
    const preview = await change({ commit: false });
    expectStatus(preview, 200);
    const fingerprint = (preview.body as { data: { fingerprint: string } }).data.fingerprint;
    expectStatus(
      await change({
        commit: true,
        preview_fingerprint: fingerprint,
        preview_token: previewTokenOf(preview),
      }),
      200,
    );

    const events = () =>
      db()
        .selectFrom('events')
        .select(['version', 'type', 'data'])
        .where('stream_type', '=', 'renters_policy')
        .where('stream_id', '=', policyNumber)
        .orderBy('version')
        .execute();
    const settled = (await events()).filter((event) => event.type === 'renters.settled');
    expect(settled).toHaveLength(1);
    const key = `renters:${policyNumber}:${settled[0]!.data.changeVersion as number}:refund`;
    // As if the process had stopped between the change's commit and its settlement.
    await withoutAppendOnlyGuard(db(), (trx) =>
      trx
        .deleteFrom('events')
        .where('stream_type', '=', 'renters_policy')
        .where('stream_id', '=', policyNumber)
        .where('type', '=', 'renters.settled')
        .execute(),
    );
    await db().deleteFrom('payment_refunds').where('idempotency_key', '=', key).execute();
    // The billing stream, too, holds the refund as asked but not answered.
    await withoutAppendOnlyGuard(db(), (trx) =>
      trx
        .deleteFrom('events')
        .where('stream_type', '=', 'billing')
        .where('type', '=', 'billing.refundRecorded')
        .where(sql<boolean>`data->>'key' = ${key}`)
        .where(sql<boolean>`data->>'outcome' = 'done'`)
        .execute(),
    );
    const account = db()
      .updateTable('billing_accounts')
      .where('line', '=', 'renters')
      .where('policy_number', '=', policyNumber);
    await account
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '-', settled[0]!.data.amountCents as number) }))
      .execute();
    await db()
      .updateTable('billing_refunds')
      .set({ outcome: 'pending', refund_id: null })
      .where('key', '=', key)
      .execute();

    const context = {
      db: db(),
      payments: createSandboxPaymentAdapter({ db: db() }),
      log: s.t.server.app.log,
      clock: systemClock,
    };
    expect(await resumeRentersSettlements(context)).toBeGreaterThanOrEqual(1);
    const after = (await events()).filter((event) => event.type === 'renters.settled');
    expect(after.map((event) => event.data)).toEqual([
      { ...settled[0]!.data, reference: expect.stringMatching(/^re_/), transactionDate: today },
    ]);
    const refunds = await db()
      .selectFrom('payment_refunds')
      .selectAll()
      .where('idempotency_key', '=', key)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.outcome).toBe('ok');

    expect(await resumeRentersSettlements(context)).toBe(0);
    expect((await events()).filter((event) => event.type === 'renters.settled')).toHaveLength(1);
  });

  it.skipIf(database !== 'postgres')('does it when a server starts on the database', async () => {
    const policyNumber = await cancelledWithoutItsRefund();
    const restarted = await startTestServer('postgres', {}, { shareWith: s.t });
    try {
      const refunds = await refundsOf(policyNumber);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.outcome).toBe('ok');
      expect((await recordOf(policyNumber)).reference).toBe(refunds[0]!.refund_id);
    } finally {
      await restarted.close();
    }
  });
});
