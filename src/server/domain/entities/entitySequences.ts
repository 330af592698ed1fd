import { sql } from 'kysely';
import type { Trx } from '../../store/eventStore';

// Ids of entity details come from these sequences and are recorded in the events that create them.
const DETAIL_SEQUENCES = [
  { sequence: 'entity_location_id_seq', eventType: 'entity.locationAdded', idField: 'locationId' },
  { sequence: 'entity_contact_id_seq', eventType: 'entity.contactAdded', idField: 'contactId' },
  { sequence: 'entity_quote_source_id_seq', eventType: 'entity.quoteSourceAdded', idField: 'quoteSourceId' },
] as const;

export async function nextId(
  trx: Trx,
  sequence: (typeof DETAIL_SEQUENCES)[number]['sequence'] | 'entity_uw_question_id_seq',
): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval(${sequence})::int as id`.execute(trx);
  return rows[0]!.id;
}

// After a rebuild: keeps each sequence ahead of every id the log ever issued, removed records included, so
// an id is never handed out twice.
export async function syncEntityDetailSequences(trx: Trx): Promise<void> {
  for (const { sequence, eventType, idField } of DETAIL_SEQUENCES) {
    await sql`select setval(${sequence}, greatest(
        (select max((data->>${idField})::int) from events where stream_type = 'entity' and type = ${eventType}), 1))`.execute(
      trx,
    );
  }
  await sql`select setval('entity_uw_question_id_seq', greatest(
      (select max((link->>'id')::int) from events, jsonb_array_elements(data->'links') as link
        where stream_type = 'entity' and type = 'entity.underwritingQuestionsSet'), 1))`.execute(trx);
}
