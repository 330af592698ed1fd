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
// (docs/renters-cancellation.md, docs/billing.md "What a cancellation counts, keeps and returns"): everything
// collected for the term, bills due after the cancel date included, as far as the money collected reaches, each
// bill's money going to its premium first, then its taxes, then its fees.

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
    expect(collectedOf(monthly, 3_381)).toEqual(dueByMay15);
  });

  it('leaves out an instalment that fell due but was never collected', () => {
    expect(collectedOf(monthly, 1_161 + 1_110)).toEqual({
      instalments: 2,
      moneyCents: 2_271,
      premiumCents: 2_005,
      taxesCents: 206,
      feesCents: 60,
    });
  });

  it('counts money collected for bills due later in the term: it paid for cover too', () => {
    expect(collectedOf(monthly, 3_381 + 1_110)).toEqual({
      instalments: 4,
      moneyCents: 4_491,
      premiumCents: 4_005,
      taxesCents: 406,
      feesCents: 80,
    });
  });

  it('is nothing when nothing was collected, or refunds sent took back all of it and more', () => {
    expect(collectedOf(monthly, 0)).toEqual(nothing);
    expect(collectedOf(monthly, -500)).toEqual(nothing);
  });

  it('puts a bill’s money first to its premium, then its taxes, then its fees', () => {
    // Of the second instalment, $5 is collected: all premium.
    expect(collectedOf(monthly, 1_161 + 500)).toEqual({
      instalments: 1,
      moneyCents: 1_661,
      premiumCents: 1_505,
      taxesCents: 106,
      feesCents: 50,
    });
    // $10.50: its premium and half its taxes.
    expect(collectedOf(monthly, 1_161 + 1_050)).toEqual({
      instalments: 1,
      moneyCents: 2_211,
      premiumCents: 2_005,
      taxesCents: 156,
      feesCents: 50,
    });
    // $11.05: premium, taxes and half its fee; still not a whole instalment.
    expect(collectedOf(monthly, 1_161 + 1_105)).toEqual({
      instalments: 1,
      moneyCents: 2_266,
      premiumCents: 2_005,
      taxesCents: 206,
      feesCents: 55,
    });
  });

  it('splits the first instalment by its own shares, odd cents and all', () => {
    expect(collectedOf(monthly, 1_100)).toEqual({
      instalments: 0,
      moneyCents: 1_100,
      premiumCents: 1_005,
      taxesCents: 95,
      feesCents: 0,
    });
  });

  it('splits an annual term’s issue charge by the whole term’s premium and taxes', () => {
    expect(collectedOf(annual, 128_500)).toEqual({
      instalments: 1,
      moneyCents: 128_500,
      premiumCents: 120_000,
      taxesCents: 6_000,
      feesCents: 2_500,
    });
    expect(collectedOf(annual, 123_000)).toEqual({
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
  });

  it('refunds an instalment collected for a month after a backdated cancel date', () => {
    // Cancelled back to March 31 once April's and May's instalments were collected: 30 days earn $9.84 premium
    // and $0.99 taxes of the three instalments' $30.05 and $3.06.
    const f = figures(monthly, { cancelDate: '2027-03-31', collectedCents: 3_381 });
    expect(f.paid).toEqual(dueByMay15);
    expect(f.settlement).toEqual({ kind: 'refund', amountCents: 3_005 + 306 - 984 - 99 });
  });

  it('takes back the written premium the cover did not earn, whatever was collected', () => {
    // Cancelled after 30 days with the first instalment's premium ($10.05) but none of its taxes collected: a
    // charge of $0.78, and still $120.05 − $9.84 of written premium goes back, and its commission with it.
    const f = figures(monthly, { cancelDate: '2027-03-31', collectedCents: 1_005 });
    expect(f.earnedPremiumCents + f.earnedTaxesCents).toBe(984 + 99);
    expect(f.settlement).toEqual({ kind: 'charge', amountCents: 984 + 99 - 1_005 });
    expect(f.premiumReturnedCents).toBe(12_005 - 984);
    expect(f.commissionClawbackCents).toBe(Math.round((12_005 - 984) / 10));
  });

  it('of a flat cancel returns the premium and taxes collected, and takes back the whole written premium', () => {
    const f = figures(monthly, { method: 'FLAT', canBeFlatCancelled: true, collectedCents: 1_100 });
    expect(f.settlement).toEqual({ kind: 'refund', amountCents: 1_100 });
    expect(f.premiumReturnedCents).toBe(12_005);
    expect(f.feesCents).toBe(0);
    expect(
      figures(monthly, { method: 'FLAT', canBeFlatCancelled: true, collectedCents: 0 }).settlement,
    ).toEqual({
      kind: 'none',
      amountCents: 0,
    });
    // Two instalments collected before a flat cancel both come back, fees apart.
    const two = figures(monthly, { method: 'FLAT', canBeFlatCancelled: true, collectedCents: 2_271 });
    expect(two.settlement).toEqual({ kind: 'refund', amountCents: 2_005 + 206 });
    expect(two.feesCents).toBe(60);
  });
});
