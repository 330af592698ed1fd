import type { RateTables } from './rateTypes';

// The choices the coverage step offers in a state (SPEC §3 "Plan options"): the deductibles and
// reimbursements filed there with the default plan's defaults, the plans, and whether the exam-fee option
// and wellness are sold.
export interface PlanOptions {
  state_code: string;
  default_plan: string;
  plans: string[];
  deductibles: { default_value: number; values: number[] };
  reimbursements: { default_value: number; values: number[] };
  exam_fee: boolean;
  wellness: boolean;
}

export function planOptions(tables: RateTables): PlanOptions {
  const plans = tables.plans;
  const defaultPlan = plans.find((p) => p.planCode === tables.defaultPlanCode) ?? plans[0];
  const keys = (table: Record<string, number>) =>
    Object.keys(table)
      .map(Number)
      .sort((a, b) => a - b);
  return {
    state_code: tables.stateCode,
    default_plan: defaultPlan?.planCode ?? '',
    plans: plans.map((p) => p.planCode),
    deductibles: {
      default_value: defaultPlan?.defaultDeductibleCents ?? 0,
      values: keys(tables.factors.DEDUCTIBLE),
    },
    reimbursements: {
      default_value: defaultPlan?.defaultReimbursement ?? 0,
      values: keys(tables.factors.REIMBURSEMENT),
    },
    exam_fee: tables.examFeeAvailable,
    wellness: tables.wellnessAvailable,
  };
}
