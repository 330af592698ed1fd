import { describe, expect, it } from 'vitest';
import { planOptions } from '../../src/server/domain/rating/planOptions';
import { filedTables } from '../support/rateTableFixtures';

describe('plan options', () => {
  it('lists a state’s plans, deductibles and reimbursements with their defaults and flags', () => {
    expect(planOptions(filedTables('TX', '2026-11-22'))).toEqual({
      state_code: 'TX',
      default_plan: 'AI_10K',
      plans: ['ACC_10K', 'AI_5K', 'AI_10K', 'AI_UNL'],
      deductibles: { default_value: 50_000, values: [10_000, 25_000, 50_000, 75_000, 100_000] },
      reimbursements: { default_value: 80, values: [70, 80, 90] },
      exam_fee: true,
      wellness: true,
    });
  });

  it('says where the exam-fee option or wellness is not sold', () => {
    expect(planOptions(filedTables('WA', '2026-11-22'))).toMatchObject({ exam_fee: false, wellness: true });
    expect(planOptions(filedTables('FL', '2026-11-22'))).toMatchObject({ exam_fee: true, wellness: false });
  });
});
