import { commissionStatementMachine } from '../../../machines/commissionStatement';
import type { AggregateSpec } from '../../store/aggregate';
import { COMMISSION_STATEMENT_STREAM, statementMachineEvent } from './statementEvents';

// A commission statement folds through its review and payment machine (docs/decisions/009).
export const statementAggregate: AggregateSpec = {
  streamType: COMMISSION_STATEMENT_STREAM,
  machine: commissionStatementMachine,
  toMachineEvent: statementMachineEvent,
};
