import { sql } from 'kysely';
import { insertRows } from '../../store/insertRows';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { documentRowOf, insertDocumentRow, insertNoteRow, noteRowOf } from '../matters/annotationRows';
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
  } else {
    const address = propertyAddressOf(event);
    if (!address) return;
    await trx
      .updateTable('renters_policies')
      .set(address)
      .where('policy_number', '=', event.streamId)
      .execute();
  }
}

interface PropertyAddressColumns {
  property_line_1: string;
  property_line_2: string | null;
  property_city: string;
  property_zip: string;
}

// The property address an event moves the policy to, if it does. The state never changes: the policy is
// numbered and rated by it (rentersPolicyEdits.ts).
function propertyAddressOf(event: StoredEvent): PropertyAddressColumns | null {
  if (event.type !== 'renters.addressChanged') return null;
  const a = event.data as unknown as RentersAddressChanged;
  if (a.addressType !== 'PROPERTY') return null;
  return {
    property_line_1: a.address.line1,
    property_line_2: a.address.line2,
    property_city: a.address.city,
    property_zip: a.address.zip,
  };
}

// Whole streams: the notes and documents in a few inserts (the first of an id wins, as the per-event insert
// keeps it), then each moved policy's last property address in one update of the rows the status projection
// inserted just before (it registers first).
async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const notes = new Map<string, ReturnType<typeof noteRowOf>>();
  const documents = new Map<string, ReturnType<typeof documentRowOf>>();
  const moved: (PropertyAddressColumns & { policy_number: string })[] = [];
  for (const stream of streams) {
    let last: PropertyAddressColumns | null = null;
    for (const event of stream) {
      if (event.type === 'renters.noteAdded') {
        const row = noteRowOf(event);
        if (!notes.has(row.id)) notes.set(row.id, row);
      } else if (event.type === 'renters.documentGenerated') {
        const row = documentRowOf(event);
        if (!documents.has(row.id)) documents.set(row.id, row);
      } else {
        last = propertyAddressOf(event) ?? last;
      }
    }
    if (last) moved.push({ policy_number: stream[0]!.streamId, ...last });
  }
  await insertRows(trx, 'policy_notes', [...notes.values()]);
  await insertRows(trx, 'policy_documents', [...documents.values()]);
  if (moved.length === 0) return;
  await sql`
    update renters_policies as p
       set property_line_1 = m.property_line_1, property_line_2 = m.property_line_2,
           property_city = m.property_city, property_zip = m.property_zip
      from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb)
        as m(policy_number text, property_line_1 text, property_line_2 text, property_city text, property_zip text)
     where p.policy_number = m.policy_number`.execute(trx);
}

export const rentersMatterProjection: ProjectionSpec = {
  streamType: RENTERS_POLICY_STREAM,
  each: project,
  bulk: projectMany,
};
