import { setup } from 'xstate';

// The life of one pet policy (SPEC §1, §3; docs/decisions/006): issued → in force; a committed cancellation
// either ends it at once (a flat cancel in the free-look period, or a cancel date already reached) or leaves
// it pending until its cancel date. Pure on purpose (no invoke/after): time is an input. A cancellation says
// whether it took effect when it was committed, and when a pending one's date has come the server records
// `policy.cancellationTookEffect` before anything else it writes (and the policy view folds the same event in
// memory), so the log alone decides the state. A reinstatement (billing's, after a late payment) puts a
// policy cancelled for non-payment back in force. Notes and files attach in every state after issue; documents
// are generated with the purchase only (docs/decisions/020).

export type PolicyAnnotationType = 'policy.noteAdded' | 'policy.fileAttached' | 'policy.documentGenerated';

export type PolicyLifecycleEvent =
  | { type: 'policy.issued' }
  | { type: 'policy.policyholderChanged' }
  // flat: void from the effective date (free look); immediate: the cancel date is on or before the day of
  // the commit. Either ends the policy now; otherwise it stays in force until the cancel date.
  | { type: 'policy.cancelled'; flat: boolean; immediate: boolean }
  | { type: 'policy.cancellationTookEffect' }
  // Cover restored after a cancellation: billing reinstates a policy that lapsed for non-payment once the
  // late payment arrives. A lapse cancels at once (its cover ends on a date already past), so only a
  // cancelled policy is reinstated.
  | { type: 'policy.reinstated' }
  // The end of the term, sent by the daily policy-dates work: the next term's price is offered some weeks
  // before the expiration date, and on that date the policy renews into it (docs/policy-dates.md).
  | { type: 'policy.renewalOffered' }
  | { type: 'policy.renewed' }
  | { type: PolicyAnnotationType };

// How many days before the expiration date the daily policy-dates work offers the next term's price; the
// policy renews on the expiration date itself.
export const RENEWAL_OFFER_DAYS = 45;

export type PolicyLifecycleState = 'absent' | 'inForce' | 'pendingCancellation' | 'cancelled';

// Staying in the same state takes an explicit target: xstate's `can` answers false for a transition with
// neither target nor actions, and the server asks `can` before appending. A document is generated in force
// alone: the declaration the purchase stores (docs/decisions/020).
const annotationsIn = (state: PolicyLifecycleState) => ({
  'policy.noteAdded': state,
  'policy.fileAttached': state,
  ...(state === 'inForce' ? { 'policy.documentGenerated': state } : {}),
});

export const policyLifecycleMachine = setup({
  types: { events: {} as PolicyLifecycleEvent },
  guards: {
    endsNow: ({ event }) => event.type === 'policy.cancelled' && (event.flat || event.immediate),
  },
}).createMachine({
  id: 'policyLifecycle',
  initial: 'absent',
  states: {
    absent: { on: { 'policy.issued': 'inForce' } },
    inForce: {
      on: {
        ...annotationsIn('inForce'),
        'policy.policyholderChanged': 'inForce',
        'policy.renewalOffered': 'inForce',
        'policy.renewed': 'inForce',
        'policy.cancelled': [{ guard: 'endsNow', target: 'cancelled' }, { target: 'pendingCancellation' }],
      },
    },
    // Still covered until the cancel date: contact details may change; a second cancellation may not, and a
    // policy that ends before its term does is neither offered a renewal nor renewed.
    pendingCancellation: {
      on: {
        ...annotationsIn('pendingCancellation'),
        'policy.policyholderChanged': 'pendingCancellation',
        'policy.cancellationTookEffect': 'cancelled',
      },
    },
    // Not final: the policy's matter keeps taking notes and files, and a lapse may be reinstated.
    cancelled: { on: { ...annotationsIn('cancelled'), 'policy.reinstated': 'inForce' } },
  },
});
