// The agency's commission on renters premium, as far as a change needs it: the share of returned premium
// taken back from the agency (docs/renters-cancellation.md). There are no renters commission rules yet;
// issue 7's commission rules replace this constant.

// 15 % of premium, in basis points.
export const RENTERS_COMMISSION_RATE_BP = 1_500;

// The commission on `premiumCents` of returned premium, rounded half up to the cent.
export function commissionClawback(premiumCents: number): number {
  if (premiumCents <= 0) return 0;
  return Math.floor((premiumCents * RENTERS_COMMISSION_RATE_BP * 2 + 10_000) / 20_000);
}
