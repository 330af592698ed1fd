import { appendToStream, type EventMetadata, type NewEvent, type Trx } from '../../store/eventStore';
import { billingStreamId, type PolicyRef } from '../billing/policyRef';
import { CORRECTION_STREAM } from './correctionEvents';

// Appends to a policy's correction stream. A correction is recorded once by whoever plans it; two running at
// once conflict on the stream's version and the second fails rather than correcting twice.
export async function appendCorrection(
  trx: Trx,
  ref: PolicyRef,
  events: readonly NewEvent[],
  metadata: EventMetadata,
): Promise<void> {
  const streamId = billingStreamId(ref);
  const current = await trx
    .selectFrom('events')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('stream_type', '=', CORRECTION_STREAM)
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  await appendToStream(trx, CORRECTION_STREAM, streamId, current?.version ?? 0, events, metadata);
}
