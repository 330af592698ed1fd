import type { FeeCharge, PaymentPeriod, QuoteRating, RateTables, WellnessCharge } from './rateTypes';
import type { PremiumPayments } from './premiumPayments';

export interface PetPayments {
  plan: PremiumPayments;
  wellness: Pick<WellnessCharge, 'monthly' | 'total'> | null;
}

export type QuotePayments = Pick<QuoteRating, 'monthly' | 'annual'>;

// What each payment carries for pets paid together (docs/rating.md "Payments"): paid monthly, the sum over the
// pets of their premium's and taxes' share and wellness, plus each MONTHLY fee of the state, as a down payment
// and eleven installments; paid in full, the pets' annual lines plus each ANNUAL fee once. The one rule a
// sale's quote and a renewed term are both billed by (docs/billing.md "The schedule").
export function quotePayments(tables: RateTables, pets: readonly PetPayments[]): QuotePayments {
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
  const monthlyFees = periodFees(tables, 'MONTHLY');
  const annualFees = periodFees(tables, 'ANNUAL');
  const perPayment = (list: FeeCharge[]) => list.reduce((sum, f) => sum + f.amount, 0);
  downpayment += perPayment(monthlyFees);
  installment += perPayment(monthlyFees);
  return {
    monthly: { downpayment, installment, total: downpayment + 11 * installment, fees: monthlyFees },
    annual: { total: annual + perPayment(annualFees), fees: annualFees },
  };
}

// The state's fees of a payment period, each per payment and for the year (twelve monthly payments, one annual).
export function periodFees(tables: RateTables, period: PaymentPeriod): FeeCharge[] {
  const payments = period === 'MONTHLY' ? 12 : 1;
  return tables.fees
    .filter((f) => f.paymentPeriod === period)
    .map((f) => ({
      feeCode: f.feeCode,
      description: f.description,
      amount: f.amountCents,
      total: payments * f.amountCents,
    }));
}
