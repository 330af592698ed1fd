import { sql } from 'kysely';
import { bulkProjectionsOf, projectionsOf, toStoredEvent, type StoredEvent, type Trx } from './eventStore';

// Events read per round trip. A stream is never split between rounds: its tail waits for the next round.
const CHUNK = 5_000;

export interface ReplayOptions {
  // false: every event through the per-event projections, even where a bulk form exists.
  bulk?: boolean;
}

// Replays every stream of the given types through their projections. One type whose projections all have a
// bulk form goes to them whole streams at a time (read in stream order, which the (stream_type, stream_id,
// version) key serves); otherwise each event goes to its type's per-event projections, in log order across
// the types. Returns the events replayed.
export async function replayStreamTypes(
  trx: Trx,
  streamTypes: readonly string[],
  options: ReplayOptions = {},
): Promise<number> {
  const bulk = streamTypes.length === 1 && options.bulk !== false ? bulkProjectionsOf(streamTypes[0]!) : null;
  if (!bulk) return replayEventByEvent(trx, streamTypes);
  const streamType = streamTypes[0]!;
  return replayInBulk(trx, streamType, (streams) => projectStreams(trx, streamType, streams));
}

// Runs whole streams of one type through its projections: the bulk forms when every projection has one,
// else each event through the per-event forms. A rebuild and a bulk load both project this way.
export async function projectStreams(
  trx: Trx,
  streamType: string,
  streams: readonly (readonly StoredEvent[])[],
): Promise<void> {
  const bulk = bulkProjectionsOf(streamType);
  if (bulk) {
    for (const project of bulk) await project(trx, streams);
    return;
  }
  for (const event of streams.flat()) {
    for (const project of projectionsOf(streamType)) await project(trx, event);
  }
}

// Feeds every stream of a type, whole, to `project`, a chunk of streams at a time; with `types`, only those
// events of each stream (a projection added to a kept book fills itself from the events it reads).
export async function replayInBulk(
  trx: Trx,
  streamType: string,
  project: (streams: readonly (readonly StoredEvent[])[]) => Promise<void>,
  types?: readonly string[],
): Promise<number> {
  let count = 0;
  let after: StreamPosition | null = null;
  let pending: StoredEvent[] = [];
  for (;;) {
    const from: StreamPosition | null = after;
    const rows = await trx
      .selectFrom('events')
      .selectAll()
      .where('stream_type', '=', streamType)
      .$if(types !== undefined, (q) => q.where('type', 'in', types!))
      .$if(from !== null, (q) =>
        q.where(sql<boolean>`(stream_id, version) > (${from!.streamId}, ${from!.version})`),
      )
      .orderBy('stream_id')
      .orderBy('version')
      .limit(CHUNK)
      .execute();
    const events = [...pending, ...rows.map(toStoredEvent)];
    const last = rows.at(-1);
    const done = rows.length < CHUNK;
    // The last stream of a full chunk may go on in the next one.
    const complete = done ? events : events.filter((e) => e.streamId !== last!.stream_id);
    pending = done ? [] : events.filter((e) => e.streamId === last!.stream_id);
    await project(groupByStream(complete));
    count += complete.length;
    if (done) break;
    after = { streamId: last!.stream_id, version: last!.version };
  }
  return count;
}

interface StreamPosition {
  streamId: string;
  version: number;
}

function groupByStream(events: readonly StoredEvent[]): StoredEvent[][] {
  const streams: StoredEvent[][] = [];
  for (const event of events) {
    const current = streams.at(-1);
    if (current && current[0]!.streamId === event.streamId) current.push(event);
    else streams.push([event]);
  }
  return streams;
}

async function replayEventByEvent(trx: Trx, streamTypes: readonly string[]): Promise<number> {
  let after = '0';
  let count = 0;
  for (;;) {
    const rows = await trx
      .selectFrom('events')
      .selectAll()
      .where('stream_type', 'in', streamTypes)
      .where('position', '>', after)
      .orderBy('position')
      .limit(CHUNK)
      .execute();
    for (const row of rows) {
      const event = toStoredEvent(row);
      for (const projection of projectionsOf(event.streamType)) await projection(trx, event);
    }
    count += rows.length;
    if (rows.length < CHUNK) return count;
    after = String(rows.at(-1)!.position);
  }
}
