import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';
import { hasSqlState, sqlStateOf } from './sqlState';

export type Trx = Transaction<Database>;

export interface EventMetadata {
  userId: number | null;
  entityId: number | null;
  requestId: string | null;
  idempotencyKey?: string | null;
  // When the command was given, by the business clock (docs/conventions.md "One business clock"): a moved
  // clock (the demo's year, a QA sandbox) dates the events it appends. It becomes their recorded_at, not part of
  // the stored metadata. Read back from the log, it is absent.
  at: Date;
}

// Who acts, before the moment is known: a job's or a seed's fixed metadata, dated when it appends.
export type EventActor = Omit<EventMetadata, 'at'>;

export interface NewEvent<T extends string = string> {
  type: T;
  data: Record<string, unknown>;
  // When the fact happened, for business brought in from before (an imported book, the demo's history);
  // the database's clock otherwise. Events of one stream must still be appended in the order they happened.
  recordedAt?: Date;
}

export interface StoredEvent<T extends string = string> extends NewEvent<T> {
  position: string;
  streamType: string;
  streamId: string;
  version: number;
  // As stored: the moment is the event's recordedAt.
  metadata: EventActor;
  recordedAt: Date;
}

// The writer's view of the stream was stale: another writer appended first. Surfaces as HTTP 409.
export class VersionConflictError extends Error {
  constructor(
    readonly streamType: string,
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamType}/${streamId} is not at version ${expectedVersion}`);
    this.name = 'VersionConflictError';
  }
}

export type Projection = (trx: Trx, event: StoredEvent) => Promise<void>;

// The same projection over many whole streams of one type at once, for a rebuild or a bulk load: it must
// leave the tables as replaying each stream's events through the per-event projection would
// (bulkReplay.ts; tests/api/bulkReplay.test.ts compares the two).
export type BulkProjection = (trx: Trx, streams: readonly (readonly StoredEvent[])[]) => Promise<void>;

// The same projection over events just appended to many streams of one type at once (appendToStreams): it must
// leave the tables as running the per-event projection over each event in turn would.
export type AppendedProjection = (trx: Trx, events: readonly StoredEvent[]) => Promise<void>;

interface Registered {
  each: Projection;
  bulk: BulkProjection | null;
  appended: AppendedProjection | null;
}

const projections = new Map<string, Registered[]>();

// Projections run inside the appending transaction, so a reader sees what a writer just wrote. The answer
// removes the projection again: the registry lives as long as the module, which a test run may share
// between test files.
export function registerProjection(
  streamType: string,
  projection: Projection,
  bulk?: BulkProjection,
  appended?: AppendedProjection,
): () => void {
  const list = projections.get(streamType) ?? [];
  if (!list.some((r) => r.each === projection))
    list.push({ each: projection, bulk: bulk ?? null, appended: appended ?? null });
  projections.set(streamType, list);
  return () => {
    const left = (projections.get(streamType) ?? []).filter((r) => r.each !== projection);
    if (left.length > 0) projections.set(streamType, left);
    else projections.delete(streamType);
  };
}

// One projection of a stream type, as its module declares it: the per-event form and, where it has one, the
// bulk form. The server assembles them into its registry (src/server/projections.ts) and installs them.
export interface ProjectionSpec {
  streamType: string;
  each: Projection;
  bulk?: BulkProjection;
  appended?: AppendedProjection;
}

// Installs projections in the order given, which is the order they run in for an event.
export function installProjections(specs: readonly ProjectionSpec[]): void {
  for (const spec of specs) registerProjection(spec.streamType, spec.each, spec.bulk, spec.appended);
}

export function projectionsOf(streamType: string): readonly Projection[] {
  return (projections.get(streamType) ?? []).map((r) => r.each);
}

// The bulk forms of a stream type's projections, or null when one of them has none (the stream type is then
// replayed event by event).
export function bulkProjectionsOf(streamType: string): readonly BulkProjection[] | null {
  const list = projections.get(streamType) ?? [];
  return list.every((r) => r.bulk) ? list.map((r) => r.bulk!) : null;
}

export function projectedStreamTypes(): readonly string[] {
  return [...projections.keys()];
}

type EventRow = {
  position: string;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date;
};

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: String(row.position),
    streamType: row.stream_type,
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    data: row.data,
    metadata: row.metadata as unknown as EventMetadata,
    recordedAt: row.recorded_at,
  };
}

export async function readStream(trx: Trx, streamType: string, streamId: string): Promise<StoredEvent[]> {
  const rows = await trx
    .selectFrom('events')
    .selectAll()
    .where('stream_type', '=', streamType)
    .where('stream_id', '=', streamId)
    .orderBy('version')
    .execute();
  return rows.map(toStoredEvent);
}

function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

// Appends events after `expectedVersion` (0 for a new stream). The unique (stream, version) constraint turns
// a race between two writers into a VersionConflictError for the later one, never a lost update.
export async function appendToStream(
  trx: Trx,
  streamType: string,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
  metadata: EventMetadata,
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const { at, ...stored } = metadata;
  const current = await trx
    .selectFrom('events')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('stream_type', '=', streamType)
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  if ((current?.version ?? 0) !== expectedVersion) {
    throw new VersionConflictError(streamType, streamId, expectedVersion);
  }
  let rows: EventRow[];
  try {
    rows = await trx
      .insertInto('events')
      .values(
        events.map((e, i) => ({
          stream_type: streamType,
          stream_id: streamId,
          version: expectedVersion + i + 1,
          type: e.type,
          data: JSON.stringify(e.data),
          metadata: JSON.stringify(stored),
          ...((e.recordedAt ?? at) && { recorded_at: e.recordedAt ?? at }),
        })),
      )
      .returningAll()
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new VersionConflictError(streamType, streamId, expectedVersion);
    throw error;
  }
  const appended = rows.map(toStoredEvent);
  for (const event of appended) {
    for (const projection of projectionsOf(streamType)) await projection(trx, event);
  }
  return appended;
}

// One stream's part of a bulk append: its events after `expectedVersion` (0 for a new stream).
export interface StreamAppend {
  streamId: string;
  expectedVersion: number;
  events: readonly NewEvent[];
}

// A stream of a bulk append was not at its expected version (or two bulk appends deadlocked): the insert
// failed whole, and the transaction with it.
export class BulkConflictError extends Error {
  constructor(
    readonly streamType: string,
    cause: unknown,
  ) {
    super(`A stream of type ${streamType} was changed by another writer`, { cause });
    this.name = 'BulkConflictError';
  }
}

// PostgreSQL's unique_violation and deadlock_detected.
const BULK_CONFLICT_CODES = new Set(['23505', '40P01']);

// Appends to many streams of one type with one insert, for a bulk command whose caller has already decided
// each stream's events from the version it read. The unique (stream, version) key refuses the insert if any
// stream moved on meanwhile: then nothing is kept and BulkConflictError is thrown. Rows go in stream order, so
// two bulk appends over the same streams wait for each other instead of deadlocking. The stream type's
// projections then run as appendToStream runs them, each over all the events: its `appended` form where it
// has one, else its per-event form event by event.
export async function appendToStreams(
  trx: Trx,
  streamType: string,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
): Promise<StoredEvent[]> {
  const { at, ...stored } = metadata;
  const records = [...appends]
    .sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0))
    .flatMap((a) =>
      a.events.map((e, i) => ({
        stream_type: streamType,
        stream_id: a.streamId,
        version: a.expectedVersion + i + 1,
        type: e.type,
        data: e.data,
        metadata: stored,
        recorded_at: e.recordedAt ?? at ?? null,
      })),
    );
  if (records.length === 0) return [];
  let rows: EventRow[];
  try {
    // One JSON parameter however many rows; a row without its own time takes the database's, as the
    // column's default would give it.
    ({ rows } = await sql<EventRow>`
      insert into events (stream_type, stream_id, version, type, data, metadata, recorded_at)
      select stream_type, stream_id, version, type, data, metadata, coalesce(recorded_at, now())
      from json_populate_recordset(null::events, ${JSON.stringify(records)}::json)
      returning *`.execute(trx));
  } catch (error) {
    if (hasSqlState(error, BULK_CONFLICT_CODES)) throw new BulkConflictError(streamType, error);
    throw error;
  }
  const appended = rows.map(toStoredEvent);
  for (const registered of projections.get(streamType) ?? []) {
    if (registered.appended) await registered.appended(trx, appended);
    else for (const event of appended) await registered.each(trx, event);
  }
  return appended;
}
