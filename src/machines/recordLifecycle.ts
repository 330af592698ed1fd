import { setup } from 'xstate';

// Lifecycle of an administered record (entity, role, user): created, edited while active, deactivated and
// reactivated. The server folds a record's events through it and refuses a command it does not allow.
export type RecordLifecycleEvent =
  | { type: 'record.create' }
  | { type: 'record.update' }
  | { type: 'record.deactivate' }
  | { type: 'record.reactivate' };

export const recordLifecycleMachine = setup({
  types: { events: {} as RecordLifecycleEvent },
}).createMachine({
  id: 'recordLifecycle',
  initial: 'absent',
  states: {
    absent: { on: { 'record.create': 'active' } },
    active: {
      on: {
        'record.update': 'active',
        'record.deactivate': 'inactive',
      },
    },
    inactive: {
      on: { 'record.reactivate': 'active' },
    },
  },
});
