import { describe, expect, it } from 'vitest';
import {
  cancelFigures,
  isCancelRefusal,
  paidBefore,
  reinstateFigures,
  type CancelAsk,
  type CancelFigures,
  type RentersTermMoney,
} from '../../src/server/domain/rentersPolicies/changes/rentersChangeFigures';

// The rules of a renters cancel and reinstate (docs/renters-cancellation.md) one at a time, each on the
// smallest term that shows it.

// An annual term paid in full at issue: $1,200 premium, $60 taxes, a $25 fee.
const annual: RentersTermMoney = {
  effectiveDate: '2026-03-05',
  expirationDate: '2027-03-05',
  termInterval: 'annual',
  termPremiumCents: 120_000,
  taxesCents: 6_000,
  firstPaymentCents: 128_500,
  laterPaymentCents: null,
};

// A monthly term over a leap day (366 days): $120 premium and $12 taxes in twelve $10 + $1 instalments, each
// with a $10 fee.
const monthly: RentersTermMoney = {
  effectiveDate: '2027-03-01',
  expirationDate: '2028-03-01',
  termInterval: 'monthly',
  termPremiumCents: 12_000,
  taxesCents: 1_200,
  firstPaymentCents: 2_100,
  laterPaymentCents: 2_100,
};

// The commission taken back is a tenth of the premium returned, and says which method asked.
const asked: { method: string; premiumCents: number }[] = [];
const ask = (over: Partial<CancelAsk>): CancelAsk => ({
  method: 'PRO_RATA',
  cancelDate: null,
  canBeFlatCancelled: false,
  today: '2026-06-01',
  clawback: (method, premiumCents) => {
    asked.push({ method, premiumCents });
    return Math.round(premiumCents / 10);
  },
  ...over,
});

function figures(money: RentersTermMoney, over: Partial<CancelAsk>): CancelFigures {
  const f = cancelFigures(money, ask(over));
  if (isCancelRefusal(f)) throw new Error(f.message);
  return f;
}

describe('a flat cancel', () => {
  it('takes effect at once, from the first day of the term, whatever today is', () => {
    const f = figures(annual, { method: 'FLAT', canBeFlatCancelled: true, today: '2026-03-20' });
    expect(f).toMatchObject({
      method: 'FLAT',
      effectiveDate: '2026-03-05',
      immediate: true,
      newState: 'cancelled',
      daysInForce: 0,
      termDays: 365,
    });
  });

  it('returns all premium and taxes paid and keeps the fees', () => {
    const f = figures(annual, { method: 'FLAT', canBeFlatCancelled: true });
    expect(f.earnedPremiumCents).toBe(0);
    expect(f.earnedTaxesCents).toBe(0);
    expect(f.settlement).toEqual({ kind: 'refund', amountCents: 126_000 });
    expect(f.feesCents).toBe(2_500);
    expect(f.premiumReturnedCents).toBe(120_000);
  });

  it('of a monthly term returns only the first instalment, paid at issue', () => {
    const f = figures(monthly, { method: 'FLAT', canBeFlatCancelled: true, today: '2027-03-20' });
    expect(f.paid.instalments).toBe(1);
    expect(f.settlement).toEqual({ kind: 'refund', amountCents: 1_100 });
    expect(f.feesCents).toBe(1_000);
  });

  it('takes back the commission of a flat cancellation on the whole premium paid', () => {
    asked.length = 0;
    const f = figures(annual, { method: 'FLAT', canBeFlatCancelled: true });
    expect(asked).toEqual([{ method: 'FLAT', premiumCents: 120_000 }]);
    expect(f.commissionClawbackCents).toBe(12_000);
  });

  it('is refused outside the free look, on the method', () => {
    const f = cancelFigures(annual, ask({ method: 'FLAT', canBeFlatCancelled: false }));
    expect(f).toEqual({
      field: 'cancellationMethod',
      message: 'A flat cancellation is only possible within the free look of the term; cancel pro rata.',
    });
  });
});

describe('a pro rata cancel date', () => {
  const refusal = {
    field: 'cancelDate',
    message: 'The cancel date must lie in the term, from 2026-03-05 to before 2027-03-05.',
  };

  it('may be the first day of the term, but not the day before', () => {
    expect(isCancelRefusal(cancelFigures(annual, ask({ cancelDate: '2026-03-05' })))).toBe(false);
    expect(cancelFigures(annual, ask({ cancelDate: '2026-03-04' }))).toEqual(refusal);
  });

  it('may be the last day of the term, but not its expiration date', () => {
    expect(isCancelRefusal(cancelFigures(annual, ask({ cancelDate: '2027-03-04' })))).toBe(false);
    expect(cancelFigures(annual, ask({ cancelDate: '2027-03-05' }))).toEqual(refusal);
  });

  it('is required', () => {
    expect(cancelFigures(annual, ask({ cancelDate: null }))).toEqual(refusal);
  });

  it('makes a pro rata cancellation whose cover ends on that date', () => {
    expect(figures(annual, { cancelDate: '2026-09-10', today: '2026-06-01' })).toMatchObject({
      method: 'PRO_RATA',
      effectiveDate: '2026-09-10',
    });
  });

  it('of today or earlier takes effect at once; a later one leaves the policy pending cancellation', () => {
    const today = '2026-06-01';
    expect(figures(annual, { cancelDate: '2026-05-31', today })).toMatchObject({
      immediate: true,
      newState: 'cancelled',
    });
    expect(figures(annual, { cancelDate: today, today })).toMatchObject({
      immediate: true,
      newState: 'cancelled',
    });
    expect(figures(annual, { cancelDate: '2026-06-02', today })).toMatchObject({
      effectiveDate: '2026-06-02',
      immediate: false,
      newState: 'pendingCancellation',
    });
  });
});

