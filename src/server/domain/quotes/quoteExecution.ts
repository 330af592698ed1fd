import type { Clock } from '../../../calendar';
import type { Principal, ActingEntity } from '../../access/principal';
import { Refused } from '../domainErrors';
import { CommandRejectedError, execute, loadAggregate } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { EventMetadata, NewEvent, Trx } from '../../store/eventStore';
import type { JourneyContext } from '../../../machines/petQuoteContext';
import type { QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { quoteAggregate } from './quoteAggregate';
import { requireQuotingEntities, entityIdsNamedBy } from '../entities/quotingRight';
import { quoteView, requireQuoteInScope } from './quoteQueries';

// Who runs a quote command: the user, and the entity they act for (the agentEntityCode header or the
// wrapper's meta.agent.entityCode), which the events' metadata records.
export interface QuoteActor {
  db: Db;
  principal: Principal;
  acting: ActingEntity;
  requestId: string;
  // The request's Idempotency-Key header (src/server/http/idempotency.ts), for the events' metadata.
  idempotencyKey?: string | null;
  // The payment service purchases charge through (docs/payments.md).
  payments: PaymentAdapter;
  // The business clock: it dates the journey's events and the purchase (a moved one in the demo's year).
  clock: Clock;
}

// A command's transaction, or the caller's when the command runs inside one: a SPEC quote request
// (specQuoteRequests.ts) makes, answers and covers a quote in one transaction, so it is all or nothing.
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Trx) : db.transaction().execute(work);
}

// The metadata of the actor's events: who, for which entity, in which request, and when by a moved clock.
export function quoteMetadata(actor: QuoteActor, idempotencyKey?: string | null): EventMetadata {
  const key = idempotencyKey ?? actor.idempotencyKey;
  return {
    userId: actor.principal.userId,
    entityId: actor.acting.id,
    requestId: actor.requestId,
    ...(key && { idempotencyKey: key }),
    at: actor.clock.now(),
  };
}

const STEP_NAMES: Readonly<Record<string, string>> = {
  start: 'start',
  ratingInfo: 'rating info',
  underwritingQuestions: 'underwriting questions',
  declined: 'declined pets',
  coverage: 'coverage',
  checkout: 'checkout',
  fraudWarning: 'fraud warning',
  purchasing: 'purchasing',
  paymentFailed: 'payment failed',
  thankYou: 'thank you',
  abandoned: 'abandoned',
};

const ACTION_NAMES: Readonly<Record<string, string>> = {
  'quote.started': 'starting it',
  'quote.petsRated': 'rating info',
  'quote.underwritingAnswered': 'underwriting answers',
  'quote.petRemoved': 'removing this pet',
  'quote.coverageChosen': 'choosing coverage',
  'quote.back': 'going back',
  'quote.fraudFlagged': 'purchase',
  'quote.fraudAcknowledged': 'acknowledging a fraud warning',
  'quote.abandoned': 'abandoning it',
  'quote.checkoutSubmitted': 'purchase',
  'quote.paymentRetried': 'retrying the payment',
  'quote.purchaseSucceeded': 'completing the purchase',
  'quote.purchaseFailed': 'completing the purchase',
};

// The journey's current context, for commands that check their input against the quote's pets.
export async function journeyOf(trx: Trx, uuid: string): Promise<{ state: string; context: JourneyContext }> {
  const { snapshot } = await loadAggregate(trx, quoteAggregate, uuid);
  return { state: String(snapshot.value), context: snapshot.context as JourneyContext };
}

// The 409 of a step the journey does not take, named for the agent.
export function stepRefusal(state: string, eventType: string): Refused {
  const step = STEP_NAMES[state] ?? state;
  const action = ACTION_NAMES[eventType] ?? eventType;
  return new Refused(`This quote is at the ${step} step, which does not allow ${action}.`);
}

// What a charge made: recorded whatever the entity may do now, since the money has moved.
const CHARGE_OUTCOMES: ReadonlySet<string> = new Set(['quote.purchaseSucceeded', 'quote.purchaseFailed']);

// A write to a quote the caller may see: 404 outside the scope, then 403 when the quote's entity or the one
// the caller acts for may not quote, before any input or step is looked at.
export async function requireWritableQuote(actor: QuoteActor, uuid: string) {
  const quote = await requireQuoteInScope(actor.db, actor.principal, uuid);
  await requireQuotingEntities(actor.db, [actor.acting.id, quote.entity_id]);
  return quote;
}

// Appends the events if the journey takes them, and answers the quote as it now is. A refusal of the
// machine is a 409 that names the step, so the agent knows why (the generic message names no step). Every
// write but a charge's outcome is refused here too for an entity that may not quote, whichever command
// appends it, inside its transaction.
export async function appendToQuote(
  trx: Trx,
  actor: QuoteActor,
  uuid: string,
  events: readonly NewEvent[],
  expectedVersion?: number,
): Promise<QuoteCommandResult> {
  if (!events.every((e) => CHARGE_OUTCOMES.has(e.type))) {
    const quote = await trx
      .selectFrom('quotes')
      .select('entity_id')
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    await requireQuotingEntities(trx, [
      actor.acting.id,
      ...(quote ? [quote.entity_id] : []),
      ...entityIdsNamedBy(events),
    ]);
  }
  try {
    await execute(trx, quoteAggregate, uuid, events, quoteMetadata(actor), expectedVersion);
  } catch (error) {
    if (!(error instanceof CommandRejectedError)) throw error;
    throw stepRefusal(String(error.state), error.eventType);
  }
  const quote = await quoteView(trx, uuid);
  return { uuid, step: quote.step, quote };
}
