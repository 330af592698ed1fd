import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMonths, fixedClock, startOfBusinessDay } from '../../src/calendar';
import { ledgerOf } from '../../src/server/domain/billing/ledger';
import { runBillingDay } from '../../src/server/domain/policyMoney/runBillingDay';
import { createSandboxPaymentAdapter } from '../../src/server/domain/payments/sandboxPaymentAdapter';
import type { TestServer } from '../support/testServer';
import { centralToday, issuePolicies } from '../support/policyFixtures';
import { useServerPair } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Two server processes of one deployment on one PostgreSQL (DESIGN.md "Scale") run the same business day's
// billing at the same moment, as a scheduler slip or an operator's retry could make them: every instalment is
// charged once at the payment service and recorded once in its stream, and the ledgers agree with what was taken.
describe.skipIf(!testDatabases().includes('postgres'))('the billing run of two processes at once', () => {
  const pair = useServerPair();
  const runOn = (server: TestServer, day: string) => {
    const db = server.server.database.db;
    return runBillingDay({
      db,
      payments: createSandboxPaymentAdapter({ db }),
      clock: fixedClock(startOfBusinessDay(day)),
      businessDate: day,
    });
  };

  it('charges each due instalment once however the two runs interleave', async () => {
    const db = pair.a.server.database.db;
    const numbers = (await issuePolicies(pair.a, 12, { prefix: 'Twin' })).map((p) => p.policyNumber);
    const due = addMonths(centralToday(), 1);
    const [a, b] = await Promise.all([runOn(pair.a, due), runOn(pair.b, due)]);
    // Between them the runs charged every policy's second instalment, and each charge went to one run.
    expect(a.charged + b.charged).toBe(numbers.length);

    const charges = await db
      .selectFrom('payment_charges')
      .select(['idempotency_key', 'outcome'])
      .where('idempotency_key', 'like', 'billing:pet:%')
      .execute();
    const keys = charges.map((c) => c.idempotency_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(numbers.map((n) => `billing:pet:${n}:2:1`).sort());
    expect(charges.every((c) => c.outcome === 'ok')).toBe(true);

    const collected = await db
      .selectFrom('events')
      .select(['stream_id', sql<number>`count(*)`.as('n')])
      .where('stream_type', '=', 'billing')
      .where('type', '=', 'billing.instalmentCollected')
      .groupBy('stream_id')
      .execute();
    expect(collected).toHaveLength(numbers.length);
    expect(collected.every((row) => Number(row.n) === 1)).toBe(true);

    for (const policyNumber of numbers) {
      const ledger = await ledgerOf(db, { line: 'pet', policyNumber }, due);
      const rows = await db
        .selectFrom('billing_instalments')
        .select(['amount_cents'])
        .where('line', '=', 'pet')
        .where('policy_number', '=', policyNumber)
        .where('status', '=', 'paid')
        .execute();
      expect(rows).toHaveLength(2);
      expect(ledger!.collectedCents).toBe(rows.reduce((sum, r) => sum + r.amount_cents, 0));
      expect(ledger!.owedCents).toBe(0);
    }

    // The day run again by both changes nothing.
    const again = await Promise.all([runOn(pair.a, due), runOn(pair.b, due)]);
    expect(again.map((s) => s.charged)).toEqual([0, 0]);
  });
});
