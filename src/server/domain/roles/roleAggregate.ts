import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { ROLE_STREAM, roleLifecycleEvent } from './roleEvents';

// A role folds through the record lifecycle (created, changed, deleted).
export const roleAggregate: AggregateSpec = {
  streamType: ROLE_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: roleLifecycleEvent,
};
