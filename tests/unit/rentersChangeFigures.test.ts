import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RateRule } from '../../src/server/domain/moneyRules/commissionRates';
import {
  clawbackUnder,
  commissionClawback,
  type Clawback,
} from '../../src/server/domain/rentersPolicies/changes/rentersCommission';
import {
  cancelFigures,
  discontinueFigures,
  isCancelRefusal,
  paidBefore,
  reinstateFigures,
  type RentersTermMoney,
} from '../../src/server/domain/rentersPolicies/changes/rentersChangeFigures';

// The worked examples of docs/renters-cancellation.md assume the agency's CN and FC rules pay 15 %.
const FIFTEEN_PERCENT = { calculationType: 'PERCENT', payMultiplier: 1_500 } as const;
const clawback: Clawback = (_method, premiumCents) => commissionClawback(FIFTEEN_PERCENT, premiumCents);

const cents = (dollars: string) => Math.round(Number(dollars) * 100);
const money = (c: number) => (c / 100).toFixed(2);

// The worked examples of docs/renters-cancellation.md, so the document cannot drift from the code.
const doc = readFileSync(resolve(import.meta.dirname, '../../docs/renters-cancellation.md'), 'utf8');
const rows = doc
  .split('\n')
  .filter((line) => /^\| (annual|monthly) \|/.test(line))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()),
  );

describe('docs/renters-cancellation.md worked examples', () => {
  it('has the ten examples', () => {
    expect(rows).toHaveLength(10);
  });

  it.each(rows.map((r, i) => [i + 1, r] as const))('example %i', (_n, row) => {
    const [interval, effective, expiration, premium, taxes, first, later, method, cancelDate, today, flatOk] =
      row as [string, string, string, string, string, string, string, string, string, string, string];
    const term: RentersTermMoney = {
      effectiveDate: effective,
      expirationDate: expiration,
      termInterval: interval as 'annual' | 'monthly',
      termPremiumCents: cents(premium),
      taxesCents: cents(taxes),
      firstPaymentCents: cents(first),
      laterPaymentCents: later === '-' ? null : cents(later),
    };
    const figures = cancelFigures(term, {
      method: method as 'FLAT' | 'PRO_RATA',
      cancelDate: cancelDate === '-' ? null : cancelDate,
      canBeFlatCancelled: flatOk === 'yes',
      today,
      clawback,
    });
    const rest = row.slice(11);
    if (isCancelRefusal(figures)) {
      expect(rest[0]).toBe(`refused: ${figures.field}`);
      return;
    }
    const settlement =
      figures.settlement.kind === 'none'
        ? 'none'
        : `${figures.settlement.kind} ${money(figures.settlement.amountCents)}`;
    expect([
      figures.effectiveDate,
      String(figures.daysInForce),
      String(figures.termDays),
      money(figures.paid.moneyCents),
      money(figures.paid.premiumCents),
      money(figures.paid.taxesCents),
      money(figures.feesCents),
      money(figures.earnedPremiumCents),
      money(figures.earnedTaxesCents),
      settlement,
      money(figures.commissionClawbackCents),
      figures.newState,
    ]).toEqual(rest);
  });
});

const anyTerm = fc
  .record({
    interval: fc.constantFrom('annual' as const, 'monthly' as const),
    premium: fc.integer({ min: 1_200, max: 500_000 }),
    taxes: fc.integer({ min: 0, max: 50_000 }),
    fee: fc.integer({ min: 0, max: 2_000 }),
    offset: fc.integer({ min: 0, max: 364 }),
  })
  .map(({ interval, premium, taxes, fee, offset }) => {
    const share = (annual: number) => Math.floor(annual / 12);
    const first =
      interval === 'annual'
        ? premium + taxes + fee
        : premium - 11 * share(premium) + taxes - 11 * share(taxes) + fee;
    const term: RentersTermMoney = {
      effectiveDate: '2026-03-05',
      expirationDate: '2027-03-05',
      termInterval: interval,
      termPremiumCents: premium,
      taxesCents: taxes,
      firstPaymentCents: first,
      laterPaymentCents: interval === 'monthly' ? share(premium) + share(taxes) + fee : null,
    };
    const day = new Date(Date.UTC(2026, 2, 5 + offset)).toISOString().slice(0, 10);
    return { term, day, fee };
  });

