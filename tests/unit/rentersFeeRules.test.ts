import { describe, expect, it } from 'vitest';
import { feeCount, paymentSchedule } from '../../src/server/domain/rentersRating/rentersSchedule';
import type { RentersFee } from '../../src/server/domain/rentersRating/rentersTypes';

// Which payments of a renters term carry which fees (docs/rating.md "Renters payments"): TERM fees ride on the
// first payment whatever the interval, MONTHLY fees on every monthly payment, ANNUAL fees on a term paid in full.
describe('how often a renters fee is charged in a term', () => {
  it('charges a TERM fee once, whatever the interval', () => {
    expect(feeCount('TERM', 'annual')).toBe(1);
    expect(feeCount('TERM', 'monthly')).toBe(1);
  });

  it('charges a MONTHLY fee on each of twelve monthly payments, and never on a term paid in full', () => {
    expect(feeCount('MONTHLY', 'monthly')).toBe(12);
    expect(feeCount('MONTHLY', 'annual')).toBe(0);
  });

  it('charges an ANNUAL fee once on a term paid in full, and never on a monthly term', () => {
    expect(feeCount('ANNUAL', 'annual')).toBe(1);
    expect(feeCount('ANNUAL', 'monthly')).toBe(0);
  });
});

const fee = (paymentPeriod: RentersFee['paymentPeriod'], amountCents: number): RentersFee => ({
  feeCode: `${paymentPeriod}_FEE`,
  description: `${paymentPeriod} fee`,
  paymentPeriod,
  amountCents,
});
const fees = [fee('TERM', 2_500), fee('MONTHLY', 100), fee('ANNUAL', 700)];
const lines = { premium: 12_000, stateTax: 600, municipalTax: 120 };

describe('the fees on a renters term’s payments', () => {
  it('puts the TERM and ANNUAL fees, and no MONTHLY fee, on a term paid in full', () => {
    expect(paymentSchedule(lines, fees, 'annual', '2026-04-01')).toEqual([
      {
        number: 1,
        due_date: '2026-04-01',
        premium: 12_000,
        state_tax: 600,
        municipal_tax: 120,
        fees: 3_200,
        total: 15_920,
      },
    ]);
  });

  it('puts the TERM fee on the down payment and the MONTHLY fee on every payment of a monthly term', () => {
    const payments = paymentSchedule(lines, fees, 'monthly', '2026-04-01');
    expect(payments.map((p) => p.fees)).toEqual([2_600, ...Array<number>(11).fill(100)]);
  });
});
