import { sql } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import type { StatementCommand } from '../../../machines/commissionStatement';
import { fold } from '../../store/aggregate';
import {
  appendToStreams,
  BulkConflictError,
  type EventMetadata,
  type NewEvent,
  type StreamAppend,
  type Trx,
} from '../../store/eventStore';
import { statementAggregate } from './statementAggregate';
import { decideStatementCommand, stateRefusal } from './statementDecision';
import { outOfDateOf } from './statementFreshness';
import { paymentFacts } from './statementPayment';

// One batch of a bulk statement command in one transaction (issue 10: 10,000 statements by filter in 3 s).
// The batch's streams are read in one query, each statement is decided by the single command's decision
// (statementDecision.ts), the batch's events are appended by the event store in one insert at the versions
// read, and the read table is updated a kind of change at a time (the projection's appended form). Each
// statement's outcome is the one the single command would have had in a transaction of its own at the moment
// the batch read it.

// A concurrent writer appended to one of the batch's streams between its read and its insert (or the two
// inserts deadlocked): the transaction is lost whole, and the caller decides the batch again one by one.
export class BatchConflictError extends Error {
  constructor(cause: unknown) {
    super('A statement of the batch was changed by another writer', { cause });
    this.name = 'BatchConflictError';
  }
}

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
  // Only the statements whose state takes the command are read further, as the single command reads them.
  const moving = ids.filter((_, i) => stateRefusal(command, states[i]!.snapshot) === null);
  const facts = command === 'markPaid' ? await paymentFacts(trx, moving) : null;
  const stale = command === 'approve' ? await staleOf(trx, moving) : null;
  const outcomes: (Error | null)[] = [];
  const appends: StreamAppend[] = [];
  for (const [i, id] of ids.entries()) {
    const { version, snapshot } = states[i]!;
    const reads = { facts: facts?.get(id), stale: stale?.get(id) };
    const event = decideStatementCommand(command, String(id), snapshot, reads, context.today);
    if (event === null) return null;
    if (event instanceof Error) {
      outcomes.push(event);
      continue;
    }
    outcomes.push(null);
    appends.push({ streamId: String(id), expectedVersion: version, events: [event] });
  }
  try {
    await appendToStreams(trx, statementAggregate.streamType, appends, context.metadata);
  } catch (error) {
    if (error instanceof BulkConflictError) throw new BatchConflictError(error.cause);
    throw error;
  }
  return outcomes;
}
