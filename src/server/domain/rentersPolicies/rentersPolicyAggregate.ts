import { rentersPolicyStatusMachine } from '../../../machines/rentersPolicyStatus';
import type { AggregateSpec } from '../../store/aggregate';
import { RENTERS_POLICY_STREAM, rentersPolicyStatusEvent } from './rentersPolicyEvents';

// Renters policies fold through their status machine (docs/decisions/008-renters-policy-changes.md).
export const rentersPolicyAggregate: AggregateSpec = {
  streamType: RENTERS_POLICY_STREAM,
  machine: rentersPolicyStatusMachine,
  toMachineEvent: rentersPolicyStatusEvent,
};
