import { policyLifecycleMachine } from '../../../machines/policyLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { POLICY_STREAM, policyLifecycleEvent } from './policyEvents';

// Pet policies fold through their own lifecycle (docs/decisions/006-pet-policy-lifecycle.md).
export const policyAggregate: AggregateSpec = {
  streamType: POLICY_STREAM,
  machine: policyLifecycleMachine,
  toMachineEvent: policyLifecycleEvent,
};
