import type { EventObject } from 'xstate';
import { billingAccountMachine } from '../../../machines/billingAccount';
import type { AggregateSpec } from '../../store/aggregate';
import type { NewEvent } from '../../store/eventStore';
import { BILLING_STREAM } from './policyRef';

// A policy's billing stream folded through its statechart.
export const billingAggregate: AggregateSpec = {
  streamType: BILLING_STREAM,
  machine: billingAccountMachine,
  toMachineEvent(event: NewEvent): EventObject {
    if (event.type === 'billing.instalmentCollected') {
      return { type: event.type, settlesArrears: event.data.settlesArrears === true } as EventObject;
    }
    return { type: event.type };
  },
};
