import { setup } from 'xstate';

// Lifecycle of an administered record (entity, role, user): created, edited while active, deactivated and
// reactivated, and deleted for good. The server folds a record's events through it and refuses a command it
// does not allow. Entities are only ever deactivated (SPEC §4); roles and users can be deleted, which ends
// the record: nothing is allowed after it.
export type RecordLifecycleEvent =
  | { type: 'record.create' }
  | { type: 'record.update' }
  | { type: 'record.deactivate' }
  | { type: 'record.reactivate' }
  | { type: 'record.delete' };

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
        'record.delete': 'deleted',
      },
    },
    inactive: {
      on: { 'record.reactivate': 'active', 'record.delete': 'deleted' },
    },
    deleted: { type: 'final' },
  },
});
