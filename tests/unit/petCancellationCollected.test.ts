import { describe, expect, it } from 'vitest';
import { cancellationFigures, type CancellationInput } from '../../src/server/domain/moneyRules/cancellationFigures';

// A pet cancellation's free look and what it counts as paid when billing's ledger says what was collected
// (docs/cancellation.md, docs/billing.md "Cancellation").
const monthly: Omit<CancellationInput, 'cancelDate'> = {
  effectiveDate: '2026-01-15',
  expirationDate: '2027-01-15',
  annualPremiumCents: 120_000,
  paymentPeriod: 'MONTHLY',
  freeLookDays: 30,
};

describe('the free look of a pet policy', () => {
  it('makes a cancellation on its last day flat, and one on the day after it pro rata', () => {
    // 29 days after the effective date is the thirtieth day of cover.
    const lastDay = cancellationFigures({ ...monthly, cancelDate: '2026-02-13' });
    expect(lastDay).toMatchObject({ flatCancel: true, cancelEffectiveDate: '2026-01-15', daysInForce: 0 });
    const after = cancellationFigures({ ...monthly, cancelDate: '2026-02-14' });
    expect(after).toMatchObject({ flatCancel: false, cancelEffectiveDate: '2026-02-14', daysInForce: 30 });
  });
});

describe('a pet cancellation weighed against the ledger', () => {
  // Cancelled on March 16: the January, February and March instalments ($100 each) fell due before it; 60 days
  // of 365 earn $197.26.
  const onMarch16 = { ...monthly, cancelDate: '2026-03-16' };
  const earned = 19_726;

  it('takes every instalment that fell due as paid when billing does not know the term', () => {
    for (const collectedCents of [undefined, null]) {
      const f = cancellationFigures({ ...onMarch16, collectedCents });
      expect(f).toMatchObject({
        paidCents: 30_000,
        earnedPremiumCents: earned,
        refundCents: 30_000 - earned,
      });
    }
  });

  it('counts as paid only what was collected, so a missed instalment is owed, not refunded', () => {
    const f = cancellationFigures({ ...onMarch16, collectedCents: 20_000 });
    expect(f).toMatchObject({ paidCents: 20_000, refundCents: 20_000 - earned, balanceDueCents: 0 });
    const short = cancellationFigures({ ...onMarch16, collectedCents: 10_000 });
    expect(short).toMatchObject({ paidCents: 10_000, refundCents: 0, balanceDueCents: earned - 10_000 });
  });

  it('counts every premium collected for the term, months after the cancel date included', () => {
    // April's instalment was collected before the cancellation was asked, backdated to March 16: it comes back.
    const f = cancellationFigures({ ...onMarch16, collectedCents: 40_000 });
    expect(f).toMatchObject({ paidCents: 40_000, refundCents: 40_000 - earned, balanceDueCents: 0 });
    // A flat cancel returns both instalments collected, not only the first.
    const flat = cancellationFigures({ ...monthly, cancelDate: '2026-01-20', collectedCents: 20_000 });
    expect(flat).toMatchObject({ flatCancel: true, paidCents: 20_000, refundCents: 20_000 });
  });

  it('counts nothing as paid when refunds took back all that was collected and more', () => {
    const f = cancellationFigures({ ...onMarch16, collectedCents: -2_000 });
    expect(f).toMatchObject({ paidCents: 0, refundCents: 0, balanceDueCents: earned });
  });
});
