import { discountAmount, discountTerms } from './discounts';
import { examFee, planOf, riskPremium } from './factors';
import { monthlySchedule } from './paymentSchedule';
import type { PetRating, PetRatingInput, QuoteContext, RateTables, WellnessCharge } from './rateTypes';
import { RatingError } from './ratingError';
import { premiumPayments } from './premiumPayments';

// One pet on one plan (docs/rating.md): risk premium, less the discount, plus the exam fee, taxed, and
// each line split into a down payment and eleven monthly payments. Pure: no I/O, same input same price.
export function ratePet(tables: RateTables, pet: PetRatingInput, context: QuoteContext): PetRating {
  const plan = planOf(tables, pet.planCode);
  const factors = riskPremium(tables, pet, context.zip);
  const risk = factors.riskPremium;
  const exam = examFee(tables, pet, risk);
  const terms = discountTerms(tables, context);
  const discount = discountAmount(risk, terms);
  const premium = risk - discount + exam;
  const paid = premiumPayments(tables, context.zip, premium);
  return {
    plan: {
      id: plan.id,
      plan_code: plan.planCode,
      plan_desc: plan.planDesc,
      accident_only: plan.accidentOnly,
      plan_limit: plan.planLimitCents,
      default_deductible: plan.defaultDeductibleCents,
      default_reimbursement: plan.defaultReimbursement,
      aq_product_id: plan.aqProductId,
      applied_discount: terms.appliedBp,
      max_allowed_discount: terms.maxAllowedBp,
      deductible: pet.deductible,
      reimbursement: pet.reimbursement,
      discount,
      total_premium: premium,
      downpayment: paid.downpayment,
      monthly_payment: paid.monthly_payment,
      pre_discount_monthly_payment: monthlySchedule(risk + exam).monthly,
      total_exam_fee: exam,
      monthly_exam_fee: monthlySchedule(exam).monthly,
      total_state_tax: paid.total_state_tax,
      downpayment_state_tax: paid.downpayment_state_tax,
      monthly_payment_state_tax: paid.monthly_payment_state_tax,
      total_municipal_tax: paid.total_municipal_tax,
      downpayment_municipal_tax: paid.downpayment_municipal_tax,
      monthly_payment_municipal_tax: paid.monthly_payment_municipal_tax,
    },
    wellness: wellnessCharge(tables, pet.wellnessCode),
    factors,
  };
}

// Wellness is a flat monthly price, neither discounted nor taxed (it is not insurance); twelve equal payments.
export function wellnessCharge(tables: RateTables, code: string | null): WellnessCharge | null {
  if (code === null) return null;
  if (!tables.wellnessAvailable) {
    throw new RatingError('wellnessCode', `Wellness is not sold in ${tables.stateCode}.`);
  }
  const level = tables.wellness.find((w) => w.code === code);
  if (!level) throw new RatingError('wellnessCode', `Wellness level ${code} is not sold.`);
  return { code, name: level.name, monthly: level.monthlyPriceCents, total: 12 * level.monthlyPriceCents };
}
