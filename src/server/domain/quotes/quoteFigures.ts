import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { PORTAL_BRAND_CODE } from '../brand/portalBrand';
import { loadRateTables } from '../rating/loadRateTables';
import { periodFees } from '../rating/quotePayments';
import { RatingError } from '../rating/ratingError';

// SPEC §3's quote brand and fees and "Totals: quote, policy, new written premium" (docs/quote-actions.md
// "Brand, fees and totals"), in cents, from what the quote's rows already hold: its pets' annual premiums,
// the policies its purchase issued, and the state's fees on its start date (the rate tables are versioned by
// date, so these are the fees its totals were rated with).

export interface QuoteBrand {
  code: string;
  name: string;
}

// Agencies carry no brand of their own: every one sells under the portal's one brand (portalBrand.ts).
export async function houseBrand(db: Db | Trx): Promise<QuoteBrand | null> {
  const row = await db
    .selectFrom('brands')
    .select(['code', 'data'])
    .where('code', '=', PORTAL_BRAND_CODE)
    .executeTakeFirst();
  const name = (row?.data as { name?: unknown } | undefined)?.name;
  return row && typeof name === 'string' ? { code: row.code, name } : null;
}

// The year's fees of the period: twelve monthly fees, or the annual fee once (docs/rating.md "Payments").
export async function yearFeesCents(
  db: Db | Trx,
  state: string,
  startDate: string,
  period: 'MONTHLY' | 'ANNUAL',
): Promise<number | null> {
  try {
    const tables = await loadRateTables(db, state, startDate);
    return periodFees(tables, period).reduce((sum, fee) => sum + fee.total, 0);
  } catch (error) {
    if (error instanceof RatingError) return null;
    throw error;
  }
}

export interface QuoteFigureTotals {
  // The pets' annual premiums, before taxes and fees.
  premium: number;
  fees: number;
  quote: number;
  policy: number;
  newWrittenPremium: number;
}

// quote = premium + fees; policy = the issued policies' annual premiums + the fees they are paid with;
// new written premium = the issued policies' annual premiums, as the net written premium report counts a sale.
export function quoteFigureTotals(
  petPremiumsCents: readonly number[],
  feesCents: number,
  policyPremiumsCents: readonly number[],
): QuoteFigureTotals {
  const premium = petPremiumsCents.reduce((sum, c) => sum + c, 0);
  const newWrittenPremium = policyPremiumsCents.reduce((sum, c) => sum + c, 0);
  return {
    premium,
    fees: feesCents,
    quote: premium + feesCents,
    policy: policyPremiumsCents.length > 0 ? newWrittenPremium + feesCents : 0,
    newWrittenPremium,
  };
}
