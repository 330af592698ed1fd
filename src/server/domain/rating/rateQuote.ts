import type { FeeCharge, PaymentPeriod, QuoteRating, QuoteRatingInput, RateTables } from './rateTypes';
import { RatingError } from './ratingError';
import { ratePet } from './ratePet';

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

  let downpayment = 0;
  let installment = 0;
  let annual = 0;
  for (const { plan, wellness } of pets) {
    const wellnessMonthly = wellness?.monthly ?? 0;
    downpayment +=
      plan.downpayment + plan.downpayment_state_tax + plan.downpayment_municipal_tax + wellnessMonthly;
    installment +=
      plan.monthly_payment +
      plan.monthly_payment_state_tax +
      plan.monthly_payment_municipal_tax +
      wellnessMonthly;
    annual += plan.total_premium + plan.total_state_tax + plan.total_municipal_tax + (wellness?.total ?? 0);
  }
  const monthlyFees = fees(tables, 'MONTHLY', 12);
  const annualFees = fees(tables, 'ANNUAL', 1);
  const perPayment = (list: FeeCharge[]) => list.reduce((sum, f) => sum + f.amount, 0);
  downpayment += perPayment(monthlyFees);
  installment += perPayment(monthlyFees);
  return {
    stateCode: tables.stateCode,
    effectiveDate: tables.effectiveDate,
    pets,
    monthly: { downpayment, installment, total: downpayment + 11 * installment, fees: monthlyFees },
    annual: { total: annual + perPayment(annualFees), fees: annualFees },
  };
}

function fees(tables: RateTables, period: PaymentPeriod, payments: number): FeeCharge[] {
  return tables.fees
    .filter((f) => f.paymentPeriod === period)
    .map((f) => ({
      feeCode: f.feeCode,
      description: f.description,
      amount: f.amountCents,
      total: payments * f.amountCents,
    }));
}
