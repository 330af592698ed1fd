import type { AnyMachineSnapshot } from 'xstate';
import {
  commandRefusal,
  type Staleness,
  type StatementCommand,
  type StatementState,
} from '../../../machines/commissionStatement';
import { CommandRejectedError } from '../../store/aggregate';
import type { NewEvent } from '../../store/eventStore';
import { Refused } from '../domainErrors';
import { statementAggregate } from './statementAggregate';
import { commandEvent, type PaymentFacts } from './statementPayment';

// The decision of a statement command (SPEC §4; docs/decisions/009), for the single command
// (statementCommands.ts) and a bulk batch (statementBatch.ts) alike: given the statement's folded state and
// what the command read of it, the event to append or the error the command answers instead.

// What the command read: mark paid reads the payment facts, approve what the statement would leave out
// (docs/decisions/014). Nothing needs reading for a statement whose state refuses the command.
export interface StatementReads {
  facts?: PaymentFacts | undefined;
  stale?: Staleness | null | undefined;
}

// The command's refusal in words when the statement's state does not take it, before anything is read.
export function stateRefusal(command: StatementCommand, snapshot: AnyMachineSnapshot): Refused | null {
  const refusal = commandRefusal(command, snapshot.value as StatementState);
  return refusal ? new Refused(refusal) : null;
}

// The event to append, or the error to answer; null when the statement's payment facts were not read (it is
// gone).
export function decideStatementCommand(
  command: StatementCommand,
  streamId: string,
  snapshot: AnyMachineSnapshot,
  reads: StatementReads,
  today: string,
): NewEvent | Error | null {
  const refusal = stateRefusal(command, snapshot);
  if (refusal) return refusal;
  const event = commandEvent(command, reads.facts, today, reads.stale);
  if (event === null || event instanceof Refused) return event;
  // The machine has the last word (the refusal texts are checked against it in its model test).
  if (!snapshot.can(statementAggregate.toMachineEvent(event))) {
    return new CommandRejectedError(statementAggregate.streamType, streamId, event.type, snapshot.value);
  }
  return event;
}
