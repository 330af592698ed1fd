import type { Clock } from '../../../calendar/clock';
import type { RentersJourneyContext } from '../../../machines/rentersQuoteContext';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { entityScope, type ActingEntity, type Principal } from '../../access/principal';
import { notFound, Refused } from '../domainErrors';
import { CommandRejectedError, execute, loadAggregate } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { NewEvent, Trx } from '../../store/eventStore';
import { entityIdsNamedBy, requireQuotingEntities } from '../entities/quotingRight';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { rentersQuoteAggregate } from './rentersQuoteAggregate';
import { rentersQuoteView } from './rentersQuoteView';

// Who runs a renters quote command: the user and the entity they act for, which the events' metadata records.
export interface RentersQuoteActor {
  db: Db;
  principal: Principal;
  acting: ActingEntity;
  requestId: string;
  // The request's Idempotency-Key header (src/server/http/idempotency.ts), for the events' metadata.
  idempotencyKey?: string | null;
  payments: PaymentAdapter;
  // The business clock: the quote's "today" (rentersToday) and the date of every event it appends.
  clock: Clock;
}

const STEP_NAMES: Readonly<Record<string, string>> = {
  start: 'start',
  coverage: 'coverage',
  customer: 'customer',
  payment: 'payment',
  review: 'review',
  purchasing: 'purchasing',
  paymentFailed: 'payment failed',
  purchased: 'purchased',
};

const ACTION_NAMES: Readonly<Record<string, string>> = {
  'rentersQuote.rewriteStarted': 'starting a rewrite',
  'rentersQuote.propertyGiven': 'saving the property',
  'rentersQuote.coverageChosen': 'choosing coverage',
  'rentersQuote.customerGiven': 'saving the customer',
  'rentersQuote.paymentMethodGiven': 'saving a payment method',
  'rentersQuote.back': 'going back',
  'rentersQuote.purchaseSubmitted': 'purchase',
  'rentersQuote.paymentRetried': 'retrying the payment',
  'rentersQuote.purchaseSucceeded': 'completing the purchase',
  'rentersQuote.purchaseFailed': 'completing the purchase',
};

// The 409 of a step the journey does not take, named for the agent.
export function rentersStepRefusal(state: string, eventType: string): Refused {
  const step = STEP_NAMES[state] ?? state;
  const action = ACTION_NAMES[eventType] ?? eventType;
  return new Refused(`This renters quote is at the ${step} step, which does not allow ${action}.`);
}

export async function rentersJourneyOf(
  trx: Trx,
  id: string,
): Promise<{ state: string; context: RentersJourneyContext; version: number }> {
  const { snapshot, version } = await loadAggregate(trx, rentersQuoteAggregate, id);
  return { state: String(snapshot.value), context: snapshot.context as RentersJourneyContext, version };
}

// The quote, if the caller may see it: staff see every renters quote, agency users those made for their
// entity or below it. Anything else is 404, so ids of other agencies' quotes are not confirmed.
export async function requireRentersQuoteInScope(db: Db | Trx, principal: Principal, id: string) {
  const scope = entityScope(principal);
  let query = db
    .selectFrom('renters_quotes')
    .innerJoin('entities', 'entities.id', 'renters_quotes.entity_id')
    .select(['renters_quotes.id', 'renters_quotes.entity_id', 'renters_quotes.version'])
    .where('renters_quotes.id', '=', id);
  if (scope.kind === 'subtree') query = query.where('entities.path', 'like', `${scope.path}%`);
  const quote = await query.executeTakeFirst();
  if (!quote) throw notFound('renters quote');
  return quote;
}

// A write to a renters quote the caller may see: 404 outside the scope, then 403 when the quote's entity or
// the one the caller acts for may not quote, before any input or step is looked at.
export async function requireWritableRentersQuote(actor: RentersQuoteActor, id: string) {
  const quote = await requireRentersQuoteInScope(actor.db, actor.principal, id);
  await requireQuotingEntities(actor.db, [actor.acting.id, quote.entity_id]);
  return quote;
}

// What a charge made: recorded whatever the entity may do now, since the money has moved.
const CHARGE_OUTCOMES: ReadonlySet<string> = new Set([
  'rentersQuote.purchaseSucceeded',
  'rentersQuote.purchaseFailed',
]);

// Appends the events if the journey takes them, and answers the quote as it now is. A refusal of the
// machine is a 409 naming the step. Every write but a charge's outcome is refused here too for an entity
// that may not quote, whichever command appends it, inside its transaction.
export async function appendToRentersQuote(
  trx: Trx,
  actor: RentersQuoteActor,
  id: string,
  events: readonly NewEvent[],
  expectedVersion?: number,
  commandKey?: string,
): Promise<RentersQuoteView> {
  // The request's key when it sent one; else the command's own (a purchase's request_id).
  const idempotencyKey = actor.idempotencyKey ?? commandKey;
  if (!events.every((e) => CHARGE_OUTCOMES.has(e.type))) {
    const quote = await trx
      .selectFrom('renters_quotes')
      .select('entity_id')
      .where('id', '=', id)
      .executeTakeFirst();
    await requireQuotingEntities(trx, [
      actor.acting.id,
      ...(quote ? [quote.entity_id] : []),
      ...entityIdsNamedBy(events),
    ]);
  }
  try {
    await execute(
      trx,
      rentersQuoteAggregate,
      id,
      events,
      {
        userId: actor.principal.userId,
        entityId: actor.acting.id,
        requestId: actor.requestId,
        ...(idempotencyKey ? { idempotencyKey } : {}),
        at: actor.clock.now(),
      },
      expectedVersion,
    );
  } catch (error) {
    if (!(error instanceof CommandRejectedError)) throw error;
    throw rentersStepRefusal(String(error.state), error.eventType);
  }
  return rentersQuoteView(trx, id);
}
