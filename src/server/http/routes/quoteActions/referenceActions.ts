import type { z } from 'zod';
import type {
  Breed,
  BreedsData,
  CoverageItem,
  CoverItemsData,
  Fee,
  FeesData,
  QuoteUnderwritingQuestion,
  UnderwritingQuestionsData,
  WellnessData,
  WellnessPlan,
} from '../../../../api/schemas/quoteActions';
import { entityQuestions } from '../../../domain/quotes/underwritingRules';
import { loadRateTables } from '../../../domain/rating/loadRateTables';
import type { RateTables } from '../../../domain/rating/rateTypes';
import type { Db } from '../../../store/db';
import { ActionRefused } from '../../../domain/actionRefused';
import { dollars, dollarsOrNull } from '../../../domain/rating/wireAmounts';

// The quote journey's reference reads through the action wrapper: breeds, coverage items, wellness plans,
// fees and underwriting questions.

// The tables in force on a day; reads that have no start date take the business day of the request (`today`,
// Central time, the zone of quote dates).
const tablesOf = (db: Db, state: string, date: string): Promise<RateTables> =>
  loadRateTables(db, state, date);

export async function breeds(db: Db, data: z.infer<typeof BreedsData>): Promise<Breed[]> {
  const rows = await db
    .selectFrom('breeds')
    .select(['code', 'name', 'species'])
    .where('species', '=', data.species)
    .where('is_enabled', '=', true)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, species: data.species }));
}

// The coverage items of a plan: an accident-only plan covers no illness, and the exam-fee option shows as
// unavailable in a state that does not sell it.
export async function coverItems(
  db: Db,
  data: z.infer<typeof CoverItemsData>,
  today: string,
): Promise<CoverageItem[]> {
  const plan = await db
    .selectFrom('pet_plans')
    .select(['plan_code', 'accident_only'])
    .where('plan_code', '=', data.planCode)
    .executeTakeFirst();
  if (!plan) throw new ActionRefused(`Plan ${data.planCode} is not sold.`);
  const tables = data.state ? await tablesOf(db, data.state, today) : null;
  if (tables && !tables.plans.some((p) => p.planCode === plan.plan_code)) {
    throw new ActionRefused(`Plan ${data.planCode} is not sold in ${data.state}.`);
  }
  const rows = await db.selectFrom('coverage_items').selectAll().orderBy('sort_order').execute();
  const unavailable = new Set<string>();
  if (plan.accident_only) unavailable.add('ILLNESSES');
  if (tables && !tables.examFeeAvailable) unavailable.add('EXAM_FEES');
  const build = (parentId: number | null, parentAvailable: boolean): CoverageItem[] =>
    rows
      .filter((r) => r.parent_id === parentId)
      .map((r) => {
        const available = parentAvailable && r.available && !unavailable.has(r.code);
        return {
          code: r.code,
          available,
          description: r.description,
          tooltip: r.tooltip,
          type: r.type,
          sort_order: r.sort_order,
          display: r.display,
          value: r.value,
          items: build(r.id, available),
        };
      });
  return build(null, true);
}

// Wellness plans with their benefits; with a state, only where wellness is sold there.
export async function wellnessPlans(
  db: Db,
  data: z.infer<typeof WellnessData>,
  today: string,
): Promise<WellnessPlan[]> {
  if (data.state) {
    const tables = await tablesOf(db, data.state, today);
    if (!tables.wellnessAvailable) throw new ActionRefused(`Wellness plans are not sold in ${data.state}.`);
  }
  const [plans, benefits] = await Promise.all([
    db.selectFrom('wellness_plans').selectAll().orderBy('sort_order').execute(),
    db.selectFrom('wellness_benefits').selectAll().orderBy('sort_order').execute(),
  ]);
  return plans.map((p) => {
    const own = benefits.filter((b) => b.wellness_code === p.code);
    return {
      code: p.code,
      name: p.name,
      price: dollars(p.monthly_price_cents),
      benefits_count: own.length,
      benefits: own.map((b) => ({ name: b.name, annual_limit: dollarsOrNull(b.annual_limit_cents) })),
    };
  });
}

export async function fees(
  db: Db,
  data: z.infer<typeof FeesData>,
  today: string,
): Promise<{ state_code: string; effective_date: string; fees: Fee[] }> {
  const tables = await tablesOf(db, data.state, data.startDate ?? today);
  return {
    state_code: tables.stateCode,
    effective_date: tables.effectiveDate,
    fees: tables.fees.map((f) => ({
      fee_code: f.feeCode,
      description: f.description,
      payment_period: f.paymentPeriod,
      amount: dollars(f.amountCents),
    })),
  };
}

// The questions the acting entity asks (decision 004). Which answer declines a pet stays on the server,
// decided when the answers are recorded (quote stream, answerUnderwriting).
export async function underwritingQuestions(
  db: Db,
  entityId: number,
  data: z.infer<typeof UnderwritingQuestionsData>,
): Promise<QuoteUnderwritingQuestion[]> {
  const questions = await entityQuestions(db, entityId, data.species);
  return questions.map(({ id, type, question, species }) => ({ id, type, question, species }));
}
