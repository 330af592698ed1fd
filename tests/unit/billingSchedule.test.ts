import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenPayments, termSchedule } from '../../src/server/domain/billing/billingSchedule';
import { dueUntriedCents, ledgerFrom, ledgerOfAccount } from '../../src/server/domain/billing/ledger';

// The schedule of a term and the ledger's figures (docs/billing.md "The schedule", "The ledger").
describe('a term’s schedule', () => {
  it('bills a term paid in full once, on its effective date', () => {
    expect(
      termSchedule({ plan: 'annual', effectiveDate: '2026-03-15', firstCents: 54_464, monthlyCents: 4_538 }),
    ).toEqual([
      {
        seq: 1,
        kind: 'instalment',
        dueDate: '2026-03-15',
        amountCents: 54_464,
        description: 'Annual premium',
      },
    ]);
  });

  it('bills a monthly term as a down payment and eleven instalments, each counted from the effective date', () => {
    const rows = termSchedule({
      plan: 'monthly',
      effectiveDate: '2027-01-31',
      firstCents: 4_725,
      monthlyCents: 4_710,
      firstSeq: 13,
    });
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({
      seq: 13,
      kind: 'instalment',
      dueDate: '2027-01-31',
      amountCents: 4_725,
      description: 'Down payment',
    });
    // A short month takes its last day and never shifts the months after it.
    expect(rows.slice(1, 4).map((r) => r.dueDate)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    expect(rows[11]).toEqual({
      seq: 24,
      kind: 'instalment',
      dueDate: '2027-12-31',
      amountCents: 4_710,
      description: 'Instalment 12 of 12',
    });
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => 13 + i));
    expect(rows.slice(1).every((r) => r.amountCents === 4_710 && r.kind === 'instalment')).toBe(true);
    expect(rows.slice(1).map((r) => r.description)).toEqual(
      Array.from({ length: 11 }, (_, i) => `Instalment ${i + 2} of 12`),
    );
  });

  it('starts numbering at 1 when no earlier term was scheduled', () => {
    const rows = termSchedule({
      plan: 'monthly',
      effectiveDate: '2026-06-01',
      firstCents: 100,
      monthlyCents: 90,
    });
    expect(rows[0]!.seq).toBe(1);
    expect(rows[1]!.dueDate).toBe('2026-07-01');
  });
});

describe('the ledger', () => {
  it('owes what was billed beyond the money kept, and holds as credit what was kept beyond it', () => {
    expect(ledgerFrom({ billed: 10_000, collected: 7_000, refunded: 0 })).toEqual({
      billedCents: 10_000,
      collectedCents: 7_000,
      refundedCents: 0,
      owedCents: 3_000,
      creditCents: 0,
    });
    expect(ledgerFrom({ billed: 4_000, collected: 7_000, refunded: 1_000 })).toEqual({
      billedCents: 4_000,
      collectedCents: 7_000,
      refundedCents: 1_000,
      owedCents: 0,
      creditCents: 2_000,
    });
    expect(ledgerFrom({ billed: 6_000, collected: 7_000, refunded: 1_000 })).toMatchObject({
      owedCents: 0,
      creditCents: 0,
    });
  });

  it('always balances: collected − refunded = billed − owed + credit, with owed and credit never both', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(cents, cents, cents, (billed, collected, refunded) => {
        const l = ledgerFrom({ billed, collected, refunded });
        expect(l.collectedCents - l.refundedCents).toBe(l.billedCents - l.owedCents + l.creditCents);
        expect(l.owedCents).toBeGreaterThanOrEqual(0);
        expect(l.creditCents).toBeGreaterThanOrEqual(0);
        expect(l.owedCents === 0 || l.creditCents === 0).toBe(true);
      }),
    );
  });
});

describe('what the ledger owes on a day', () => {
  const bill = (status: string, billed: boolean, due_date: string, amount_cents: number) => ({
    status,
    billed,
    due_date,
    amount_cents,
  });
  const schedule = [
    bill('paid', true, '2026-03-15', 4_725),
    bill('declined', true, '2026-04-15', 4_710),
    bill('scheduled', false, '2026-05-15', 4_710),
    bill('scheduled', false, '2026-06-15', 4_710),
    bill('void', false, '2026-05-20', 1_000),
  ];

  it('adds the bills due by the day that no run has tried, and no other', () => {
    expect(dueUntriedCents(schedule, '2026-05-14')).toBe(0);
    // Due that day, before the run: owed.
    expect(dueUntriedCents(schedule, '2026-05-15')).toBe(4_710);
    // A void bill is owed by nobody; one tried is in the counters already.
    expect(dueUntriedCents(schedule, '2026-06-15')).toBe(9_420);
  });

  it('reads the counters and the schedule together', () => {
    const account = { billed_cents: 9_435, collected_cents: 4_725, refunded_cents: 0 };
    expect(ledgerOfAccount(account, schedule, '2026-05-15')).toEqual({
      billedCents: 14_145,
      collectedCents: 4_725,
      refundedCents: 0,
      owedCents: 9_420,
      creditCents: 0,
    });
    expect(ledgerOfAccount(account, schedule, '2026-05-14').owedCents).toBe(4_710);
  });
});

describe('a total paid evenly', () => {
  it('takes the odd cents on the down payment and bills eleven equal instalments, adding up to the total', () => {
    expect(evenPayments(106_806)).toEqual({
      monthly: { downpayment: 8_906, installment: 8_900 },
      annual: { total: 106_806 },
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (total) => {
        const { monthly } = evenPayments(total);
        expect(monthly.downpayment + 11 * monthly.installment).toBe(total);
        expect(monthly.downpayment - monthly.installment).toBeLessThan(12);
      }),
    );
  });
});
