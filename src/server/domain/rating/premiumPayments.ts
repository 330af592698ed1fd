import { monthlySchedule } from './paymentSchedule';
import type { InsurancePlan, RateTables } from './rateTypes';
import { premiumTaxes } from './taxes';

export type PremiumPayments = Pick<
  InsurancePlan,
  | 'total_premium'
  | 'downpayment'
  | 'monthly_payment'
  | 'total_state_tax'
  | 'downpayment_state_tax'
  | 'monthly_payment_state_tax'
  | 'total_municipal_tax'
  | 'downpayment_municipal_tax'
  | 'monthly_payment_municipal_tax'
>;

// One pet's premium as it is paid (docs/rating.md "Payments"): the premium and the taxes on top of it, each
// line split on its own into a down payment and eleven monthly payments. A renewal's premium is paid by the
// same lines as a sale's, so both take them from here.
export function premiumPayments(tables: RateTables, zip: string, premium: number): PremiumPayments {
  const taxes = premiumTaxes(tables, zip, premium);
  const premiumSchedule = monthlySchedule(premium);
  const stateTax = monthlySchedule(taxes.state);
  const municipalTax = monthlySchedule(taxes.municipal);
  return {
    total_premium: premium,
    downpayment: premiumSchedule.downpayment,
    monthly_payment: premiumSchedule.monthly,
    total_state_tax: taxes.state,
    downpayment_state_tax: stateTax.downpayment,
    monthly_payment_state_tax: stateTax.monthly,
    total_municipal_tax: taxes.municipal,
    downpayment_municipal_tax: municipalTax.downpayment,
    monthly_payment_municipal_tax: municipalTax.monthly,
  };
}
