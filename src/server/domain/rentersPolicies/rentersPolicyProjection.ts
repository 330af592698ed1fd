import { insertRows } from '../../store/insertRows';
import { readStream, type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { RENTERS_POLICY_STREAM } from './rentersPolicyEvents';
import { issuedRowOf, rentersPolicyRowOf, statusColumnsOf, type RentersPolicyRow } from './rentersPolicyRows';

// Read table `renters_policies` (the row: rentersPolicyRows.ts). The issue event inserts the row; after every
// event the status columns are refreshed from the stream folded through the status machine up to that event
// (never set by hand), so the row is always the fold of the log, whichever way it is replayed.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'renters.policyIssued') {
    await trx.insertInto('renters_policies').values(issuedRowOf(event)).execute();
  }
  const events = (await readStream(trx, RENTERS_POLICY_STREAM, event.streamId)).filter(
    (e) => e.version <= event.version,
  );
  await trx
    .updateTable('renters_policies')
    .set(statusColumnsOf(events))
    .where('policy_number', '=', event.streamId)
    .execute();
}

// Whole streams: each folds to its final row at once. The property address edits come after, from
// rentersMatterProjection.ts, which registers after this module.
async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const rows = streams.map(rentersPolicyRowOf).filter((row): row is RentersPolicyRow => row !== null);
  await insertRows(trx, 'renters_policies', rows);
}

export const rentersPolicyProjection: ProjectionSpec = {
  streamType: RENTERS_POLICY_STREAM,
  each: project,
  bulk: projectMany,
};
