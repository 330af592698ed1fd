import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abaCheckDigit,
  hasValidAbaCheckDigit,
  isAbaRoutingNumber,
} from '../../src/server/domain/payments/abaRouting';

const digit = fc.constantFrom(...'0123456789');
const firstEight = fc.string({ unit: digit, minLength: 8, maxLength: 8 });

describe('ABA routing number check digit', () => {
  it('accepts real routing numbers and refuses a typo', () => {
    for (const routing of ['011000015', '021000021', '026009593', '121000248', '322271627'])
      expect(isAbaRoutingNumber(routing)).toBe(true);
    expect(isAbaRoutingNumber('021000022')).toBe(false);
    expect(isAbaRoutingNumber('02100002')).toBe(false);
    expect(isAbaRoutingNumber('000000000')).toBe(false);
  });

  it('refuses a number outside the Federal Reserve prefixes even with a good check digit', () => {
    const routing = `99000001${abaCheckDigit('99000001')}`;
    expect(hasValidAbaCheckDigit(routing)).toBe(true);
    expect(isAbaRoutingNumber(routing)).toBe(false);
  });

  it('weighs the digits 3-7-1', () => {
    fc.assert(
      fc.property(firstEight, (p) => {
        const routing = `${p}${abaCheckDigit(p)}`;
        const d = [...routing].map(Number);
        const sum = [0, 1, 2, 3, 4, 5, 6, 7, 8].reduce((s, i) => s + (d[i] ?? 0) * [3, 7, 1][i % 3]!, 0);
        return sum % 10 === 0 && hasValidAbaCheckDigit(routing);
      }),
    );
  });

  it('fails when any one digit is changed', () => {
    fc.assert(
      fc.property(
        firstEight,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (p, i, delta) => {
          const routing = `${p}${abaCheckDigit(p)}`;
          const typo = `${routing.slice(0, i)}${(Number(routing[i]) + delta) % 10}${routing.slice(i + 1)}`;
          return !hasValidAbaCheckDigit(typo);
        },
      ),
    );
  });
});
