import type { QuoteRating, QuoteRatingInput, RateTables } from './rateTypes';
import { RatingError } from './ratingError';
import { ratePet } from './ratePet';
import { quotePayments } from './quotePayments';

// A whole quote: every pet on its chosen plan (and on each other plan, for the coverage step to compare),
// and what the customer pays monthly or annually, fees included. The monthly total is the down payment
// plus eleven installments; each pet line reconciles on its own, so the sums do too.
export function rateQuote(tables: RateTables, quote: QuoteRatingInput): QuoteRating {
  if (quote.pets.length === 0) throw new RatingError('pets', 'A quote needs at least one pet.');
  if (quote.pets.length > tables.maxPetsPerQuote) {
    throw new RatingError('pets', `A quote may hold at most ${tables.maxPetsPerQuote} pets.`);
  }
  const context = { zip: quote.zip, petCount: quote.pets.length, discountCode: quote.discountCode };
  const pets = quote.pets.map((pet) => ({
    ...ratePet(tables, pet, context),
    plans: tables.plans.map((p) => ratePet(tables, { ...pet, planCode: p.planCode }, context).plan),
  }));
  return {
    stateCode: tables.stateCode,
    effectiveDate: tables.effectiveDate,
    pets,
    ...quotePayments(tables, pets),
  };
}
