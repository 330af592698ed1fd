import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { RENTERS_PAYMENT_ACCOUNT_STREAM, rentersPaymentLifecycleEvent } from './rentersPaymentEvents';

// A customer's renters payment account folds through the record lifecycle, like the customer itself: the
// machine only guarantees it is opened before anything is added to it.
export const rentersPaymentAccountAggregate: AggregateSpec = {
  streamType: RENTERS_PAYMENT_ACCOUNT_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: rentersPaymentLifecycleEvent,
};
