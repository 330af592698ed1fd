import { sql } from 'kysely';
import { shownDeclineMessage, shownDeclineReason } from '../payments/shownDecline';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { journeyStepPath } from '../../../machines/petQuoteSteps';
import { entityScope, type Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { notFound } from '../domainErrors';
import { centralTimestamp } from '../centralTime';
import { quotePetTerms } from '../rating/quotePetTerms';
import { houseBrand, quoteFigureTotals, yearFeesCents } from './quoteFigures';
import { quoteTracking } from './quoteTrackingRows';
import { genderCode, speciesCode } from '../petCodes';

const dollarsOrNull = (cents: number | null): number | null => (cents === null ? null : cents / 100);

// The quote, if the caller may see it: staff see every quote, agency users those made for their entity or
// below it. Anything else is 404, so uuids of other agencies' quotes are not confirmed (docs/conventions.md).
export async function requireQuoteInScope(db: Db | Trx, principal: Principal, uuid: string) {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('quotes')
    .innerJoin('entities', 'entities.id', 'quotes.entity_id')
    .select(['quotes.uuid', 'quotes.entity_id', 'quotes.zip', 'quotes.state', 'quotes.version'])
    .select(sql<string | null>`to_char(quotes.start_date, 'YYYY-MM-DD')`.as('start_date'))
    .where('quotes.uuid', '=', uuid);
  if (scope.kind === 'subtree') query = query.where('entities.path', 'like', `${scope.path}%`);
  const quote = await query.executeTakeFirst();
  if (!quote) throw notFound('quote');
  return quote;
}

// SPEC §7 "GET quote/{quoteUUID}" and the `quoteView` action: the quote as the read tables hold it, with the
// step it is at and that step's route, so the portal can reopen it there.
export async function quoteView(db: Db | Trx, uuid: string): Promise<QuoteView> {
  const quote = await db
    .selectFrom('quotes')
    .innerJoin('entities', 'entities.id', 'quotes.entity_id')
    .selectAll('quotes')
    .select('entities.entity_code')
    .select(sql<string | null>`to_char(quotes.start_date, 'YYYY-MM-DD')`.as('start_day'))
    .where('quotes.uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  const pets = await db
    .selectFrom('quote_pets')
    .selectAll()
    .where('quote_uuid', '=', uuid)
    .orderBy('pet_index')
    .execute();
  const petTerms = await quotePetTerms(db, quote.state, quote.start_day);
  const policies = await db
    .selectFrom('policies')
    .leftJoin('pet_plans', 'pet_plans.plan_code', 'policies.plan_code')
    .select([
      'policy_number',
      'matter_id',
      'pet_id',
      'pet_name',
      'policies.plan_code',
      'annual_premium_cents',
    ])
    .select('pet_plans.plan_desc')
    .select(sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effective_day'))
    .select(sql<string>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_day'))
    .where('quote_uuid', '=', uuid)
    .orderBy('policy_number')
    .execute();
  const rated = quote.first_name !== null;
  const totalsKnown = quote.monthly_total_cents !== null && quote.annual_total_cents !== null;
  // The quote's fees are those of the period it was (last) paid with, monthly until checkout says otherwise.
  const period = quote.payment_period === 'ANNUAL' ? 'ANNUAL' : 'MONTHLY';
  const feesCents =
    totalsKnown && quote.state && quote.start_day
      ? await yearFeesCents(db, quote.state, quote.start_day, period)
      : null;
  const figures = quoteFigureTotals(
    pets.map((p) => p.total_premium_cents ?? 0),
    feesCents ?? 0,
    policies.map((p) => p.annual_premium_cents),
  );
  const tracking = await quoteTracking(db, uuid);
  return {
    id: quote.uuid,
    uuid: quote.uuid,
    version: quote.version,
    entity_code: quote.entity_code,
    step: quote.journey_state,
    route: journeyStepPath(quote.journey_state, quote.uuid),
    created_at: centralTimestamp(quote.created_at),
    purchased_at: quote.purchased_at && centralTimestamp(quote.purchased_at),
    policy_number: quote.policy_number,
    start_date: quote.start_day,
    customer: rated
      ? {
          first_name: quote.first_name ?? '',
          last_name: quote.last_name ?? '',
          email: quote.email ?? '',
          phone: quote.phone ?? '',
          street: quote.street ?? '',
          street2: quote.street2,
          city: quote.city ?? '',
          state: quote.state ?? '',
          zip: quote.zip ?? '',
        }
      : null,
    customer_id: quote.customer_id,
    discount_code: quote.discount_code,
    fraud_warning: quote.fraud_warning,
    fraud_acknowledged: quote.fraud_acknowledged,
    payment:
      quote.payment_method && quote.payment_last4 && quote.payment_period
        ? {
            method: quote.payment_method === 'bank' ? 'bank' : 'card',
            last4: quote.payment_last4,
            period: quote.payment_period === 'ANNUAL' ? 'ANNUAL' : 'MONTHLY',
          }
        : null,
    payment_error:
      quote.journey_state === 'paymentFailed' && quote.payment_error_reason
        ? // Told as a decline, whatever the service's reason; the quote's log keeps the reason (shownDecline.ts).
          {
            reason: shownDeclineReason(quote.payment_error_reason),
            message: shownDeclineMessage(quote.payment_error_reason),
          }
        : null,
    totals: totalsKnown
      ? {
          monthly_downpayment: (quote.monthly_downpayment_cents ?? 0) / 100,
          monthly_installment: (quote.monthly_installment_cents ?? 0) / 100,
          monthly_total: (quote.monthly_total_cents ?? 0) / 100,
          annual_total: (quote.annual_total_cents ?? 0) / 100,
          payment_period: period,
          premium: figures.premium / 100,
          fees: figures.fees / 100,
          quote: figures.quote / 100,
          policy: figures.policy / 100,
          new_written_premium: figures.newWrittenPremium / 100,
        }
      : null,
    policies: policies.map((p) => ({
      policy_number: p.policy_number,
      matter_id: p.matter_id,
      pet_id: p.pet_id,
      pet_name: p.pet_name,
      plan_code: p.plan_code,
      plan_name: p.plan_desc ?? p.plan_code,
      effective_date: p.effective_day,
      expiration_date: p.expiration_day,
      annual_premium: p.annual_premium_cents / 100,
    })),
    request_id: quote.request_id,
    quoting_platform: quote.quoting_platform,
    quote_method: quote.quote_method,
    entity_source_id: quote.entity_source_id,
    program_id: quote.program_id,
    logged_in_agent_id: quote.logged_in_agent_id,
    sold_by_agent_id: quote.sold_by_agent_id,
    brand: await houseBrand(db),
    fees: totalsKnown && feesCents !== null ? feesCents / 100 : null,
    partner_data: tracking.partner_data,
    reference_data: tracking.reference_data,
    pets: pets.map((p) => ({
      id: p.pet_id,
      index: p.pet_index,
      name: p.name,
      species: speciesCode(p.species),
      breed_code: p.breed,
      age: p.age,
      gender: genderCode(p.gender),
      answers: p.answers,
      declined: p.declined,
      plan:
        p.plan_code === null
          ? null
          : {
              plan_code: p.plan_code,
              deductible: dollarsOrNull(p.deductible_cents) ?? 0,
              reimbursement: p.reimbursement ?? 0,
              exam_fee: p.exam_fee ?? false,
              wellness_code: p.wellness_code,
              monthly_premium: dollarsOrNull(p.monthly_premium_cents) ?? 0,
              downpayment: dollarsOrNull(p.downpayment_cents) ?? 0,
              total_premium: dollarsOrNull(p.total_premium_cents) ?? 0,
            },
      default_plan: petTerms.default_plan,
      policy_id: policies.find((policy) => policy.pet_id === p.pet_id)?.policy_number ?? null,
      ...petTerms.ofPlan(p.plan_code),
      deductible_options: petTerms.deductible_options,
      reimbursement_options: petTerms.reimbursement_options,
      plans: petTerms.plans,
      wellness_levels: petTerms.wellness_levels,
    })),
  };
}

// The `quoteView` action and GET /v2/quote/{uuid}: 404 outside the caller's scope.
export async function viewQuote(actor: { db: Db; principal: Principal }, uuid: string): Promise<QuoteView> {
  await requireQuoteInScope(actor.db, actor.principal, uuid);
  return quoteView(actor.db, uuid);
}
