import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { ENTITY_STREAM, entityLifecycleEvent } from './entityEvents';

// An entity's record folds through the record lifecycle (created, changed, deleted).
export const entityAggregate: AggregateSpec = {
  streamType: ENTITY_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: entityLifecycleEvent,
};
