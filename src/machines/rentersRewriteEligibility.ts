import { assign, setup } from 'xstate';

// Rewrite eligibility of a renters policy (SPEC §4; docs/decisions/008): a policy may be rewritten when its
// status is CANCELLED or it is flagged non-renewing, by a user holding renters_plcy_rewrite, and only once.
// Rewriting opens the renters quote journey prefilled from the old policy; its purchase links the new policy
// to the old one. Pure: the screen and the server feed it what the policy record shows.

export const REWRITE_PRIVILEGE = 'renters_plcy_rewrite';

// What the policy record shows (SPEC §3), and whether the user holds the privilege (root_admin counts).
export interface RewriteCheck {
  policyNumber: string;
  statusCode: string | null;
  nonRenew: boolean;
  // The policy this one was already rewritten as, if any.
  rewrittenAs: string | null;
  hasRewritePrivilege: boolean;
}

// Why the policy may not be rewritten, as messages; empty when it may.
export function rewriteBlockers(check: RewriteCheck): string[] {
  const blockers: string[] = [];
  if (!check.hasRewritePrivilege) blockers.push('You may not rewrite renters policies.');
  if (check.rewrittenAs !== null) blockers.push(`The policy was already rewritten as ${check.rewrittenAs}.`);
  else if (check.statusCode !== 'CANCELLED' && !check.nonRenew)
    blockers.push('Only a cancelled or non-renewing policy can be rewritten.');
  return blockers;
}

export function isRewriteEligible(check: RewriteCheck): boolean {
  return check.policyNumber.trim().length > 0 && rewriteBlockers(check).length === 0;
}

export type RewriteEvent =
  // The policy record as last read (the screen re-checks whenever it reloads the record).
  | { type: 'rewrite.checked'; check: RewriteCheck }
  // The renters journey was opened prefilled from the old policy, as quote `quoteId`.
  | { type: 'rewrite.started'; quoteId: string }
  | { type: 'rewrite.abandoned' }
  // The new policy was bought and linked to the old one.
  | { type: 'rewrite.completed'; newPolicyNumber: string };

export interface RewriteContext {
  policyNumber: string | null;
  blockers: string[];
  quoteId: string | null;
  newPolicyNumber: string | null;
}

const EMPTY: RewriteContext = { policyNumber: null, blockers: [], quoteId: null, newPolicyNumber: null };

const CHECK = {
  'rewrite.checked': [
    { guard: 'eligible', target: 'eligible', actions: 'rememberCheck' },
    { target: 'ineligible', actions: 'rememberCheck' },
  ],
} as const;

export const rentersRewriteEligibilityMachine = setup({
  types: { context: {} as RewriteContext, events: {} as RewriteEvent },
  guards: {
    eligible: ({ event }) => event.type === 'rewrite.checked' && isRewriteEligible(event.check),
    hasQuote: ({ event }) => event.type === 'rewrite.started' && event.quoteId.trim().length > 0,
    hasNewPolicy: ({ context, event }) =>
      event.type === 'rewrite.completed' &&
      event.newPolicyNumber.trim().length > 0 &&
      event.newPolicyNumber !== context.policyNumber,
  },
  actions: {
    rememberCheck: assign(({ event }) =>
      event.type === 'rewrite.checked'
        ? { ...EMPTY, policyNumber: event.check.policyNumber, blockers: rewriteBlockers(event.check) }
        : {},
    ),
    rememberQuote: assign(({ event }) =>
      event.type === 'rewrite.started' ? { quoteId: event.quoteId } : {},
    ),
    forgetQuote: assign({ quoteId: null }),
    linkNewPolicy: assign(({ event }) =>
      event.type === 'rewrite.completed' ? { newPolicyNumber: event.newPolicyNumber } : {},
    ),
  },
}).createMachine({
  id: 'rentersRewriteEligibility',
  initial: 'unknown',
  context: EMPTY,
  states: {
    unknown: { on: CHECK },
    ineligible: { on: CHECK },
    eligible: {
      on: {
        ...CHECK,
        'rewrite.started': { guard: 'hasQuote', target: 'rewriting', actions: 'rememberQuote' },
      },
    },
    // The prefilled journey is open; the old policy is not re-checked until it ends one way or the other.
    rewriting: {
      on: {
        'rewrite.abandoned': { target: 'eligible', actions: 'forgetQuote' },
        'rewrite.completed': { guard: 'hasNewPolicy', target: 'rewritten', actions: 'linkNewPolicy' },
      },
    },
    rewritten: { type: 'final' },
  },
});
