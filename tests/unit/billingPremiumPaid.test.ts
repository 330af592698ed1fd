import { describe, expect, it } from 'vitest';
import { petPremiumPaid, type PaidBill, type PetTerm } from '../../src/server/domain/billing/petPremiumPaid';

// What a pet term's paid bills paid of its premium, as a cancellation weighs it (docs/billing.md
// "Cancellation"): an instalment counts its premium share only (its fees and taxes stay paid), a balance due
// counts in full, nothing else counts.
const monthly: PetTerm = {
  effectiveDate: '2027-01-31',
  annualPremiumCents: 12_005,
  paymentPeriod: 'MONTHLY',
};
const annual: PetTerm = { effectiveDate: '2026-03-15', annualPremiumCents: 54_464, paymentPeriod: 'ANNUAL' };

const bill = (kind: string, dueDate: string, cents: number): PaidBill => ({
  kind,
  due_date: dueDate,
  amount_cents: cents,
});

describe('the premium a pet term’s paid bills paid', () => {
  it('is nothing when nothing was paid', () => {
    expect(petPremiumPaid(monthly, [])).toBe(0);
  });

  it('counts a monthly instalment as its month’s share, the down payment carrying the odd cents', () => {
    // 12 005 a year: the down payment is 1 005, each later month 1 000; the 95 cents above it are fees and taxes.
    expect(petPremiumPaid(monthly, [bill('instalment', '2027-01-31', 1_100)])).toBe(1_005);
    expect(petPremiumPaid(monthly, [bill('instalment', '2027-03-31', 1_095)])).toBe(1_000);
  });

  it('finds each month’s due date as the schedule counts it, a short month on its last day', () => {
    expect(petPremiumPaid(monthly, [bill('instalment', '2027-02-28', 1_095)])).toBe(1_000);
    // The twelfth instalment is the term's last; the same day a year on is the next term's down payment.
    expect(petPremiumPaid(monthly, [bill('instalment', '2027-12-31', 1_095)])).toBe(1_000);
    expect(petPremiumPaid(monthly, [bill('instalment', '2028-01-31', 1_100)])).toBe(0);
  });

  it('counts nothing for an instalment due on a day that is not one of the term’s due dates', () => {
    expect(petPremiumPaid(monthly, [bill('instalment', '2027-01-30', 1_100)])).toBe(0);
    expect(petPremiumPaid(monthly, [bill('instalment', '2027-02-27', 1_100)])).toBe(0);
    expect(petPremiumPaid(annual, [bill('instalment', '2027-03-15', 60_000)])).toBe(0);
  });

  it('counts an instalment never for more than it took', () => {
    expect(petPremiumPaid(monthly, [bill('instalment', '2027-03-31', 600)])).toBe(600);
    expect(petPremiumPaid(annual, [bill('instalment', '2026-03-15', 50_000)])).toBe(50_000);
  });

  it('counts an annual term’s one instalment as the whole premium, its fees and taxes left paid', () => {
    expect(petPremiumPaid(annual, [bill('instalment', '2026-03-15', 58_000)])).toBe(54_464);
  });

  it('counts a balance due in full and a reinstatement charge not at all', () => {
    expect(petPremiumPaid(monthly, [bill('balanceDue', '2027-05-10', 2_345)])).toBe(2_345);
    expect(petPremiumPaid(monthly, [bill('reinstatement', '2027-05-10', 2_345)])).toBe(0);
  });

  it('never takes an extra charge due on one of the term’s due dates for that month’s instalment', () => {
    expect(petPremiumPaid(monthly, [bill('balanceDue', '2027-03-31', 2_345)])).toBe(2_345);
    expect(petPremiumPaid(monthly, [bill('reinstatement', '2027-03-31', 2_345)])).toBe(0);
  });

  it('adds up every bill paid', () => {
    expect(
      petPremiumPaid(monthly, [
        bill('instalment', '2027-01-31', 1_100),
        bill('instalment', '2027-02-28', 1_095),
        bill('reinstatement', '2027-04-02', 3_000),
        bill('balanceDue', '2027-04-02', 500),
        bill('instalment', '2027-03-31', 1_095),
      ]),
    ).toBe(1_005 + 1_000 + 500 + 1_000);
  });
});
