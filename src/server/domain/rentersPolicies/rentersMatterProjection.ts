import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import type { DocumentGenerated, NoteAdded } from '../matters/matterEvents';
import { RENTERS_POLICY_STREAM } from './rentersPolicyEvents';
import type { RentersAddressChanged } from './rentersPolicyRecord';

// The renters policy's notes and documents, in the pet line's tables (`policy_notes`, `policy_documents`,
// keyed by policy number: RNT- numbers never meet PET- ones), and the property address the search row shows
// (`renters_policies.property_*`). Only these event types are read; the status columns belong to
// rentersPolicyProjection.ts. Inserts of a known id do nothing, so a replay gives the same rows.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const policyNumber = event.streamId;
  if (event.type === 'renters.noteAdded') {
    const n = event.data as unknown as NoteAdded;
    await trx
      .insertInto('policy_notes')
      .values({
        id: n.noteId,
        policy_number: policyNumber,
        note: n.note,
        created_at: event.recordedAt,
        created_by: event.metadata.userId,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  } else if (event.type === 'renters.documentGenerated') {
    const d = event.data as unknown as DocumentGenerated;
    await trx
      .insertInto('policy_documents')
      .values({
        id: d.documentId,
        policy_number: policyNumber,
        type: d.type,
        name: d.name,
        content_type: d.contentType,
        size: d.size,
        content_id: d.contentId,
        created_at: event.recordedAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  } else if (event.type === 'renters.addressChanged') {
    const a = event.data as unknown as RentersAddressChanged;
    if (a.addressType !== 'PROPERTY') return;
    // The state never changes: the policy is numbered and rated by it (rentersPolicyEdits.ts).
    await trx
      .updateTable('renters_policies')
      .set({
        property_line_1: a.address.line1,
        property_line_2: a.address.line2,
        property_city: a.address.city,
        property_zip: a.address.zip,
      })
      .where('policy_number', '=', policyNumber)
      .execute();
  }
}

registerProjection(RENTERS_POLICY_STREAM, project);
