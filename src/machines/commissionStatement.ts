import { setup } from 'xstate';
import { takesEvent } from './machineAnswers';

// The review and payment of one commission statement (SPEC §4 "Commission statement review", issue 7;
// docs/decisions/009). SPEC §4 names two axes, review (Pending ⇄ Approved) and payment (Not Paid ⇄ Paid),
// but only an approved statement may be paid and a paid one cannot be unapproved, so the pairs that can
// happen are three and the machine is flat: pending, approved (not paid), paid (approved). The server folds
// a statement's stream through it and appends only what `can` allows; the screens ask the same question to
// decide which bulk actions a row takes. Pure: no invoke, no timers.

export type StatementEvent =
  // The month's statement computed for the entity: its lines and amount are in the event's data.
  | { type: 'statement.generated' }
  // Computed again (a rule changed, a late event): only while nobody has approved it.
  | { type: 'statement.recalculated' }
  // Overrides adjust what is paid; they are part of what a reviewer approves, so only while pending.
  | { type: 'statement.overrideAdded' }
  | { type: 'statement.overrideUpdated' }
  | { type: 'statement.overrideDeleted' }
  // Approving needs the statement to hold every commissionable event of its month recorded so far (decision
  // 014): the command says whether it does, and the machine refuses an out-of-date statement.
  | { type: 'statement.approved'; upToDate: boolean }
  | { type: 'statement.unapproved' }
  // Paying needs a verified bank account of the entity (issue 7 "Bank verification"); the command says
  // whether it has one, and the machine refuses the payment without.
  | { type: 'statement.markedPaid'; bankAccountVerified: boolean }
  | { type: 'statement.markedUnpaid' }
  // The statement file was downloaded (SPEC §4: a downloaded flag and time); taken in every state.
  | { type: 'statement.downloaded' };

export type StatementEventType = StatementEvent['type'];
export type StatementState = 'absent' | 'pending' | 'approved' | 'paid';

export type ReviewStatus = 'Pending' | 'Approved';
export type PaymentStatus = 'Not Paid' | 'Paid';

export const commissionStatementMachine = setup({
  types: { events: {} as StatementEvent },
  guards: {
    bankAccountVerified: ({ event }) => event.type === 'statement.markedPaid' && event.bankAccountVerified,
    upToDate: ({ event }) => event.type === 'statement.approved' && event.upToDate,
  },
}).createMachine({
  id: 'commissionStatement',
  initial: 'absent',
  states: {
    absent: { on: { 'statement.generated': 'pending' } },
    pending: {
      on: {
        'statement.recalculated': 'pending',
        'statement.overrideAdded': 'pending',
        'statement.overrideUpdated': 'pending',
        'statement.overrideDeleted': 'pending',
        'statement.downloaded': 'pending',
        'statement.approved': { guard: 'upToDate', target: 'approved' },
      },
    },
    approved: {
      on: {
        'statement.downloaded': 'approved',
        'statement.unapproved': 'pending',
        'statement.markedPaid': { guard: 'bankAccountVerified', target: 'paid' },
      },
    },
    paid: {
      on: {
        'statement.downloaded': 'paid',
        'statement.markedUnpaid': 'approved',
      },
    },
  },
});

// The two statuses SPEC §3 shows for a statement in a state (null before it exists).
export function statementStatuses(
  state: StatementState,
): { review: ReviewStatus; payment: PaymentStatus } | null {
  switch (state) {
    case 'absent':
      return null;
    case 'pending':
      return { review: 'Pending', payment: 'Not Paid' };
    case 'approved':
      return { review: 'Approved', payment: 'Not Paid' };
    case 'paid':
      return { review: 'Approved', payment: 'Paid' };
  }
}

// The states a statement with these statuses is in; the bulk commands select rows by their statuses.
export function stateOfStatuses(review: ReviewStatus, payment: PaymentStatus): StatementState | null {
  if (review === 'Pending') return payment === 'Not Paid' ? 'pending' : null;
  return payment === 'Paid' ? 'paid' : 'approved';
}

// The bulk and single commands of SPEC §4 and the event each appends.
export type StatementCommand = 'approve' | 'unapprove' | 'markPaid' | 'markUnpaid';

export const COMMAND_EVENTS: Readonly<Record<StatementCommand, StatementEventType>> = {
  approve: 'statement.approved',
  unapprove: 'statement.unapproved',
  markPaid: 'statement.markedPaid',
  markUnpaid: 'statement.markedUnpaid',
};

// Why a command cannot move a statement in `state`, as the bulk answer reports it per row; null when the
// machine takes the command's event there (markPaid still needs the verified bank account and approve an
// up-to-date statement, which the machine's guards check: outOfDateRefusal words the latter).
export function commandRefusal(command: StatementCommand, state: StatementState): string | null {
  if (takesEvent(commissionStatementMachine, state, COMMAND_EVENTS[command])) return null;
  const reasons: Readonly<Record<StatementCommand, string>> = {
    approve: 'Only a pending statement can be approved.',
    unapprove:
      state === 'paid'
        ? 'A paid statement cannot be unapproved; mark it unpaid first.'
        : 'Only an approved statement can be unapproved.',
    markPaid: state === 'paid' ? 'The statement is already paid.' : 'Only an approved statement can be paid.',
    markUnpaid: 'Only a paid statement can be marked unpaid.',
  };
  return reasons[command];
}

// Overrides and recalculation change what a reviewer approves, so they wait for an unapproval.
export function isEditable(state: StatementState): boolean {
  return takesEvent(commissionStatementMachine, state, 'statement.recalculated');
}

// What an out-of-date statement is missing: commissionable events recorded in its month after it was last
// calculated, and what they change its amount by (cents).
export interface Staleness {
  missingEvents: number;
  differenceCents: number;
}

const signedDollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// The refusal of approving a statement that the `upToDate` guard turns away.
export function outOfDateRefusal({ missingEvents, differenceCents }: Staleness): string {
  const events = `${missingEvents} commissionable event${missingEvents === 1 ? '' : 's'}`;
  return `This statement is out of date: ${events} arrived after it was calculated (${signedDollars(differenceCents)}). Recalculate it before approving.`;
}
