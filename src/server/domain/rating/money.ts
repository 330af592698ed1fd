// Integer arithmetic on cents and basis points. Products of several factors exceed 2^53, so they are taken
// in BigInt and rounded once, which also keeps the premium monotone in every factor.
const BP = 10_000n;

// Half up; every operand of rating is non-negative.
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

export function applyFactors(cents: number, factorsBp: readonly number[]): number {
  let numerator = BigInt(cents);
  let denominator = 1n;
  for (const factor of factorsBp) {
    numerator *= BigInt(factor);
    denominator *= BP;
  }
  return Number(divideRoundingHalfUp(numerator, denominator));
}

// A percentage of an amount, rounded half up (taxes, the exam fee).
export function shareOf(cents: number, bp: number): number {
  return applyFactors(cents, [bp]);
}

// A percentage of an amount, rounded down: a discount never goes beyond its percentage.
export function shareOfDown(cents: number, bp: number): number {
  return Number((BigInt(cents) * BigInt(bp)) / BP);
}
