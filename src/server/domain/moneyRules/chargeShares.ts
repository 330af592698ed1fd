// Splits a charge over the pets by their weights (down payments or annual premiums), in whole cents that
// add up to the charge; the first pet takes what rounding leaves over.
export function shareOfCharge(chargeCents: number, weights: readonly number[], index: number): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return index === 0 ? chargeCents : 0;
  const shares = weights.map((w) => Math.floor((chargeCents * w) / total));
  shares[0]! += chargeCents - shares.reduce((sum, s) => sum + s, 0);
  return shares[index] ?? 0;
}
