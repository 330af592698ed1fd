import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FREE_LOOK_DAYS,
  freeLookDays,
  paidBefore,
} from '../../src/server/domain/moneyRules/cancellationFigures';

// Pet cancellation rules the worked examples leave implicit (docs/cancellation.md).
describe('pet cancellation rules', () => {
  it('every state we write gives a thirty-day free look', () => {
    expect(DEFAULT_FREE_LOOK_DAYS).toBe(30);
    for (const state of ['TX', 'CA', 'NY', 'ZZ']) expect(freeLookDays(state)).toBe(30);
  });

  it('a monthly policy never counts more than twelve instalments as paid, however late the date asked', () => {
    const paid = paidBefore({
      effectiveDate: '2026-01-15',
      expirationDate: '2027-01-15',
      cancelDate: '2027-03-01',
      annualPremiumCents: 120_005,
      paymentPeriod: 'MONTHLY',
    });
    expect(paid).toBe(120_005);
  });

  it("an instalment due on the cancel date is not counted as paid: cover ends at that day's start", () => {
    const base = {
      effectiveDate: '2026-01-15',
      expirationDate: '2027-01-15',
      annualPremiumCents: 120_000,
      paymentPeriod: 'MONTHLY' as const,
    };
    expect(paidBefore({ ...base, cancelDate: '2026-03-15' })).toBe(20_000);
    expect(paidBefore({ ...base, cancelDate: '2026-03-16' })).toBe(30_000);
  });
});
