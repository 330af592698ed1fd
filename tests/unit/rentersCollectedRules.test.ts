import { describe, expect, it } from 'vitest';
import {
  cancelFigures,
  collectedOf,
  isCancelRefusal,
  paidBefore,
  type CancelAsk,
  type CancelFigures,
  type RentersTermMoney,
} from '../../src/server/domain/rentersPolicies/changes/rentersChangeFigures';

// What a renters cancellation counts as paid when billing's ledger says what was collected
// (docs/renters-cancellation.md, docs/billing.md "Cancellation"): only the bills that fell due before the cancel
// date, only as far as the money collected reaches, each bill's money going to its premium first, then its taxes,
// then its fees.

// A monthly term of $120.05 premium and $12.06 taxes: the first instalment carries the odd cents ($10.05 premium,
// $1.06 taxes) and a $0.50 fee, $11.61 in all; each later one $10 premium, $1 taxes and a $0.10 fee, $11.10.
const monthly: RentersTermMoney = {
  effectiveDate: '2027-03-01',
  expirationDate: '2028-03-01',
  termInterval: 'monthly',
  termPremiumCents: 12_005,
  taxesCents: 1_206,
  firstPaymentCents: 1_161,
  laterPaymentCents: 1_110,
};

// An annual term paid at issue: $1,200 premium, $60 taxes, a $25 fee.
const annual: RentersTermMoney = {
  effectiveDate: '2026-03-05',
  expirationDate: '2027-03-05',
  termInterval: 'annual',
  termPremiumCents: 120_000,
  taxesCents: 6_000,
  firstPaymentCents: 128_500,
  laterPaymentCents: null,
};

// Three instalments fell due before May 15: March 1, April 1 and May 1.
const dueByMay15 = paidBefore(monthly, '2027-05-15');

const nothing = { instalments: 0, moneyCents: 0, premiumCents: 0, taxesCents: 0, feesCents: 0 };

describe('what the ledger says a renters term paid', () => {
  it('is every bill that fell due, when all of them were collected', () => {
    expect(dueByMay15).toEqual({
      instalments: 3,
      moneyCents: 3_381,
      premiumCents: 3_005,
      taxesCents: 306,
      feesCents: 70,
    });
    expect(collectedOf(monthly, dueByMay15, 3_381)).toEqual(dueByMay15);
  });

  it('leaves out an instalment that fell due but was never collected', () => {
    expect(collectedOf(monthly, dueByMay15, 1_161 + 1_110)).toEqual({
      instalments: 2,
      moneyCents: 2_271,
      premiumCents: 2_005,
      taxesCents: 206,
      feesCents: 60,
    });
  });

  it('never counts money collected for bills not yet due', () => {
    expect(collectedOf(monthly, dueByMay15, 3_381 + 1_110)).toEqual(dueByMay15);
  });

  it('is nothing when nothing was collected, or refunds sent took back all of it and more', () => {
    expect(collectedOf(monthly, dueByMay15, 0)).toEqual(nothing);
    expect(collectedOf(monthly, dueByMay15, -500)).toEqual(nothing);
  });

  it('puts a bill’s money first to its premium, then its taxes, then its fees', () => {
    // Of the second instalment, $5 is collected: all premium.
    expect(collectedOf(monthly, dueByMay15, 1_161 + 500)).toEqual({
      instalments: 1,
      moneyCents: 1_661,
      premiumCents: 1_505,
      taxesCents: 106,
      feesCents: 50,
    });
    // $10.50: its premium and half its taxes.
    expect(collectedOf(monthly, dueByMay15, 1_161 + 1_050)).toEqual({
      instalments: 1,
      moneyCents: 2_211,
      premiumCents: 2_005,
      taxesCents: 156,
      feesCents: 50,
    });
    // $11.05: premium, taxes and half its fee; still not a whole instalment.
    expect(collectedOf(monthly, dueByMay15, 1_161 + 1_105)).toEqual({
      instalments: 1,
      moneyCents: 2_266,
      premiumCents: 2_005,
      taxesCents: 206,
      feesCents: 55,
    });
  });

  it('splits the first instalment by its own shares, odd cents and all', () => {
    expect(collectedOf(monthly, dueByMay15, 1_100)).toEqual({
      instalments: 0,
      moneyCents: 1_100,
      premiumCents: 1_005,
      taxesCents: 95,
      feesCents: 0,
    });
  });

  it('splits an annual term’s issue charge by the whole term’s premium and taxes', () => {
    const due = paidBefore(annual, '2026-09-01');
    expect(collectedOf(annual, due, 128_500)).toEqual({
      instalments: 1,
      moneyCents: 128_500,
      premiumCents: 120_000,
      taxesCents: 6_000,
      feesCents: 2_500,
    });
    expect(collectedOf(annual, due, 123_000)).toEqual({
      instalments: 0,
      moneyCents: 123_000,
      premiumCents: 120_000,
      taxesCents: 3_000,
      feesCents: 0,
    });
  });
});

