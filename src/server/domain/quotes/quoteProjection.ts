import { insertRows } from '../../store/insertRows';
import { readStream, type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { QUOTE_STREAM } from './quoteEvents';
import { QUOTE_PET_EVENTS, quoteRowsOf, type QuoteRows } from './quoteRows';

// Read tables `quotes` and `quote_pets`, kept in step with the quote stream: the rows its events make
// (quoteRows.ts), written after each append and, for a rebuild, for many whole streams at once.

// The stream folded up to this event (a rebuild replays the log in order, so later events must not count).
// Quote streams are short, so folding each time is cheap.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const events = await readStream(trx, QUOTE_STREAM, event.streamId);
  const rows = quoteRowsOf(events.filter((e) => e.version <= event.version));
  if (!rows) return;
  const { uuid, ...quote } = rows.quote;
  await trx
    .insertInto('quotes')
    .values(rows.quote)
    .onConflict((oc) => oc.column('uuid').doUpdateSet(quote))
    .execute();
  if (!QUOTE_PET_EVENTS.has(event.type)) return;
  await trx.deleteFrom('quote_pets').where('quote_uuid', '=', uuid).execute();
  await writePets(trx, [rows]);
}

async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const rows = streams.map(quoteRowsOf).filter((r) => r !== null);
  await insertRows(
    trx,
    'quotes',
    rows.map((r) => r.quote),
  );
  await writePets(trx, rows);
}

async function writePets(trx: Trx, rows: readonly QuoteRows[]): Promise<void> {
  await insertRows(
    trx,
    'quote_pets',
    rows.flatMap((r) => r.pets),
  );
  const purchased = rows.filter((r) => r.purchased).map((r) => r.quote.uuid);
  if (purchased.length === 0) return;
  // The purchase issued one policy per pet just before its event (the policy stream, replayed first).
  await trx
    .updateTable('quote_pets')
    .from('policies')
    .set((eb) => ({ policy_number: eb.ref('policies.policy_number') }))
    .whereRef('policies.quote_uuid', '=', 'quote_pets.quote_uuid')
    .whereRef('policies.pet_id', '=', 'quote_pets.pet_id')
    .where('quote_pets.quote_uuid', 'in', purchased)
    .execute();
}

export const quoteProjection: ProjectionSpec = { streamType: QUOTE_STREAM, each: project, bulk: projectMany };
