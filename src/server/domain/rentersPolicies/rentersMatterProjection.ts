import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import { insertDocumentRow, insertNoteRow } from '../matters/annotationRows';
import { RENTERS_POLICY_STREAM } from './rentersPolicyEvents';
import type { RentersAddressChanged } from './rentersPolicyRecord';

// The renters policy's notes and documents, in the pet line's tables (`policy_notes`, `policy_documents`,
// keyed by policy number: RNT- numbers never meet PET- ones), and the property address the search row shows
// (`renters_policies.property_*`). Only these event types are read; the status columns belong to
// rentersPolicyProjection.ts. Inserts of a known id do nothing, so a replay gives the same rows.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'renters.noteAdded') {
    await insertNoteRow(trx, event);
  } else if (event.type === 'renters.documentGenerated') {
    await insertDocumentRow(trx, event);
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
      .where('policy_number', '=', event.streamId)
      .execute();
  }
}

registerProjection(RENTERS_POLICY_STREAM, project);
