import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  cancellationFigures,
  daysBetween,
  instalment,
  type PaymentPeriod,
} from '../../src/server/domain/moneyRules/cancellationFigures';
import { oneYearAfter } from '../../src/server/domain/policies/policyNumbers';

const cents = (dollars: string) => Math.round(Number(dollars) * 100);

// The worked examples of docs/cancellation.md, so the document cannot drift from the code.
const doc = readFileSync(resolve(import.meta.dirname, '../../docs/cancellation.md'), 'utf8');
const rows = doc
  .split('\n')
  .filter((line) => /^\| \d{4}-\d{2}-\d{2} \|/.test(line))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()),
  );

describe('docs/cancellation.md worked examples', () => {
  it('has the eight examples', () => {
    expect(rows).toHaveLength(8);
  });

  it.each(rows.map((r, i) => [i + 1, r] as const))('example %i', (_n, row) => {
    const [
      effective,
      expiration,
      cancel,
      premium,
      period,
      flat,
      cancelEffective,
      days,
      term,
      earned,
      paid,
      refund,
    ] = row as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const figures = cancellationFigures({
      effectiveDate: effective,
      expirationDate: expiration,
      cancelDate: cancel,
      annualPremiumCents: cents(premium),
      paymentPeriod: period as PaymentPeriod,
      freeLookDays: 30,
    });
    expect(figures).toEqual({
      cancelEffectiveDate: cancelEffective,
      flatCancel: flat === 'yes',
      daysInForce: Number(days),
      termDays: Number(term),
      annualPremiumCents: cents(premium),
      earnedPremiumCents: cents(earned),
      paidCents: cents(paid),
      refundCents: cents(refund),
      balanceDueCents: Math.max(0, cents(earned) - cents(paid)),
    });
  });
});

describe('cancellation figures', () => {
  it('splits the premium into twelve instalments that add up to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (premium) => {
        const all = Array.from({ length: 12 }, (_, i) => instalment(premium, i));
        expect(all.reduce((a, b) => a + b, 0)).toBe(premium);
        expect(all.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
      }),
    );
  });

  it('keeps a month later to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  const terms = fc
    .record({
      start: fc.date({
        min: new Date('2024-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      offset: fc.integer({ min: 0, max: 364 }),
      premium: fc.integer({ min: 1, max: 2_000_000 }),
      period: fc.constantFrom<PaymentPeriod>('MONTHLY', 'ANNUAL'),
      freeLook: fc.integer({ min: 0, max: 60 }),
    })
    .map(({ start, offset, premium, period, freeLook }) => {
      const effectiveDate = start.toISOString().slice(0, 10);
      const expirationDate = oneYearAfter(effectiveDate);
      const day = new Date(Date.parse(`${effectiveDate}T00:00:00Z`) + offset * 86_400_000);
      const cancelDate = day.toISOString().slice(0, 10);
      return {
        effectiveDate,
        expirationDate,
        cancelDate,
        annualPremiumCents: premium,
        paymentPeriod: period,
        freeLookDays: freeLook,
      };
    })
    .filter((t) => daysBetween(t.cancelDate, t.expirationDate) > 0);

  it('answers whole cents, never a negative refund, never more than was paid', () => {
    fc.assert(
      fc.property(terms, (input) => {
        const f = cancellationFigures(input);
        for (const v of [f.earnedPremiumCents, f.paidCents, f.refundCents]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(f.refundCents).toBeLessThanOrEqual(f.paidCents);
        expect(f.paidCents).toBeLessThanOrEqual(input.annualPremiumCents);
        expect(f.earnedPremiumCents).toBeLessThanOrEqual(input.annualPremiumCents);
        expect(f.refundCents).toBe(Math.max(0, f.paidCents - f.earnedPremiumCents));
      }),
    );
  });

  it('flat-cancels inside the free look with everything paid back, pro rata after it', () => {
    fc.assert(
      fc.property(terms, (input) => {
        const f = cancellationFigures(input);
        const day = daysBetween(input.effectiveDate, input.cancelDate);
        expect(f.flatCancel).toBe(day < input.freeLookDays);
        if (f.flatCancel) {
          expect(f.cancelEffectiveDate).toBe(input.effectiveDate);
          expect(f.refundCents).toBe(f.paidCents);
        } else {
          expect(f.cancelEffectiveDate).toBe(input.cancelDate);
          expect(f.daysInForce).toBe(day);
          // Pro rata rounded half up: within half a cent of the exact share.
          expect(
            Math.abs(f.earnedPremiumCents - (input.annualPremiumCents * day) / f.termDays),
          ).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('earns more the later the cancel date, and refunds an annual payment less', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 1, max: 30 }), (input, later) => {
        const next = new Date(Date.parse(`${input.cancelDate}T00:00:00Z`) + later * 86_400_000)
          .toISOString()
          .slice(0, 10);
        fc.pre(daysBetween(next, input.expirationDate) > 0);
        const a = cancellationFigures({ ...input, freeLookDays: 0 });
        const b = cancellationFigures({ ...input, cancelDate: next, freeLookDays: 0 });
        expect(b.earnedPremiumCents).toBeGreaterThanOrEqual(a.earnedPremiumCents);
        expect(b.paidCents).toBeGreaterThanOrEqual(a.paidCents);
        if (input.paymentPeriod === 'ANNUAL') expect(b.refundCents).toBeLessThanOrEqual(a.refundCents);
      }),
    );
  });

  it('pays monthly instalments due before the cancel date only', () => {
    const base = {
      effectiveDate: '2026-03-15',
      expirationDate: '2027-03-15',
      annualPremiumCents: 1200_00,
      paymentPeriod: 'MONTHLY' as const,
      freeLookDays: 0,
    };
    expect(cancellationFigures({ ...base, cancelDate: '2026-03-15' }).paidCents).toBe(100_00);
    expect(cancellationFigures({ ...base, cancelDate: '2026-04-15' }).paidCents).toBe(100_00);
    expect(cancellationFigures({ ...base, cancelDate: '2026-04-16' }).paidCents).toBe(200_00);
    expect(cancellationFigures({ ...base, cancelDate: '2027-03-14' }).paidCents).toBe(1200_00);
  });
});
