// ABA routing transit numbers (US bank routing numbers): nine digits whose last is a check digit with
// weights 3-7-1 repeated, so 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

function weightedSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (WEIGHTS[i] ?? 0);
  return sum;
}

// The ninth digit that completes eight leading digits.
export function abaCheckDigit(firstEight: string): number {
  if (!/^\d{8}$/.test(firstEight)) throw new RangeError('An ABA check digit needs eight digits');
  return (10 - (weightedSum(firstEight) % 10)) % 10;
}

export function hasValidAbaCheckDigit(routing: string): boolean {
  return /^\d{9}$/.test(routing) && weightedSum(routing) % 10 === 0;
}

// The first two digits name a Federal Reserve district: 00–12 banks, 21–32 thrifts, 61–72 electronic,
// 80 traveller's cheques. Anything else is no routing number.
export function hasKnownAbaPrefix(routing: string): boolean {
  const prefix = Number(routing.slice(0, 2));
  return (
    (prefix >= 0 && prefix <= 12) ||
    (prefix >= 21 && prefix <= 32) ||
    (prefix >= 61 && prefix <= 72) ||
    prefix === 80
  );
}

// All zeros passes both checks but is the classic placeholder, never a bank.
export function isAbaRoutingNumber(routing: string): boolean {
  return routing !== '000000000' && hasValidAbaCheckDigit(routing) && hasKnownAbaPrefix(routing);
}
