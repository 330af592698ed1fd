import { describe, expect, it } from 'vitest';
import { applyFactors, shareOf, shareOfDown } from '../../src/server/domain/rating/money';
import { monthlySchedule } from '../../src/server/domain/rating/paymentSchedule';

describe('rating money', () => {
  it('multiplies by several factors exactly and rounds once, half up', () => {
    expect(applyFactors(54_600, [9_500, 10_500])).toBe(54_464); // 54463.5
    expect(applyFactors(10_000, [])).toBe(10_000);
    expect(applyFactors(1, [5_000])).toBe(1); // 0.5 rounds up
    expect(applyFactors(1, [4_999])).toBe(0);
    // Seven factors of ×3 on a large premium overflow doubles; BigInt keeps it exact.
    expect(applyFactors(9_999_999, Array(7).fill(30_000))).toBe(9_999_999 * 3 ** 7);
  });

  it('takes taxes half up and discounts down', () => {
    expect(shareOf(54_464, 160)).toBe(871); // 871.42
    expect(shareOf(50, 100)).toBe(1); // 0.5
    expect(shareOfDown(122_951, 2_000)).toBe(24_590); // 24590.2
    expect(shareOfDown(9, 1_000)).toBe(0);
  });
});

describe('monthly schedule', () => {
  it('gives eleven equal payments and a down payment with the remainder', () => {
    expect(monthlySchedule(54_464)).toEqual({ monthly: 4_538, downpayment: 4_546 });
    expect(monthlySchedule(1_200)).toEqual({ monthly: 100, downpayment: 100 });
    expect(monthlySchedule(11)).toEqual({ monthly: 0, downpayment: 11 });
    expect(monthlySchedule(0)).toEqual({ monthly: 0, downpayment: 0 });
  });

  it('reconciles every amount and keeps the down payment within 11 cents of the installment', () => {
    for (let annual = 0; annual < 5_000; annual++) {
      const { monthly, downpayment } = monthlySchedule(annual);
      expect(monthly * 11 + downpayment).toBe(annual);
      expect(downpayment - monthly).toBeGreaterThanOrEqual(0);
      expect(downpayment - monthly).toBeLessThanOrEqual(11);
    }
  });
});
