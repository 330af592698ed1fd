import type { Insertable } from 'kysely';
import type { RentersJourneyContext } from '../../../machines/rentersQuoteContext';
import { fold } from '../../store/aggregate';
import type { StoredEvent } from '../../store/eventStore';
import { rentersQuoteAggregate } from './rentersQuoteAggregate';
import type { RentersCoverageChosen, RentersPropertyGiven } from './rentersQuoteEvents';
import type { RentersQuotesTable } from '../../store/tables/rentersQuoteTables';

export type RentersQuoteRow = Insertable<RentersQuotesTable> & { id: string };

// A renters quote's `renters_quotes` row as its events leave it: the journey folded through them, kept whole
// as the quote's context. One pure fold that the per-event projection runs over the stream up to the event
// and the bulk projection over whole streams. Null until the quote's first start step (propertyGiven), which
// names its entity: a rewrite's log opens with rentersQuote.rewriteStarted, appended with the start step.
export function rentersQuoteRowOf(events: readonly StoredEvent[]): RentersQuoteRow | null {
  const start = events.findIndex((e) => e.type === 'rentersQuote.propertyGiven');
  if (start < 0) return null;
  const first = events[start]!;
  const last = events.at(-1)!;
  const snapshot = fold(rentersQuoteAggregate, events);
  const context = snapshot.context as RentersJourneyContext;
  return {
    id: first.streamId,
    entity_id: (first.data as unknown as RentersPropertyGiven).entityId,
    created_by: first.metadata.userId,
    created_at: first.recordedAt,
    step: String(snapshot.value),
    version: last.version,
    state_code: context.property?.stateCode ?? '',
    zip_code: context.property?.zipCode ?? '',
    effective_date: context.effectiveDate ?? '1970-01-01',
    total_cents: context.premium?.totalCents ?? null,
    policy_number: context.policy?.policyNumber ?? null,
    journey: JSON.stringify(context),
    rating: ratingOf(events.slice(start)),
    updated_at: last.recordedAt,
    purchased_at: events.find((e) => e.type === 'rentersQuote.purchaseSucceeded')?.recordedAt ?? null,
  };
}

// The rating of the coverage last priced; new property facts drop the price (decision 007), so its rating
// goes with it.
function ratingOf(events: readonly StoredEvent[]): string | null {
  let rating: string | null = null;
  for (const event of events) {
    if (event.type === 'rentersQuote.coverageChosen') {
      rating = JSON.stringify((event.data as unknown as RentersCoverageChosen).rating);
    } else if (event.type === 'rentersQuote.propertyGiven') rating = null;
  }
  return rating;
}
