import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { CUSTOMER_STREAM, customerLifecycleEvent } from './customerEvents';

// A purchase's policyholder, and one policy per pet (docs/purchase.md).
export const customerAggregate: AggregateSpec = {
  streamType: CUSTOMER_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: customerLifecycleEvent,
};
