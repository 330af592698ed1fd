import { describe, expect, it } from 'vitest';
import { purchasePolicies } from '../support/policyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A monthly purchase of several pets bills each policy its own share of what checkout showed
// (docs/billing.md): every month the pets' instalments add up to the quote's monthly payment, whichever pet
// comes second. The second pet was once billed the first pet's instalment, because its place on the quote was
// looked up before the purchase had written the policies' numbers there.
describe.each(testDatabases())('each pet’s share of a monthly purchase on %s', (database) => {
  const s = useTestServer(database);
  const db = () => s.t.server.database.db;

  it('bills two, then three pets their own instalments, adding up each month to what checkout showed', async () => {
    for (const petNames of [
      ['Rex', 'Tom'],
      ['Ace', 'Bea', 'Cy'],
    ]) {
      const { quote, policies } = await purchasePolicies(s.t, { petNames });
      const checkout = await db()
        .selectFrom('quotes')
        .select('monthly_installment_cents')
        .where('uuid', '=', quote.uuid)
        .executeTakeFirstOrThrow();
      const rows = await db()
        .selectFrom('billing_instalments')
        .select(['policy_number', 'seq', 'amount_cents'])
        .where('line', '=', 'pet')
        .where(
          'policy_number',
          'in',
          policies.map((p) => p.policyNumber),
        )
        .where('kind', '=', 'instalment')
        .execute();
      const bySeq = new Map<number, number[]>();
      for (const row of rows) bySeq.set(row.seq, [...(bySeq.get(row.seq) ?? []), row.amount_cents]);
      // Twelve instalments each; from the second on, the pets' instalments of a month add up to checkout's.
      expect([...bySeq.keys()].sort((a, b) => a - b)).toHaveLength(12);
      for (const [seq, amounts] of bySeq) {
        expect(amounts).toHaveLength(petNames.length);
        if (seq > 1) expect(amounts.reduce((sum, a) => sum + a, 0)).toBe(checkout.monthly_installment_cents);
      }
      // A dog and a cat are priced apart, so their shares differ: none is a copy of the first pet's.
      const month2 = policies.map(
        (p) => rows.find((r) => r.policy_number === p.policyNumber && r.seq === 2)!.amount_cents,
      );
      expect(month2[1]).not.toBe(month2[0]);
    }
  });
});
