import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import type { NewEvent } from '../../store/eventStore';
import { CLAIM_STREAM } from './matterEvents';

// A claim's stream (stream id = the claim id): submitted once, then changed while it exists. Which change
// its status allows is decided by claimStatus.ts before anything is appended.
export const claimAggregate: AggregateSpec = {
  streamType: CLAIM_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: (event: NewEvent) =>
    event.type === 'claim.submitted' ? { type: 'record.create' } : { type: 'record.update' },
};