describe('a pro rata settlement', () => {
  it('earns premium and taxes by day in force and refunds the rest of what was paid', () => {
    // 2026-03-05 to 2026-06-05: 92 of 365 days.
    const f = figures(annual, { cancelDate: '2026-06-05', today: '2026-06-05' });
    expect(f.daysInForce).toBe(92);
    expect(f.earnedPremiumCents).toBe(30_247); // 120,000 × 92 / 365 = 30,246.6
    expect(f.earnedTaxesCents).toBe(1_512); // 6,000 × 92 / 365 = 1,512.3
    expect(f.settlement).toEqual({ kind: 'refund', amountCents: 126_000 - 30_247 - 1_512 });
    expect(f.premiumReturnedCents).toBe(120_000 - 30_247);
    expect(f.commissionClawbackCents).toBe(8_975);
    expect(f.feesCents).toBe(2_500);
  });

  // The written premium a cancellation takes back is what the cover did not earn, whatever was paid
  // (docs/billing.md "What a cancellation counts, keeps and returns"), so its commission goes back even when no
  // money does.
  it('that nets to zero moves no money, and takes back the unearned written premium and its commission', () => {
    // Two instalments paid ($20 + $2) and 61 of 366 days earned (a sixth: $20 + $2).
    const f = figures(monthly, { cancelDate: '2027-05-01', today: '2027-05-01' });
    expect(f.paid).toMatchObject({ instalments: 2, premiumCents: 2_000, taxesCents: 200 });
    expect(f.earnedPremiumCents + f.earnedTaxesCents).toBe(2_200);
    expect(f.settlement).toEqual({ kind: 'none', amountCents: 0 });
    expect(f.premiumReturnedCents).toBe(12_000 - 2_000);
    expect(f.commissionClawbackCents).toBe(1_000);
  });

  it('charges what was earned beyond what was paid, and takes back the unearned written premium', () => {
    // One instalment ($10 + $1) paid for 31 of 366 days (about $10.16 + $1.02).
    const f = figures(monthly, { cancelDate: '2027-04-01', today: '2027-04-01' });
    expect(f.paid.instalments).toBe(1);
    expect(f.settlement).toEqual({ kind: 'charge', amountCents: 1_016 + 102 - 1_100 });
    expect(f.premiumReturnedCents).toBe(12_000 - 1_016);
    expect(f.commissionClawbackCents).toBe(Math.round((12_000 - 1_016) / 10));
  });

  it('asks for the pro rata commission on the premium returned', () => {
    asked.length = 0;
    figures(annual, { cancelDate: '2026-06-05', today: '2026-06-05' });
    expect(asked).toEqual([{ method: 'PRO_RATA', premiumCents: 120_000 - 30_247 }]);
  });
});

describe('what a monthly term has paid', () => {
  it('counts an instalment only once a day after its due date has begun', () => {
    expect(paidBefore(monthly, '2027-04-01').instalments).toBe(1);
    expect(paidBefore(monthly, '2027-04-02').instalments).toBe(2);
  });

  it('counts the first instalment on the first day, paid at issue', () => {
    expect(paidBefore(monthly, '2027-03-01')).toEqual({
      instalments: 1,
      moneyCents: 2_100,
      premiumCents: 1_000,
      taxesCents: 100,
      feesCents: 1_000,
    });
  });

  it('never counts more than twelve instalments', () => {
    expect(paidBefore(monthly, '2028-06-01')).toMatchObject({
      instalments: 12,
      moneyCents: 12 * 2_100,
      premiumCents: 12_000,
      taxesCents: 1_200,
      feesCents: 12 * 1_000,
    });
  });

  it('puts the odd cents of the premium and taxes on the first instalment', () => {
    const odd = { ...monthly, termPremiumCents: 12_011, taxesCents: 1_205 };
    expect(paidBefore(odd, '2027-03-01')).toMatchObject({ premiumCents: 1_011, taxesCents: 105 });
    expect(paidBefore(odd, '2027-04-02')).toMatchObject({ premiumCents: 2_011, taxesCents: 205 });
  });

  it('finds no fees kept when the instalments held none', () => {
    const feeless = { ...monthly, firstPaymentCents: 1_100, laterPaymentCents: 1_100 };
    expect(paidBefore(feeless, '2027-04-02').feesCents).toBe(0);
  });
});

describe('what an annual term has paid', () => {
  it('is the issue charge whatever the day, of which the fees are what premium and taxes leave', () => {
    expect(paidBefore(annual, '2026-12-01')).toEqual({
      instalments: 1,
      moneyCents: 128_500,
      premiumCents: 120_000,
      taxesCents: 6_000,
      feesCents: 2_500,
    });
  });
});

describe('a reinstatement', () => {
  it('of a cancellation that took effect today resumes cover today', () => {
    const undone = { effectiveDate: '2026-05-01', settlement: { kind: 'refund' as const, amountCents: 5 } };
    expect(reinstateFigures(undone, '2026-05-01')).toEqual({
      effectiveDate: '2026-05-01',
      settlement: { kind: 'charge', amountCents: 5 },
      feesCents: 0,
      newState: 'active',
      commissionClawbackCents: 0,
    });
  });

  it('of a cancellation that moved no money charges nothing', () => {
    const undone = { effectiveDate: '2026-04-01', settlement: { kind: 'none' as const, amountCents: 0 } };
    expect(reinstateFigures(undone, '2026-05-01')).toMatchObject({
      effectiveDate: '2026-04-01',
      settlement: { kind: 'none', amountCents: 0 },
      feesCents: 0,
    });
  });
});
