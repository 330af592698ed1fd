import { describe, expect, it } from 'vitest';
import { addDays, fixedClock, startOfBusinessDay, systemClock } from '../../src/calendar';
import { NON_PAYMENT } from '../../src/server/domain/rentersPolicies/changes/billingsOwnChanges';
import { appendToRentersPolicy } from '../../src/server/domain/rentersPolicies/appendToRentersPolicy';
import { resumeRentersSettlements } from '../../src/server/domain/policyMoney/resumeRentersSettlements';
import { payNow } from '../../src/server/domain/policyMoney/payNow';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { cardToken, DECLINING_CARD, GOOD_CARD, runBillingOn } from '../support/billingDays';
import { businessToday } from '../support/businessToday';
import { NORTHWIND_AUSTIN } from '../support/personas';
import { entityIdOf, testActor } from '../support/records';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A renters policy that lapses for non-payment and is reinstated by a late payment moves money through its
// billing account alone (docs/billing.md): the account voids what was not paid and collects the late payment.
// The lapse and the reinstatement record no settlement of their own, so no refund or charge of a few cents is
// written that never moved, and none is sent after a restart.
describe.each(testDatabases())('a renters lapse and its reinstatement on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;
  const payments = () => createSandboxPaymentAdapter({ db: db() });

  it('lapses and reinstates with no settlement of its own, and the payment service moved only the bills', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate: businessToday() });
    const { policyNumber } = await issuePaidRentersPolicy(db(), issue);
    await db()
      .updateTable('billing_accounts')
      .set({ token: await cardToken(db(), DECLINING_CARD) })
      .where('line', '=', 'renters')
      .where('policy_number', '=', policyNumber)
      .execute();
    const due = issue.nextBill!.dueDate;
    for (const offset of [0, 3, 7, 14, 30]) await runBillingOn(db(), addDays(due, offset));
    const late = addDays(due, 40);
    const paid = await payNow(
      { db: db(), payments: payments(), clock: fixedClock(startOfBusinessDay(late)) },
      { line: 'renters', policyNumber },
      late,
      { ...testActor(null), at: startOfBusinessDay(late) },
      await cardToken(db(), GOOD_CARD),
    );
    expect(paid).toMatchObject({ reinstated: true });

    const changes = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_type', '=', 'renters_policy')
      .where('stream_id', '=', policyNumber)
      .where('type', 'in', ['renters.cancelled', 'renters.reinstated', 'renters.settled'])
      .orderBy('version')
      .execute();
    expect(changes.map((c) => [c.type, (c.data as { settlement?: unknown }).settlement])).toEqual([
      ['renters.cancelled', { kind: 'none', amountCents: 0 }],
      ['renters.reinstated', { kind: 'none', amountCents: 0 }],
    ]);
    // What moved: the first payment and the late one; nothing refunded.
    const refunds = await db()
      .selectFrom('payment_refunds')
      .select('amount_cents')
      .where('idempotency_key', 'like', `%${policyNumber}%`)
      .execute();
    expect(refunds).toEqual([]);
  });

  it('sends nothing at start-up for a lapse recorded with a settlement of its own before the rule', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const issue = rentersPolicyIssue({ entityId, effectiveDate: businessToday() });
    const { policyNumber } = await issuePaidRentersPolicy(db(), issue);
    // As billing wrote a lapse before: cancelled for non-payment by no one, naming a refund of 33 cents.
    await db()
      .transaction()
      .execute((trx) =>
        appendToRentersPolicy(
          trx,
          testActor(null),
          policyNumber,
          [
            {
              type: 'renters.cancelled',
              data: {
                method: 'PRO_RATA',
                cancelDate: businessToday(),
                immediate: true,
                reasonCode: 'NON_PAYMENT',
                note: NON_PAYMENT,
                settlement: { kind: 'refund', amountCents: 33 },
                feesCents: 0,
                newState: 'cancelled',
                newStatusCode: 'CANCELLED',
                commissionClawbackCents: 0,
                fingerprint: 'old-lapse',
              },
            },
          ],
          businessToday(),
        ),
      );
    const context = { db: db(), payments: payments(), log: s.t.server.app.log, clock: systemClock };
    expect(await resumeRentersSettlements(context)).toBe(0);
    const refunds = await db()
      .selectFrom('payment_refunds')
      .select('amount_cents')
      .where('idempotency_key', 'like', `%${policyNumber}%`)
      .execute();
    expect(refunds).toEqual([]);
  });
});
