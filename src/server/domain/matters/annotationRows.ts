import type { Insertable } from 'kysely';
import type { StoredEvent, Trx } from '../../store/eventStore';
import type { DocumentGenerated, NoteAdded } from './matterEvents';
import type { PolicyDocumentsTable, PolicyNotesTable } from '../../store/tables/matterTables';

// The read rows of a policy's notes and generated documents, keyed by policy number (the stream's id). The
// pet and renters streams write them alike, so both projections call these. An insert of a known id does
// nothing, so a replay gives the same rows.

export async function insertNoteRow(trx: Trx, event: StoredEvent): Promise<void> {
  await trx
    .insertInto('policy_notes')
    .values(noteRowOf(event))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function insertDocumentRow(trx: Trx, event: StoredEvent): Promise<void> {
  await trx
    .insertInto('policy_documents')
    .values(documentRowOf(event))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

// The rows as values; a bulk replay inserts many at once.
export function noteRowOf(event: StoredEvent): Insertable<PolicyNotesTable> {
  const n = event.data as unknown as NoteAdded;
  return {
    id: n.noteId,
    policy_number: event.streamId,
    note: n.note,
    created_at: event.recordedAt,
    created_by: event.metadata.userId,
    priority: n.priority ?? 'NORMAL',
    // A note no person wrote is the product's own.
    source: event.metadata.userId === null ? 'SYSTEM' : 'USER',
    visibility: n.visibility ?? 'AGENT',
  };
}

export function documentRowOf(event: StoredEvent): Insertable<PolicyDocumentsTable> {
  const d = event.data as unknown as DocumentGenerated;
  return {
    id: d.documentId,
    policy_number: event.streamId,
    type: d.type,
    name: d.name,
    content_type: d.contentType,
    size: d.size,
    content_id: d.contentId,
    created_at: event.recordedAt,
  };
}
