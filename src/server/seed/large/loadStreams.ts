import { sql, type RawBuilder } from 'kysely';
import { REPLAY_ORDER } from '../../projections';
import { projectStreams } from '../../store/bulkReplay';
import type { StoredEvent, Trx } from '../../store/eventStore';
import { insertRows } from '../../store/insertRows';
import { BILLING_STREAM } from '../../domain/billing/policyRef';
import { billingRows } from './billing';
import type { GeneratedStream } from './generatedStream';

// Appends generated streams to the log with multi-row inserts, then runs them through the projections'
// bulk forms, group by group in replay order, as a rebuild would. The streams must be new (no event of
// them in the log yet) and each whole; positions are reserved from the log's own sequence, so appends by a
// running server interleave safely. Returns the events appended.
export async function loadStreams(trx: Trx, streams: readonly GeneratedStream[]): Promise<number> {
  const total = streams.reduce((sum, s) => sum + s.events.length, 0);
  if (total === 0) return 0;
  let position = await reservePositions(trx, total);
  const stored = streams.map((stream) =>
    stream.events.map((event, i): StoredEvent => ({
      position: String(position++),
      streamType: stream.streamType,
      streamId: stream.streamId,
      version: i + 1,
      type: event.type,
      data: event.data,
      metadata: event.metadata ?? stream.metadata,
      recordedAt: event.recordedAt,
    })),
  );
  await insertRows(
    trx,
    'events',
    stored.flat().map((e) => ({
      position: e.position,
      stream_type: e.streamType,
      stream_id: e.streamId,
      version: e.version,
      type: e.type,
      data: JSON.stringify(e.data),
      metadata: JSON.stringify(e.metadata),
      recorded_at: e.recordedAt,
    })),
  );
  await insertRows(
    trx,
    'payment_tokens',
    streams.flatMap((s) => s.tokens ?? []),
  );
  for (const group of REPLAY_ORDER) {
    for (const streamType of group) {
      const ofType = stored.filter((s) => s[0]?.streamType === streamType);
      if (ofType.length === 0) continue;
      if (streamType === BILLING_STREAM) await projectBilling(trx, ofType);
      else await projectStreams(trx, streamType, ofType);
    }
  }
  return total;
}

// Billing streams have no bulk projection, and a large book has millions of their events: their rows are
// folded in memory as billingProjection would make them (tests/api/largeSeed.test.ts replays the log to
// check) and inserted in bulk.
async function projectBilling(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const folded = streams.map((events) => billingRows(events));
  await insertRows(
    trx,
    'billing_accounts',
    folded.map((f) => f.account),
  );
  await insertRows(
    trx,
    'billing_instalments',
    folded.flatMap((f) => f.instalments),
  );
}

// The first of `count` consecutive positions, taken from the log's sequence in one step.
const reservePositions = (trx: Trx, count: number) =>
  reserve(trx, sql`pg_get_serial_sequence('events', 'position')`, count);

// The first of `count` consecutive values of an id sequence, reserved in one step.
export const reserveIds = (trx: Trx, sequence: string, count: number) =>
  reserve(trx, sql`${sequence}`, count);

async function reserve(trx: Trx, sequence: RawBuilder<unknown>, count: number): Promise<number> {
  if (count === 0) return 0;
  const { rows } = await sql<{ last: string }>`
    select setval(${sequence}, nextval(${sequence}) + ${count - 1})::text as last`.execute(trx);
  return Number(rows[0]!.last) - count + 1;
}
