import { setup } from 'xstate';

// The rule book of one policy's billing (docs/billing.md): which money facts its stream may record in which
// state. Pure (no invoke/after): time is an input; the daily billing run decides from the business date that
// an instalment is due, a grace period is over or a reinstatement window has closed, and asks `can` before
// appending what it decided.
//
//   current ──declined──▶ pastDue ──collected (arrears settled)──▶ current
//                           │ grace over
//                           ▼
//                         lapsed ──reinstated (late payment in the window)──▶ current
//                           │ window over
//                           ▼
//   current / pastDue ──closed (term over, policy ended, cancellation settled)──▶ closed
//   closed ──termScheduled (a cancelled policy reinstated)──▶ current
export type BillingAccountEvent =
  // The schedule of the policy's first term, made when the policy is issued (the first instalment collected).
  | { type: 'billing.opened' }
  // One charge of an instalment or extra charge went through. `settlesArrears`: no other instalment is left
  // declined, so a past-due account is current again.
  | { type: 'billing.instalmentCollected'; settlesArrears: boolean }
  // One charge was declined; the dunning schedule says when it is tried again.
  | { type: 'billing.instalmentDeclined' }
  // An extra charge on the schedule: a balance due after a cancellation (on the account it closed), a
  // reinstatement charge (on the account the reinstatement reopened). Never on an account past due or lapsed
  // (docs/decisions/020).
  | { type: 'billing.chargeAdded' }
  // The instalments of a renewed term.
  | { type: 'billing.termScheduled' }
  // A refund's outcome as the payment service answered it.
  | { type: 'billing.refundRecorded' }
  // The customer's payment method changed: later charges go to the new one.
  | { type: 'billing.paymentMethodChanged' }
  // The grace period ran out with an instalment still unpaid: the policy is cancelled for non-payment.
  | { type: 'billing.lapsed' }
  // Everything overdue was paid inside the reinstatement window: the policy is back in force.
  | { type: 'billing.reinstated' }
  // Nothing more will be billed: the term is over, the policy ended, or the reinstatement window closed.
  | { type: 'billing.closed' };

export type BillingAccountEventType = BillingAccountEvent['type'];
export type BillingAccountState = 'absent' | 'current' | 'pastDue' | 'lapsed' | 'closed';

export const billingAccountMachine = setup({
  types: { events: {} as BillingAccountEvent },
  guards: {
    settlesArrears: ({ event }) => event.type === 'billing.instalmentCollected' && event.settlesArrears,
  },
}).createMachine({
  id: 'billingAccount',
  initial: 'absent',
  states: {
    absent: { on: { 'billing.opened': 'current' } },
    current: {
      on: {
        'billing.instalmentCollected': 'current',
        'billing.instalmentDeclined': 'pastDue',
        'billing.chargeAdded': 'current',
        'billing.termScheduled': 'current',
        'billing.refundRecorded': 'current',
        'billing.paymentMethodChanged': 'current',
        'billing.closed': 'closed',
      },
    },
    pastDue: {
      on: {
        'billing.instalmentCollected': [
          { guard: 'settlesArrears', target: 'current' },
          { target: 'pastDue' },
        ],
        'billing.instalmentDeclined': 'pastDue',
        // A policy renews while an instalment is still in its grace period; the arrears stay owed.
        'billing.termScheduled': 'pastDue',
        'billing.refundRecorded': 'pastDue',
        'billing.paymentMethodChanged': 'pastDue',
        'billing.lapsed': 'lapsed',
        'billing.closed': 'closed',
      },
    },
    lapsed: {
      on: {
        // A late payment is collected first; the reinstatement follows once nothing is overdue.
        'billing.instalmentCollected': 'lapsed',
        'billing.instalmentDeclined': 'lapsed',
        'billing.refundRecorded': 'lapsed',
        'billing.paymentMethodChanged': 'lapsed',
        'billing.reinstated': 'current',
        'billing.closed': 'closed',
      },
    },
    // Not final: a balance due after a cancellation is still charged, refunds are still recorded, and a
    // cancelled policy put back in force bills the rest of its term again.
    closed: {
      on: {
        'billing.termScheduled': 'current',
        'billing.instalmentCollected': 'closed',
        'billing.instalmentDeclined': 'closed',
        'billing.chargeAdded': 'closed',
        'billing.refundRecorded': 'closed',
        'billing.paymentMethodChanged': 'closed',
      },
    },
  },
});

// The dunning schedule: a declined instalment is tried again this many days after its due date, then given up
// (it stays owed). The grace period runs from the first missed due date; after it the policy lapses
// (is cancelled for non-payment), and a late payment within the reinstatement window after the lapse puts it
// back in force.
export const DUNNING = {
  retryDays: [3, 7, 14] as const,
  graceDays: 30,
  reinstatementDays: 30,
} as const;

// The day a declined attempt (1 = on the due date) is tried again, as days after the due date; null when the
// schedule has no more tries.
export function retryOffset(attempt: number): number | null {
  return DUNNING.retryDays[attempt - 1] ?? null;
}

// The run's next try after a decline `daysSinceDue` days after the due date, as days after the due date: the
// schedule's first retry day after it, whatever other attempts were made (a staff "Pay now" declined in
// between does not use up the run's tries); null when the schedule has no more.
export function retryOffsetAfter(daysSinceDue: number): number | null {
  return DUNNING.retryDays.find((days) => days > daysSinceDue) ?? null;
}
