import { describe, expect, it } from 'vitest';
import { MovableClock, addMonths, businessDate, startOfBusinessDay } from '../../src/calendar';
import { collectInstalment, type DueInstalment } from '../../src/server/domain/billing/collectInstalment';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { payNow } from '../../src/server/domain/policyMoney/payNow';
import type { PaymentAdapter } from '../../src/server/domain/payments/paymentAdapter';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { Db } from '../../src/server/store/db';
import { entityApi } from '../support/entityApi';
import { apiFor } from '../support/http';
import { AGENT } from '../support/personas';
import { purchasePolicies } from '../support/policyFixtures';
import { commitPetCancel } from '../support/previewedCommits';
import { testActor } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A cancellation and a charge of the same instalment at once (docs/billing.md "One charge per instalment").
// Once, a cancellation committed while the daily run's charge was in flight voided the instalment; the charge
// landed at the payment service, the run found the instalment void and recorded nothing, and the refund the
// cancellation worked out left that money with the insurer.

// The sandbox, answering each charge only after a pause long enough to commit a cancellation meanwhile.
function slowPayments(db: Db): PaymentAdapter {
  const sandbox = createSandboxPaymentAdapter({ db });
  return {
    ...sandbox,
    async charge(request) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return sandbox.charge(request);
    },
  };
}

describe.each(testDatabases())('a cancellation while an instalment is being charged, on %s', (database) => {
  const clock = new MovableClock(new Date());
  const s = useTestServer(database, {}, { clock });
  const db = (): Db => s.t.server.database.db;
  const e = entityApi(() => apiFor(s.t.url));

  // A monthly policy on its second instalment's due day, 10 AM.
  async function dueInstalment() {
    const start = businessDate(clock.now());
    const { policies } = await purchasePolicies(s.t, { startDate: start });
    const { policyNumber, matterId } = policies[0]!;
    const day = addMonths(start, 1);
    clock.set(new Date(startOfBusinessDay(day).getTime() + 10 * 3_600_000));
    return { policyNumber, matterId, start, day };
  }
  const okCharges = (policyNumber: string) =>
    db()
      .selectFrom('payment_charges')
      .select(['idempotency_key', 'amount_cents'])
      .where('idempotency_key', 'like', `billing:pet:${policyNumber}:%`)
      .where('outcome', '=', 'ok')
      .execute();
  const claimed = async (policyNumber: string) =>
    (
      await db()
        .selectFrom('billing_charge_claims')
        .select('idempotency_key')
        .where('idempotency_key', 'like', `billing:pet:${policyNumber}:%`)
        .execute()
    ).length > 0;

  it('refuses the cancellation while the charge is in flight, then refunds the payment with the rest', async () => {
    const { policyNumber, matterId, start, day } = await dueInstalment();
    const paying = payNow(
      { db: db(), payments: slowPayments(db()), clock },
      { line: 'pet', policyNumber },
      day,
      { ...testActor(null), at: clock.now() },
    );
    while (!(await claimed(policyNumber))) await new Promise((resolve) => setTimeout(resolve, 20));

    // Flat: everything collected for the term goes back.
    const cancel = { cancelDate: start, reason: 'CUSTOMER_REQUEST' };
    const refused = await commitPetCancel(e, matterId, AGENT, cancel);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(/A payment of this policy is being taken right now/);

    expect(await paying).toMatchObject({ collected: 1, declined: 0 });
    const charges = await okCharges(policyNumber);
    expect(charges).toHaveLength(1);

    const committed = await commitPetCancel(e, matterId, AGENT, cancel);
    expect(committed.status).toBe(200);
    const ledger = (await ledgerOf(db(), { line: 'pet', policyNumber }, day))!;
    // Both instalments' money was collected and is on the ledger; a flat cancel keeps only the fees.
    expect(ledger.collectedCents).toBeGreaterThan(charges[0]!.amount_cents);
    const serviceRefunds = await db()
      .selectFrom('payment_refunds')
      .select('amount_cents')
      .where('outcome', '=', 'ok')
      .where('idempotency_key', 'like', `policy:${policyNumber}:%`)
      .execute();
    const refunded = serviceRefunds.reduce((sum, r) => sum + r.amount_cents, 0);
    expect(ledger.refundedCents).toBe(refunded);
    expect(ledger.owedCents).toBe(0);
    expect(ledger.creditCents).toBe(0);
    expect(refunded).toBeGreaterThan(charges[0]!.amount_cents / 2);
  });

  it('charges nothing for an instalment a cancellation voided after the run read it', async () => {
    const { policyNumber, matterId, start, day } = await dueInstalment();
    const row = await db()
      .selectFrom('billing_instalments as i')
      .innerJoin('billing_accounts as a', (j) =>
        j.onRef('a.line', '=', 'i.line').onRef('a.policy_number', '=', 'i.policy_number'),
      )
      .select(['i.seq', 'i.due_date', 'i.amount_cents', 'i.attempts', 'a.token', 'a.customer_id'])
      .where('i.line', '=', 'pet')
      .where('i.policy_number', '=', policyNumber)
      .where('i.due_date', '=', day)
      .executeTakeFirstOrThrow();
    // What the run read a moment before the cancellation was committed.
    const due: DueInstalment = {
      ref: { line: 'pet', policyNumber },
      seq: row.seq,
      dueDate: row.due_date,
      amountCents: row.amount_cents,
      attempts: row.attempts,
      token: row.token,
      customerId: row.customer_id,
      firstMissedOn: null,
    };
    expect(
      (await commitPetCancel(e, matterId, AGENT, { cancelDate: start, reason: 'CUSTOMER_REQUEST' })).status,
    ).toBe(200);
    const outcome = await collectInstalment(
      {
        db: db(),
        payments: createSandboxPaymentAdapter({ db: db() }),
        metadata: { ...testActor(null), at: clock.now() },
        recordedAt: clock.now(),
      },
      due,
      day,
    );
    expect(outcome).toBe('skipped');
    expect(await okCharges(policyNumber)).toEqual([]);
  });
});
