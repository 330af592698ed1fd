import { sql } from 'kysely';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { journeyStepPath } from '../../../machines/petQuoteSteps';
import { entityScope, type Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { notFound } from '../../http/errors';

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
  const rated = quote.first_name !== null;
  return {
    uuid: quote.uuid,
    version: quote.version,
    entity_code: quote.entity_code,
    step: quote.journey_state,
    route: journeyStepPath(quote.journey_state, quote.uuid),
    created_at: new Date(quote.created_at).toISOString(),
    purchased_at: quote.purchased_at && new Date(quote.purchased_at).toISOString(),
    policy_number: quote.policy_number,
    start_date: quote.start_day,
    customer: rated
      ? {
          first_name: quote.first_name ?? '',
          last_name: quote.last_name ?? '',
          email: quote.email ?? '',
          phone: quote.phone ?? '',
          street: quote.street ?? '',
          city: quote.city ?? '',
          state: quote.state ?? '',
          zip: quote.zip ?? '',
        }
      : null,
    pets: pets.map((p) => ({
      id: p.pet_id,
      index: p.pet_index,
      name: p.name,
      species: p.species === 'cat' ? 'CAT' : 'DOG',
      breed_code: p.breed,
      age: p.age,
      gender: p.gender === 'female' ? 'FEMALE' : 'MALE',
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
    })),
  };
}

// The `quoteView` action and GET /v2/quote/{uuid}: 404 outside the caller's scope.
export async function viewQuote(actor: { db: Db; principal: Principal }, uuid: string): Promise<QuoteView> {
  await requireQuoteInScope(actor.db, actor.principal, uuid);
  return quoteView(actor.db, uuid);
}
