import type { Insertable } from 'kysely';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { insertRows } from '../../store/insertRows';
import type { PolicyFilesTable } from '../../store/tables/matterTables';
import { documentRowOf, insertDocumentRow, insertNoteRow, noteRowOf } from '../matters/annotationRows';
import type { FileAttached } from '../matters/matterEvents';
import { POLICY_STREAM } from './policyEvents';

// Read tables of a pet policy's notes, documents and files, in the rows both lines share
// (matters/annotationRows.ts). Every write is safe to replay over rows already there (an insert of a known id
// does nothing), so a rebuild of the log gives the same tables whether or not they were cleared first.
async function projectPolicy(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'policy.documentGenerated') {
    await insertDocumentRow(trx, event);
  } else if (event.type === 'policy.fileAttached') {
    await trx
      .insertInto('policy_files')
      .values(fileRowOf(event))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  } else if (event.type === 'policy.noteAdded') {
    await insertNoteRow(trx, event);
  }
}

function fileRowOf(event: StoredEvent): Insertable<PolicyFilesTable> {
  const f = event.data as unknown as FileAttached;
  return {
    id: f.fileId,
    policy_number: event.streamId,
    name: f.name,
    content_type: f.contentType,
    size: f.size,
    content_id: f.contentId,
    uploaded_at: event.recordedAt,
    uploaded_by: event.metadata.userId,
  };
}

async function projectPolicies(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const events = streams.flat();
  const of = (type: string) => events.filter((e) => e.type === type);
  await insertRows(trx, 'policy_documents', of('policy.documentGenerated').map(documentRowOf));
  await insertRows(trx, 'policy_files', of('policy.fileAttached').map(fileRowOf));
  await insertRows(trx, 'policy_notes', of('policy.noteAdded').map(noteRowOf));
}

export const policyAnnotationProjection: ProjectionSpec = {
  streamType: POLICY_STREAM,
  each: projectPolicy,
  bulk: projectPolicies,
};
