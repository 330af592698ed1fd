// Exact products of cents and basis-point factors, rounded once, half up (docs/rating.md "Renters"): rounding
// once keeps the premium monotone in every factor and in the amount insured.
const BP = 10_000n;

export function rounded(numerators: readonly number[], denominator: bigint): number {
  const numerator = numerators.reduce((product, n) => product * BigInt(n), 1n);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

// cents × Π(factors) with each factor in basis points.
export function applyBp(cents: number, factorsBp: readonly number[]): number {
  return rounded([cents, ...factorsBp], BP ** BigInt(factorsBp.length));
}

// A share rounded down: a credit never exceeds its percentage.
export function shareDown(cents: number, bp: number): number {
  return Number((BigInt(cents) * BigInt(bp)) / BP);
}
