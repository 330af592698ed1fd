import { recordLifecycleMachine } from '../../../machines/recordLifecycle';
import type { AggregateSpec } from '../../store/aggregate';
import { COMMISSION_RULE_STREAM, commissionRuleLifecycleEvent } from './commissionRuleEvents';

// Commission rate rules of an entity (docs/commission.md "Storage and API").
export const commissionRuleAggregate: AggregateSpec = {
  streamType: COMMISSION_RULE_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: commissionRuleLifecycleEvent,
};
