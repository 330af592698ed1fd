import { recordLifecycleMachine } from '../../machines/recordLifecycle';
import type { AggregateSpec } from '../store/aggregate';
import { ENTITY_STREAM, entityLifecycleEvent } from './entities/entityEvents';
import { ROLE_STREAM, roleLifecycleEvent } from './roles/roleEvents';
import { USER_STREAM, userLifecycleEvent } from './users/userEvents';
export { quoteAggregate } from './quotes/quoteAggregate';
import './entities/entityProjection';
import './entities/entityDetailsProjection';
import './roles/roleProjection';
import './users/userProjection';
import './quotes/quoteProjection';

// The event-sourced records of the administration area. Importing this module registers their projections.
export const entityAggregate: AggregateSpec = {
  streamType: ENTITY_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: entityLifecycleEvent,
};
export const roleAggregate: AggregateSpec = {
  streamType: ROLE_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: roleLifecycleEvent,
};
export const userAggregate: AggregateSpec = {
  streamType: USER_STREAM,
  machine: recordLifecycleMachine,
  toMachineEvent: userLifecycleEvent,
};

// Projection tables in the order a rebuild clears them (children first).
export const PROJECTION_TABLES = [
  'quote_pets',
  'quotes',
  'user_roles',
  'users',
  'role_privileges',
  'roles',
  'entity_contacts',
  'entity_locations',
  'entity_underwriting_questions',
  'entity_quote_sources',
  'entity_discount_states',
  'entity_attributes',
  'entities',
] as const;