const ask = (over: Partial<CancelAsk>): CancelAsk => ({
  method: 'PRO_RATA',
  cancelDate: null,
  canBeFlatCancelled: false,
  today: '2027-06-01',
  clawback: (_method, premiumCents) => Math.round(premiumCents / 10),
  ...over,
});

function figures(money: RentersTermMoney, over: Partial<CancelAsk>): CancelFigures {
  const f = cancelFigures(money, ask(over));
  if (isCancelRefusal(f)) throw new Error(f.message);
  return f;
}

describe('a renters cancellation weighed against the ledger', () => {
  it('takes every bill that fell due as paid when billing does not know the term', () => {
    for (const collectedCents of [undefined, null]) {
      const f = figures(monthly, { cancelDate: '2027-05-15', collectedCents });
      expect(f.paid).toEqual(dueByMay15);
    }
  });

  it('refunds, pro rata, only what was collected beyond what the cover earned', () => {
    const all = figures(monthly, { cancelDate: '2027-05-15', collectedCents: 3_381 });
    const short = figures(monthly, { cancelDate: '2027-05-15', collectedCents: 2_271 });
    expect(all.settlement).toEqual({
      kind: 'refund',
      amountCents: 3_005 + 306 - all.earnedPremiumCents - all.earnedTaxesCents,
    });
    // 75 days of 366 earn $24.60 premium and $2.47 taxes; two instalments paid $20.05 and $2.06.
    expect(short.earnedPremiumCents + short.earnedTaxesCents).toBe(2_460 + 247);
    expect(short.settlement).toEqual({ kind: 'charge', amountCents: 2_460 + 247 - 2_005 - 206 });
    expect(short.premiumReturnedCents).toBe(0);
    expect(short.commissionClawbackCents).toBe(0);
  });

  it('returns no premium and takes back no commission when it charges, even if the premium alone was overpaid', () => {
    // Cancelled after 30 days, the first instalment's premium ($10.05) but none of its taxes collected: $9.84 premium
    // and $0.99 taxes earned, so $0.21 premium is overpaid and $0.78 is charged in all.
    const f = figures(monthly, { cancelDate: '2027-03-31', collectedCents: 1_005 });
    expect(f.earnedPremiumCents + f.earnedTaxesCents).toBe(984 + 99);
    expect(f.settlement).toEqual({ kind: 'charge', amountCents: 984 + 99 - 1_005 });
    expect(f.premiumReturnedCents).toBe(0);
    expect(f.commissionClawbackCents).toBe(0);
  });

  it('of a flat cancel returns only the premium and taxes collected', () => {
    const f = figures(monthly, { method: 'FLAT', canBeFlatCancelled: true, collectedCents: 1_100 });
    expect(f.settlement).toEqual({ kind: 'refund', amountCents: 1_100 });
    expect(f.premiumReturnedCents).toBe(1_005);
    expect(f.feesCents).toBe(0);
    expect(
      figures(monthly, { method: 'FLAT', canBeFlatCancelled: true, collectedCents: 0 }).settlement,
    ).toEqual({
      kind: 'none',
      amountCents: 0,
    });
  });
});
