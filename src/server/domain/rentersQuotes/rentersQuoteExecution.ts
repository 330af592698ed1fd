import type { RentersJourneyContext } from '../../../machines/rentersQuoteContext';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { entityScope, type ActingEntity, type Principal } from '../../access/principal';
import { HttpError, notFound } from '../../http/errors';
import { CommandRejectedError, execute, loadAggregate } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { NewEvent, Trx } from '../../store/eventStore';
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
export function rentersStepRefusal(state: string, eventType: string): HttpError {
  const step = STEP_NAMES[state] ?? state;
  const action = ACTION_NAMES[eventType] ?? eventType;
  return new HttpError(409, `This renters quote is at the ${step} step, which does not allow ${action}.`);
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

// Appends the events if the journey takes them, and answers the quote as it now is. A refusal of the
// machine is a 409 naming the step.
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
      },
      expectedVersion,
    );
  } catch (error) {
    if (!(error instanceof CommandRejectedError)) throw error;
    throw rentersStepRefusal(String(error.state), error.eventType);
  }
  return rentersQuoteView(trx, id);
}
