import {
  commandRefusal,
  type StatementCommand,
  type StatementState,
} from '../../../machines/commissionStatement';
import { notFound, Refused } from '../domainErrors';
import { CommandRejectedError, execute, loadAggregate } from '../../store/aggregate';
import {
  appendToStream,
  VersionConflictError,
  type EventMetadata,
  type NewEvent,
  type Trx,
} from '../../store/eventStore';
import { outOfDate } from './statementFreshness';
import { commandEvent, paymentFacts } from './statementPayment';
import { statementAggregate } from './statementAggregate';

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

async function eventFor(
  trx: Trx,
  statementId: number,
  command: StatementCommand,
  today: string,
): Promise<NewEvent> {
  const facts = command === 'markPaid' ? await paymentFacts(trx, [statementId]) : new Map();
  const event = commandEvent(
    command,
    facts.get(statementId),
    today,
    await stalenessFor(trx, statementId, command),
  );
  if (event instanceof Refused) throw event;
  if (!event) throw notFound('No such statement.');
  return event;
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
  const refusal = commandRefusal(command, loaded.snapshot.value as StatementState);
  if (refusal) throw new Refused(refusal);
  const event = await eventFor(trx, statementId, command, context.today);
  const machineEvent = statementAggregate.toMachineEvent(event);
  // The machine has the last word (the refusal texts are checked against it in its model test).
  if (!loaded.snapshot.can(machineEvent)) {
    throw new CommandRejectedError(
      statementAggregate.streamType,
      streamId,
      event.type,
      loaded.snapshot.value,
    );
  }
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
