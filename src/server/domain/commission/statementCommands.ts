import type { StatementCommand } from '../../../machines/commissionStatement';
import { notFound } from '../domainErrors';
import { execute, loadAggregate } from '../../store/aggregate';
import { appendToStream, VersionConflictError, type EventMetadata, type Trx } from '../../store/eventStore';
import { outOfDate } from './statementFreshness';
import { paymentFacts } from './statementPayment';
import { statementAggregate } from './statementAggregate';
import { decideStatementCommand, stateRefusal, type StatementReads } from './statementDecision';

// Approve, unapprove, mark paid and mark unpaid of one statement (SPEC §4; docs/decisions/009). The stream is
// folded through the machine, the command's refusal (if any) is answered in words, and the event is
// appended at the version read: of two concurrent commands one appends, the other gets a version conflict.

export interface CommandContext {
  today: string;
  metadata: EventMetadata;
  // The version the caller saw; a stale one answers 409.
  expectedVersion?: number;
}

export { noBankAccountMessage } from './statementPayment';

// What the command reads of the statement: its payment facts to mark it paid, what it would leave out to
// approve it.
async function readsFor(trx: Trx, statementId: number, command: StatementCommand): Promise<StatementReads> {
  const facts = command === 'markPaid' ? await paymentFacts(trx, [statementId]) : new Map();
  return { facts: facts.get(statementId), stale: await stalenessFor(trx, statementId, command) };
}

// What an approval would leave out (docs/decisions/014); only approve asks.
async function stalenessFor(trx: Trx, statementId: number, command: StatementCommand) {
  if (command !== 'approve') return null;
  const statement = await trx
    .selectFrom('commission_statements')
    .select(['id', 'entity_id', 'month', 'amount_cents'])
    .where('id', '=', statementId)
    .executeTakeFirst();
  return statement ? outOfDate(trx, statement) : null;
}

// The statement's row first, as an override takes it (statementOverrides.ts), then its stream: writers of
// one statement queue on the row in the same order, where one appending first and an override holding the
// row would deadlock. Taken before the stream is read, so a writer that waited reads what the one before it
// committed.
async function lockStatementRow(trx: Trx, statementId: number): Promise<void> {
  await trx
    .selectFrom('commission_statements')
    .select('id')
    .where('id', '=', statementId)
    .forUpdate()
    .execute();
}

export async function runStatementCommand(
  trx: Trx,
  statementId: number,
  command: StatementCommand,
  context: CommandContext,
): Promise<void> {
  const streamId = String(statementId);
  await lockStatementRow(trx, statementId);
  const loaded = await loadAggregate(trx, statementAggregate, streamId);
  if (loaded.version === 0) throw notFound('commission statement');
  if (context.expectedVersion !== undefined && context.expectedVersion !== loaded.version) {
    throw new VersionConflictError(statementAggregate.streamType, streamId, context.expectedVersion);
  }
  // A statement whose state refuses the command is answered before anything is read.
  const reads = stateRefusal(command, loaded.snapshot) ? {} : await readsFor(trx, statementId, command);
  const event = decideStatementCommand(command, streamId, loaded.snapshot, reads, context.today);
  if (event instanceof Error) throw event;
  if (!event) throw notFound('No such statement.');
  await appendToStream(
    trx,
    statementAggregate.streamType,
    streamId,
    loaded.version,
    [event],
    context.metadata,
  );
}

// The statement's file was downloaded (SPEC §4: a downloaded flag and time), in any state.
export async function recordDownload(
  trx: Trx,
  statementId: number,
  format: 'pdf' | 'csv',
  metadata: EventMetadata,
): Promise<void> {
  await lockStatementRow(trx, statementId);
  await execute(
    trx,
    statementAggregate,
    String(statementId),
    [{ type: 'statement.downloaded', data: { format } }],
    metadata,
  );
}
