import { createActor } from 'xstate';
import type { RentersJourneyContext } from '../../../machines/rentersQuoteContext';
import type { StoredEvent } from '../../store/eventStore';
import { rentersQuoteAggregate } from './rentersQuoteAggregate';

// SPEC §3's renters Quote status, read from the quote's log: what a reader of a quote list asks (is it
// priced, sold, waiting on a payment), where the journey's step says which screen comes next. A quote taken
// back a step keeps its price, so it stays QUOTED.
export type RentersQuoteStatus = 'OPEN' | 'QUOTED' | 'PURCHASING' | 'PAYMENT_FAILED' | 'SOLD';

export function rentersQuoteStatusOf(step: string, context: RentersJourneyContext): RentersQuoteStatus {
  if (step === 'purchased') return 'SOLD';
  if (step === 'purchasing') return 'PURCHASING';
  if (step === 'paymentFailed') return 'PAYMENT_FAILED';
  return context.premium ? 'QUOTED' : 'OPEN';
}

export interface RentersQuoteStatusAt {
  status: RentersQuoteStatus;
  // The moment of the event that gave the quote this status (the business clock's, as every event's).
  at: Date;
  // Who bought it and when, once sold.
  sold: { userId: number | null; at: Date } | null;
}

// The log replayed event by event, so the status's moment is the first event since which it held.
export function rentersQuoteStatusAt(events: readonly StoredEvent[]): RentersQuoteStatusAt | null {
  if (events.length === 0) return null;
  const actor = createActor(rentersQuoteAggregate.machine).start();
  let status: RentersQuoteStatus | null = null;
  let at = events[0]!.recordedAt;
  let sold: RentersQuoteStatusAt['sold'] = null;
  for (const event of events) {
    actor.send(rentersQuoteAggregate.toMachineEvent(event));
    const snapshot = actor.getSnapshot();
    const next = rentersQuoteStatusOf(String(snapshot.value), snapshot.context as RentersJourneyContext);
    if (next !== status) {
      status = next;
      at = event.recordedAt;
    }
    if (event.type === 'rentersQuote.purchaseSucceeded') {
      sold = { userId: event.metadata.userId, at: event.recordedAt };
    }
  }
  actor.stop();
  return { status: status!, at, sold };
}
