import { shareOfDown } from './money';
import type { QuoteContext, RateTables } from './rateTypes';
import { RatingError } from './ratingError';

// The discount percentage of each pet of a quote: the multi-pet discount (two or more pets) plus the
// discount code's, capped by the code's max allowed discount, or by the configured cap without a code.
export interface DiscountTerms {
  appliedBp: number;
  maxAllowedBp: number;
}

export function discountTerms(tables: RateTables, context: QuoteContext): DiscountTerms {
  const multiPet = context.petCount >= 2 ? tables.multiPetDiscountBp : 0;
  if (!context.discountCode) {
    return {
      appliedBp: Math.min(multiPet, tables.maxAllowedDiscountBp),
      maxAllowedBp: tables.maxAllowedDiscountBp,
    };
  }
  const code = tables.discountCodes.find((d) => d.code === context.discountCode?.toUpperCase());
  if (!code) throw new RatingError('discountCode', 'This discount code is not valid.');
  return {
    appliedBp: Math.min(multiPet + code.discountBp, code.maxAllowedDiscountBp),
    maxAllowedBp: code.maxAllowedDiscountBp,
  };
}

// Rounded down, so the discount never exceeds its percentage of the premium.
export function discountAmount(riskPremium: number, terms: DiscountTerms): number {
  return shareOfDown(riskPremium, terms.appliedBp);
}
