import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { BANK_ACCOUNT_STREAM, bankAccountLifecycleEvent } from './bankAccountEvents';

// An entity's payout bank account folds through the record lifecycle: opened by the first attempt, then
// only added to.
export const bankAccountAggregate: AggregateSpec = {
  streamType: BANK_ACCOUNT_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: bankAccountLifecycleEvent,
};
