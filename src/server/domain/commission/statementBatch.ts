import { sql } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import {
  commandRefusal,
  type StatementCommand,
  type StatementState,
} from '../../../machines/commissionStatement';
import { Refused } from '../domainErrors';
import { CommandRejectedError, fold } from '../../store/aggregate';
import {
  projectionsOf,
  toStoredEvent,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
  type Trx,
} from '../../store/eventStore';
import { statementAggregate } from './statementAggregate';
import { outOfDateOf } from './statementFreshness';
import { commandEvent, paymentFacts } from './statementPayment';
import { projectAppended, projectStatementEvent } from './statementProjection';
import { hasSqlState } from '../../store/sqlState';

// One batch of a bulk statement command in one transaction (issue 10: 10,000 statements by filter in 3 s).
// The batch's streams are read in one query, each statement is decided as runStatementCommand decides it
// (the same refusal texts, the same machine), the batch's events are appended in one insert at the versions
// read, and the read table is updated a kind of change at a time. Each statement's outcome is the one the
// single command would have had in a transaction of its own at the moment the batch read it.

// A concurrent writer appended to one of the batch's streams between its read and its insert (or the two
// inserts deadlocked): the transaction is lost whole, and the caller decides the batch again one by one.
export class BatchConflictError extends Error {
  constructor(cause: unknown) {
    super('A statement of the batch was changed by another writer', { cause });
    this.name = 'BatchConflictError';
  }
}

// PostgreSQL's unique_violation and deadlock_detected.
const CONFLICT_CODES = new Set(['23505', '40P01']);

interface Loaded {
  version: number;
  snapshot: AnyMachineSnapshot;
}

// Only markedPaid's data reaches the machine (statementMachineEvent): the lines, the bulk of a generated or
// recalculated event, stay in the database. Streams with the same history fold once: a fold starts an actor.
async function loadStreams(trx: Trx, ids: readonly string[]): Promise<Map<string, Loaded>> {
  const rows = await trx
    .selectFrom('events')
    .select(['stream_id', 'version', 'type', sql<Record<string, unknown>>`data - 'lines'`.as('data')])
    .where('stream_type', '=', statementAggregate.streamType)
    .where('stream_id', 'in', ids)
    .orderBy('stream_id')
    .orderBy('version')
    .execute();
  const streams = new Map<string, { version: number; events: NewEvent[] }>();
  for (const row of rows) {
    const stream = streams.get(row.stream_id) ?? { version: 0, events: [] };
    streams.set(row.stream_id, stream);
    stream.version = row.version;
    stream.events.push({ type: row.type, data: row.data });
  }
  const folded = new Map<string, AnyMachineSnapshot>();
  const loaded = new Map<string, Loaded>();
  for (const [id, { version, events }] of streams) {
    // The fold sees only the machine events, so equal machine events fold to equal snapshots.
    const key = JSON.stringify(events.map((e) => statementAggregate.toMachineEvent(e)));
    let snapshot = folded.get(key);
    if (!snapshot) {
      snapshot = fold(statementAggregate, events);
      folded.set(key, snapshot);
    }
    loaded.set(id, { version, snapshot });
  }
  return loaded;
}

interface Append {
  streamId: string;
  version: number;
  event: NewEvent;
}

// One insert for the batch, one event per stream at the version after the one read. The unique (stream,
// version) key refuses the insert if any stream moved on meanwhile; then nothing of the batch is kept.
async function appendAll(trx: Trx, appends: readonly Append[], metadata: EventMetadata) {
  if (appends.length === 0) return [];
  // Ordered by stream, so two batches over the same statements wait for each other instead of deadlocking.
  const records = [...appends]
    .sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0))
    .map((a) => ({
      stream_type: statementAggregate.streamType,
      stream_id: a.streamId,
      version: a.version,
      type: a.event.type,
      data: a.event.data,
      metadata,
    }));
  try {
    const { rows } = await sql<Parameters<typeof toStoredEvent>[0]>`
      insert into events (stream_type, stream_id, version, type, data, metadata)
      select stream_type, stream_id, version, type, data, metadata
      from json_populate_recordset(null::events, ${JSON.stringify(records)}::json)
      returning *`.execute(trx);
    return rows.map(toStoredEvent);
  } catch (error) {
    if (hasSqlState(error, CONFLICT_CODES)) throw new BatchConflictError(error);
    throw error;
  }
}

// The stream type's projections over the batch's events, as appendToStream runs them for each event; the
// statement tables' own through their set-based form.
async function project(trx: Trx, events: readonly StoredEvent[]) {
  for (const projection of projectionsOf(statementAggregate.streamType)) {
    if (projection === projectStatementEvent) await projectAppended(trx, events);
    else for (const event of events) await projection(trx, event);
  }
}

// Which of the statements an approval would leave out of date (docs/decisions/014): one query for the batch,
// the figures only for those lacking events.
async function staleOf(trx: Trx, ids: readonly number[]) {
  if (ids.length === 0) return new Map();
  const statements = await trx
    .selectFrom('commission_statements')
    .select(['id', 'entity_id', 'month', 'amount_cents'])
    .where('id', 'in', ids)
    .execute();
  return outOfDateOf(trx, statements);
}

export interface BatchContext {
  today: string;
  metadata: EventMetadata;
}

// Each statement's outcome, in the order given: null when it moved, else the error runStatementCommand would
// have thrown for it. null for the whole batch when a statement has no stream (the single command answers
// that itself): the caller then runs the batch one by one. Throws BatchConflictError on a concurrent write.
export async function runStatementBatch(
  trx: Trx,
  ids: readonly number[],
  command: StatementCommand,
  context: BatchContext,
): Promise<(Error | null)[] | null> {
  const streams = await loadStreams(
    trx,
    ids.map((id) => String(id)),
  );
  const states = ids.map((id) => streams.get(String(id)));
  if (states.some((loaded) => !loaded)) return null;
  const refusals = states.map((loaded) => commandRefusal(command, loaded!.snapshot.value as StatementState));
  const facts =
    command === 'markPaid'
      ? await paymentFacts(
          trx,
          ids.filter((_, i) => refusals[i] === null),
        )
      : null;
  const stale =
    command === 'approve'
      ? await staleOf(
          trx,
          ids.filter((_, i) => refusals[i] === null),
        )
      : null;
  const outcomes: (Error | null)[] = [];
  const appends: Append[] = [];
  for (const [i, id] of ids.entries()) {
    const refusal = refusals[i];
    if (refusal) {
      outcomes.push(new Refused(refusal));
      continue;
    }
    const event = commandEvent(command, facts?.get(id), context.today, stale?.get(id));
    if (event === null) return null;
    if (event instanceof Refused) {
      outcomes.push(event);
      continue;
    }
    const { version, snapshot } = states[i]!;
    // The machine has the last word, as in the single command.
    if (!snapshot.can(statementAggregate.toMachineEvent(event))) {
      outcomes.push(
        new CommandRejectedError(statementAggregate.streamType, String(id), event.type, snapshot.value),
      );
      continue;
    }
    outcomes.push(null);
    appends.push({ streamId: String(id), version: version + 1, event });
  }
  await project(trx, await appendAll(trx, appends, context.metadata));
  return outcomes;
}
