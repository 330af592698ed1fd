import type { RentersJourneyContext } from '../../../machines/rentersQuoteContext';
import { fold } from '../../store/aggregate';
import { readStream, registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import { rentersQuoteAggregate } from './rentersQuoteAggregate';
import {
  RENTERS_QUOTE_STREAM,
  type RentersCoverageChosen,
  type RentersPropertyGiven,
} from './rentersQuoteEvents';

// Read table `renters_quotes`: the journey folded up to each event (a rebuild replays the log in order, so
// later events must not count), kept whole as the quote's context. Renters quote streams are short.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const events = await readStream(trx, RENTERS_QUOTE_STREAM, event.streamId);
  const snapshot = fold(
    rentersQuoteAggregate,
    events.filter((e) => e.version <= event.version),
  );
  const context = snapshot.context as RentersJourneyContext;
  const row = {
    step: String(snapshot.value),
    version: event.version,
    state_code: context.property?.stateCode ?? '',
    zip_code: context.property?.zipCode ?? '',
    effective_date: context.effectiveDate ?? '1970-01-01',
    total_cents: context.premium?.totalCents ?? null,
    policy_number: context.policy?.policyNumber ?? null,
    journey: JSON.stringify(context),
    updated_at: event.recordedAt,
    // New property facts drop the price (decision 007), so its rating goes with it.
    ...(event.type === 'rentersQuote.coverageChosen'
      ? { rating: JSON.stringify((event.data as unknown as RentersCoverageChosen).rating) }
      : event.type === 'rentersQuote.propertyGiven'
        ? { rating: null }
        : {}),
  };
  // A rewrite's log opens with rentersQuote.rewriteStarted, appended with the start step: the row is made
  // by the quote's first start step (propertyGiven), which names its entity.
  const first = events.find((e) => e.type === 'rentersQuote.propertyGiven');
  if (first === undefined) return;
  if (first.version === event.version) {
    const data = event.data as unknown as RentersPropertyGiven;
    await trx
      .insertInto('renters_quotes')
      .values({
        id: event.streamId,
        entity_id: data.entityId,
        created_by: event.metadata.userId,
        created_at: event.recordedAt,
        ...row,
      })
      .execute();
    return;
  }
  await trx.updateTable('renters_quotes').set(row).where('id', '=', event.streamId).execute();
}

registerProjection(RENTERS_QUOTE_STREAM, project);
