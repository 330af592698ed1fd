import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLuhnValid, luhnCheckDigit } from '../../src/server/domain/payments/luhn';

const payload = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 });

describe('Luhn check digit', () => {
  it('accepts well-known test card numbers and refuses a typo', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4000000000009995')).toBe(true);
    expect(isLuhnValid('378282246310005')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(luhnCheckDigit('7992739871')).toBe(3);
  });

  it('passes any number that ends with its check digit', () => {
    fc.assert(fc.property(payload, (p) => isLuhnValid(`${p}${luhnCheckDigit(p)}`)));
  });

  it('fails when any one digit is changed', () => {
    fc.assert(
      fc.property(payload, fc.nat(), fc.integer({ min: 1, max: 9 }), (p, at, delta) => {
        const number = `${p}${luhnCheckDigit(p)}`;
        const i = at % number.length;
        const changed = (Number(number[i]) + delta) % 10;
        const typo = `${number.slice(0, i)}${changed}${number.slice(i + 1)}`;
        return !isLuhnValid(typo);
      }),
    );
  });

  it('has exactly one check digit per payload', () => {
    fc.assert(
      fc.property(payload, (p) => {
        const passing = [...'0123456789'].filter((d) => isLuhnValid(`${p}${d}`));
        return passing.length === 1 && passing[0] === String(luhnCheckDigit(p));
      }),
    );
  });
});
