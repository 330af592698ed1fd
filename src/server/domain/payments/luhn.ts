// The Luhn (mod 10) check digit that every payment card number ends with. It catches every single-digit
// typo and most swaps of neighbours, so a mistyped card is refused before any charge is tried.

const DIGITS = /^\d+$/;

// Sum of the payload's digits with every second one, counted from the right, doubled (less 9 over 9).
function luhnSum(digits: string, doubleFirstFromRight: boolean): number {
  let sum = 0;
  let double = doubleFirstFromRight;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum;
}

// The digit to append to `payload` (digits only) so that the whole number passes the check.
export function luhnCheckDigit(payload: string): number {
  if (!DIGITS.test(payload)) throw new RangeError('A Luhn payload is digits only');
  return (10 - (luhnSum(payload, true) % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  return number.length >= 2 && DIGITS.test(number) && luhnSum(number, false) % 10 === 0;
}