describe('renters change figures', () => {
  it('never returns fees, and settles exactly paid premium and taxes minus earned', () => {
    fc.assert(
      fc.property(anyTerm, ({ term, day }) => {
        const f = cancelFigures(term, {
          method: 'PRO_RATA',
          cancelDate: day,
          canBeFlatCancelled: false,
          today: day,
          clawback,
        });
        if (isCancelRefusal(f)) throw new Error(f.message);
        const net = f.paid.premiumCents + f.paid.taxesCents - f.earnedPremiumCents - f.earnedTaxesCents;
        const signed = f.settlement.kind === 'charge' ? -f.settlement.amountCents : f.settlement.amountCents;
        expect(signed).toBe(net);
        expect(f.paid.moneyCents).toBe(f.paid.premiumCents + f.paid.taxesCents + f.feesCents);
        // The written premium taken back is what the cover did not earn, whatever was paid.
        expect(f.premiumReturnedCents).toBe(term.termPremiumCents - f.earnedPremiumCents);
        expect(f.commissionClawbackCents).toBe(clawback('PRO_RATA', f.premiumReturnedCents));
      }),
    );
  });

  it('splits a monthly term into twelve instalments that add up to the term', () => {
    fc.assert(
      fc.property(anyTerm, ({ term, fee }) => {
        if (term.termInterval !== 'monthly') return;
        const all = paidBefore(term, '2027-03-05');
        expect(all.instalments).toBe(12);
        expect(all.premiumCents).toBe(term.termPremiumCents);
        expect(all.taxesCents).toBe(term.taxesCents);
        expect(all.feesCents).toBe(12 * fee);
      }),
    );
  });

  it('takes back what the rule pays on returned premium, half away from zero; nothing without either', () => {
    expect(commissionClawback(FIFTEEN_PERCENT, 10)).toBe(2); // 1.5 → 2
    expect(commissionClawback(FIFTEEN_PERCENT, 9)).toBe(1); // 1.35 → 1
    expect(commissionClawback({ calculationType: 'FLAT', payMultiplier: 2_500 }, 9)).toBe(2_500);
    expect(commissionClawback(FIFTEEN_PERCENT, 0)).toBe(0);
    expect(commissionClawback(FIFTEEN_PERCENT, -500)).toBe(0);
    expect(commissionClawback(null, 10_000)).toBe(0);
  });

  it("takes back under the entity's FC rule for a flat cancel and its CN rule pro rata, by business type", () => {
    const rule = (
      id: number,
      businessType: RateRule['businessType'],
      eventCode: string,
      pay: number,
    ): RateRule => ({
      id,
      entityId: 7,
      businessType,
      calculationType: 'PERCENT',
      eventCode,
      stateCodes: ['TX'],
      species: 'RENTERS',
      payMultiplier: pay,
      effectiveDate: '2026-01-01',
      expirationDate: null,
    });
    const rules = [rule(1, 'NEW', 'FC', 1_200), rule(2, 'NEW', 'CN', 1_000), rule(3, 'RENEWAL', 'CN', 800)];
    const key = { entityId: 7, businessType: 'NEW' as const, stateCode: 'TX', on: '2026-06-01' };
    expect(clawbackUnder(rules, key)('FLAT', 10_000)).toBe(1_200);
    expect(clawbackUnder(rules, key)('PRO_RATA', 10_000)).toBe(1_000);
    expect(clawbackUnder(rules, { ...key, businessType: 'RENEWAL' })('PRO_RATA', 10_000)).toBe(800);
    // Another state, or a day before the rules: no rule, nothing taken back.
    expect(clawbackUnder(rules, { ...key, stateCode: 'CA' })('FLAT', 10_000)).toBe(0);
    expect(clawbackUnder(rules, { ...key, on: '2025-12-31' })('FLAT', 10_000)).toBe(0);
  });

  it('discontinues at the end of the term, moving no money', () => {
    expect(discontinueFigures({ expirationDate: '2027-01-10' })).toEqual({
      effectiveDate: '2027-01-10',
      settlement: { kind: 'none', amountCents: 0 },
      feesCents: 0,
      newState: 'nonRenewing',
      commissionClawbackCents: 0,
    });
  });

  it('charges back what a cancellation refunded, from where cover stopped', () => {
    const refunded = {
      effectiveDate: '2026-04-20',
      settlement: { kind: 'refund' as const, amountCents: 18_296 },
    };
    expect(reinstateFigures(refunded, '2026-05-01')).toMatchObject({
      effectiveDate: '2026-04-20',
      settlement: { kind: 'charge', amountCents: 18_296 },
      newState: 'active',
      commissionClawbackCents: 0,
    });
    // A pending cancellation had not stopped cover: it resumes today.
    expect(reinstateFigures({ ...refunded, effectiveDate: '2026-06-01' }, '2026-05-01').effectiveDate).toBe(
      '2026-05-01',
    );
    const owed = { effectiveDate: '2026-08-31', settlement: { kind: 'charge' as const, amountCents: 12 } };
    expect(reinstateFigures(owed, '2026-09-01').settlement).toEqual({ kind: 'none', amountCents: 0 });
    expect(reinstateFigures(null, '2026-09-01')).toMatchObject({
      effectiveDate: '2026-09-01',
      settlement: { kind: 'none', amountCents: 0 },
    });
  });
});
