import { describe, expect, it } from 'vitest';
import { testActor } from '../support/records';
import { CancelResponse } from '../../src/api/schemas/policies';
import { addDays, addMonths, startOfBusinessDay } from '../../src/calendar';
import { addCharge } from '../../src/server/domain/billing/billingCommands';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { instalment } from '../../src/server/domain/moneyRules/cancellationFigures';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import { entityApi, expectStatus } from '../support/entityApi';
import { AGENT } from '../support/personas';
import { centralToday, purchasePolicies } from '../support/policyFixtures';
import { runBillingOn, scheduleOf } from '../support/billingDays';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

const SYSTEM = testActor(null);

// A cancellation settles a billed policy's money once (docs/billing.md "Cancellation"): the balance due it
// shows is charged, and no instalment of the cancelled cover is charged besides, however far ahead the
// cancel date lies; an account that closes keeps its extra charges owed.
describe.each(testDatabases())('billing after a cancellation on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const payments = () => createSandboxPaymentAdapter({ db: db() });
  const run = (day: string) => runBillingOn(db(), day);
  const schedule = (policyNumber: string) => scheduleOf(db(), 'pet', policyNumber);
  const cancel = (matterId: number, data: object) =>
    e.post(`/v2/policies/${matterId}/cancel`, AGENT, { data });

  it('charges a future-dated cancellation’s balance due once and no instalment of the cancelled months', async () => {
    const today = centralToday();
    const [policy] = (await purchasePolicies(s.t, { petNames: ['Juniper'] })).policies;
    const request = { cancelDate: addDays(today, 75), reason: 'CUSTOMER_REQUEST' };
    const preview = CancelResponse.parse(
      (await cancel(policy!.matterId, { ...request, commit: false })).body,
    ).data;
    // Past the free look: the cover to the cancel date earns more than the down payment collected.
    expect(preview.flatCancel).toBe(false);
    expect(preview.balanceDue).toBeGreaterThan(0);
    expect(preview.refund).toBe(0);
    const committed = await cancel(policy!.matterId, {
      ...request,
      commit: true,
      previewToken: preview.previewToken,
    });
    expectStatus(committed, 200);

    const rows = await schedule(policy!.policyNumber);
    const balanceDue = rows.find((r) => r.kind === 'balanceDue')!;
    expect(balanceDue).toMatchObject({ status: 'scheduled', due_date: today });
    expect(balanceDue.amount_cents).toBe(Math.round(preview.balanceDue * 100));
    // The instalments the balance due replaces are void, the cancelled months' included.
    expect(rows.filter((r) => r.kind === 'instalment' && r.status !== 'paid').map((r) => r.status)).toEqual(
      Array(11).fill('void'),
    );

    const chargesBefore = await payments().chargeCount();
    for (const day of [
      today,
      addMonths(today, 1),
      addMonths(today, 2),
      addDays(today, 75),
      addMonths(today, 3),
    ])
      await run(day);
    expect((await payments().chargeCount()) - chargesBefore).toBe(1);
    expect((await schedule(policy!.policyNumber)).find((r) => r.kind === 'balanceDue')!.status).toBe('paid');

    // Collected is what the cover to the cancel date earned, to the cent, plus the fees and taxes of the down
    // payment (its part beyond the month's share of the premium); nothing is owed or held.
    const { annual_premium_cents } = await db()
      .selectFrom('policies')
      .select('annual_premium_cents')
      .where('policy_number', '=', policy!.policyNumber)
      .executeTakeFirstOrThrow();
    const downPaymentFees = rows[0]!.amount_cents - instalment(annual_premium_cents, 0);
    const ledger = await ledgerOf(
      db(),
      { line: 'pet', policyNumber: policy!.policyNumber },
      addMonths(today, 3),
    );
    expect(ledger).toMatchObject({
      collectedCents: Math.round(preview.earnedPremium * 100) + downPaymentFees,
      billedCents: Math.round(preview.earnedPremium * 100) + downPaymentFees,
      owedCents: 0,
      creditCents: 0,
    });
    expect(preview.paid * 100).toBeCloseTo(instalment(annual_premium_cents, 0), 6);
    const account = await db()
      .selectFrom('billing_accounts')
      .select('state')
      .where('policy_number', '=', policy!.policyNumber)
      .executeTakeFirstOrThrow();
    expect(account.state).toBe('closed');
  });

  it('keeps an extra charge owed and collects it when the term’s end closes the account', async () => {
    const today = centralToday();
    const [policy] = (await purchasePolicies(s.t, { petNames: ['Maple'], startDate: today })).policies;
    const ref = { line: 'pet' as const, policyNumber: policy!.policyNumber };
    const rows = await schedule(policy!.policyNumber);
    const expiration = addMonths(today, 12);
    await db()
      .transaction()
      .execute((trx) =>
        addCharge(
          trx,
          ref,
          {
            kind: 'reinstatement',
            amountCents: 2500,
            dueDate: expiration,
            description: 'Reinstatement charge',
          },
          SYSTEM,
          startOfBusinessDay(today),
        ),
      );
    // The term's last instalments were charged; the day the term ends closes the account.
    for (const row of rows.slice(1)) await run(row.due_date);
    await run(expiration);
    const after = await schedule(policy!.policyNumber);
    expect(after.find((r) => r.kind === 'reinstatement')!.status).toBe('paid');
    expect(after.every((r) => r.status === 'paid')).toBe(true);
    const ledger = await ledgerOf(db(), ref, expiration);
    expect(ledger).toMatchObject({ owedCents: 0, creditCents: 0 });
    expect(ledger!.collectedCents).toBe(after.reduce((sum, r) => sum + r.amount_cents, 0));
  });
});
