import { insertRows } from '../../store/insertRows';
import { readStream, type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { RENTERS_QUOTE_STREAM } from './rentersQuoteEvents';
import { rentersQuoteRowOf } from './rentersQuoteRow';

// Read table `renters_quotes`: the row the stream's events make (rentersQuoteRow.ts), written after each
// append and, for a rebuild, for many whole streams at once.

// The stream folded up to this event (a rebuild replays the log in order, so later events must not count).
// Renters quote streams are short.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const events = await readStream(trx, RENTERS_QUOTE_STREAM, event.streamId);
  const row = rentersQuoteRowOf(events.filter((e) => e.version <= event.version));
  if (!row) return;
  const { id: _id, ...rest } = row;
  await trx
    .insertInto('renters_quotes')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  await insertRows(
    trx,
    'renters_quotes',
    streams.map(rentersQuoteRowOf).filter((r) => r !== null),
  );
}

export const rentersQuoteProjection: ProjectionSpec = {
  streamType: RENTERS_QUOTE_STREAM,
  each: project,
  bulk: projectMany,
};
