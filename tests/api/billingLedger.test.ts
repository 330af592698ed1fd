import { describe, expect, it } from 'vitest';
import { testActor } from '../support/records';
import { addCharge, recordRefund } from '../../src/server/domain/billing/billingCommands';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { addDays, addMonths } from '../../src/calendar';
import { businessToday } from '../support/businessToday';
import { purchasePolicies } from '../support/policyFixtures';
import { issuePaidRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

const SYSTEM = testActor(null);

// The billing module's contract with cancellation and refunds: every policy issued has its schedule with the
// purchase collected; extra charges and refund outcomes move its ledger (docs/billing.md "The ledger").
describe.each(testDatabases())('billing schedule and ledger on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;
  const instalments = (line: string, policyNumber: string) =>
    db()
      .selectFrom('billing_instalments')
      .select(['seq', 'due_date', 'amount_cents', 'status', 'billed'])
      .where('line', '=', line)
      .where('policy_number', '=', policyNumber)
      .orderBy('seq')
      .execute();

  it('gives a pet policy bought monthly twelve instalments, the first collected by the purchase', async () => {
    const today = businessToday();
    const { policies } = await purchasePolicies(s.t, { petNames: ['Biscuit', 'Miso'] });
    for (const policy of policies) {
      const rows = await instalments('pet', policy.policyNumber);
      expect(rows).toHaveLength(12);
      expect(rows[0]!.status).toBe('paid');
      expect(rows.slice(1).every((r) => r.status === 'scheduled')).toBe(true);
      expect(rows[1]!.due_date).toBe(addMonths(rows[0]!.due_date, 1));
      const ledger = await ledgerOf(db(), { line: 'pet', policyNumber: policy.policyNumber }, today);
      expect(ledger).toEqual({
        billedCents: rows[0]!.amount_cents,
        collectedCents: rows[0]!.amount_cents,
        refundedCents: 0,
        owedCents: 0,
        creditCents: 0,
      });
    }
    // The two policies' first instalments are the purchase's charge, split.
    const quote = await db()
      .selectFrom('quotes')
      .select('charged_cents')
      .where('uuid', '=', policies[0]!.quoteUuid)
      .executeTakeFirstOrThrow();
    const firsts = await Promise.all(policies.map((p) => instalments('pet', p.policyNumber)));
    expect(firsts.reduce((sum, rows) => sum + rows[0]!.amount_cents, 0)).toBe(quote.charged_cents);
  });

  it('gives a renters policy its rated schedule, and moves the ledger by charges and refunds', async () => {
    const today = businessToday();
    const entity = await db()
      .selectFrom('entities')
      .select('id')
      .where('entity_code', '=', '1234-5678-AC')
      .executeTakeFirstOrThrow();
    const issue = rentersPolicyIssue({ entityId: entity.id, termInterval: 'monthly' });
    const { policyNumber } = await issuePaidRentersPolicy(db(), issue);
    const rows = await instalments('renters', policyNumber);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ status: 'paid', amount_cents: issue.payment.amountCents });
    expect(rows[1]).toMatchObject({
      due_date: issue.nextBill!.dueDate,
      amount_cents: issue.nextBill!.amountCents,
    });
    const ref = { line: 'renters', policyNumber } as const;
    const paid = issue.payment.amountCents;

    // A balance due ten days on is owed from its due day, before the day's run tries it. (This once charged
    // it today and expected it unbilled until the run: the ledger read a credit while $12.50 was due.)
    const dueDay = addDays(today, 10);
    await db()
      .transaction()
      .execute((trx) =>
        addCharge(
          trx,
          ref,
          { kind: 'balanceDue', amountCents: 1_250, dueDate: dueDay, description: 'Balance due' },
          SYSTEM,
          new Date(),
        ),
      );
    expect(await instalments('renters', policyNumber)).toHaveLength(13);
    expect(await ledgerOf(db(), ref, today)).toMatchObject({ billedCents: paid, owedCents: 0 });
    expect(await ledgerOf(db(), ref, dueDay)).toMatchObject({ billedCents: paid + 1_250, owedCents: 1_250 });

    const refund = { key: 'refund:test:1', amountCents: 500 };
    await db()
      .transaction()
      .execute((trx) => recordRefund(trx, ref, { ...refund, outcome: 'pending' }, SYSTEM, new Date()));
    // The premium is returned at once (billed drops), the money is with us until the refund is done.
    expect(await ledgerOf(db(), ref, today)).toEqual({
      billedCents: paid - 500,
      collectedCents: paid,
      refundedCents: 0,
      owedCents: 0,
      creditCents: 500,
    });
    for (const outcome of ['failed', 'done', 'done'] as const) {
      await db()
        .transaction()
        .execute((trx) =>
          recordRefund(trx, ref, { ...refund, outcome, refundId: 're_1', reason: 'x' }, SYSTEM, new Date()),
        );
    }
    expect(await ledgerOf(db(), ref, today)).toEqual({
      billedCents: paid - 500,
      collectedCents: paid,
      refundedCents: 500,
      owedCents: 0,
      creditCents: 0,
    });
    expect(await ledgerOf(db(), { line: 'renters', policyNumber: 'RNT-XX-00000000' }, today)).toBeNull();
  });
});
