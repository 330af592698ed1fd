import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { USER_STREAM, userLifecycleEvent } from './userEvents';

// A user folds through the record lifecycle (created, changed, deleted).
export const userAggregate: AggregateSpec = {
  streamType: USER_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: userLifecycleEvent,
};
