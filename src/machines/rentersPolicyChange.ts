import { assign, setup } from 'xstate';
import {
  CHANGE_FIELDS,
  changeInputsValid,
  emptyChange,
  isWellFormedPreview,
  previewMatchesInputs,
  type ChangeInputs,
  type ChangeOutcome,
  type ChangePreview,
  type PolicyChangeContext,
} from './rentersPolicyChangeContext';
import { changeAllowedFrom, type RentersChangeKind, type RentersPolicyState } from './rentersPolicyStatus';

// Preview then commit (DESIGN.md, the design card): one statechart per renters change flow (cancel,
// discontinue, reinstate), made by one factory so the three behave alike. Pure (no invoke/after): the dialog
// runs the calls and reports their outcome as events. The server's side of the protocol (what it stores, how
// it answers a mismatched or repeated commit) is `judgeCommit` in the context module; docs/decisions/008.

export type PolicyChangeEvent =
  // The dialog opens on a policy in the state the server reported, at the version it showed.
  | { type: 'change.opened'; policyNumber: string; policyVersion: number; policyState: RentersPolicyState }
  // The agent changed some inputs (a null value clears one).
  | { type: 'change.inputsEdited'; changes: ChangeInputs }
  | { type: 'change.previewRequested' }
  // `previewToken`: what the server signed for this preview; the commit presents it (docs/decisions/013).
  | { type: 'change.previewSucceeded'; preview: ChangePreview; previewToken: string }
  | { type: 'change.previewFailed'; errors: Record<string, string[]> }
  | { type: 'change.confirmRequested' }
  | { type: 'change.confirmDeclined' }
  | { type: 'change.commitRequested' }
  | { type: 'change.commitSucceeded'; outcome: ChangeOutcome }
  // `retryable`: the request may be sent again as it is (no answer came); otherwise (inputs or policy
  // changed, refused) the change must be previewed again.
  | { type: 'change.commitFailed'; errors: Record<string, string[]>; retryable: boolean }
  | { type: 'change.closed' };

export type PolicyChangeEventType = PolicyChangeEvent['type'];

export type PolicyChangeState =
  | 'idle'
  | 'editing'
  | 'previewing'
  | 'previewFailed'
  | 'previewed'
  | 'confirming'
  | 'committing'
  | 'commitFailed'
  | 'committed';

// An edit goes back to editing from wherever the agent can still type; it drops the preview.
const EDIT = {
  'change.inputsEdited': { guard: 'knownFields', target: 'editing', actions: 'editInputs' },
} as const;
const CLOSE = { 'change.closed': { target: 'idle', actions: 'reset' } } as const;
const PREVIEW = {
  'change.previewRequested': { guard: 'inputsValid', target: 'previewing', actions: 'clearErrors' },
} as const;

export function createPolicyChangeMachine(kind: RentersChangeKind) {
  return setup({
    types: { context: {} as PolicyChangeContext, events: {} as PolicyChangeEvent },
    guards: {
      allowedFromPolicy: ({ event }) =>
        event.type === 'change.opened' &&
        event.policyNumber.trim().length > 0 &&
        Number.isInteger(event.policyVersion) &&
        event.policyVersion > 0 &&
        changeAllowedFrom(kind, event.policyState),
      knownFields: ({ event }) =>
        event.type === 'change.inputsEdited' &&
        Object.keys(event.changes).length > 0 &&
        Object.keys(event.changes).every((field) => CHANGE_FIELDS[kind].includes(field)),
      inputsValid: ({ context }) => changeInputsValid(kind, context.inputs),
      // An answer for other inputs (a late one, or a server that computed something else) is not taken.
      // Nor one without the token its commit must present.
      previewIsForInputs: ({ context, event }) =>
        event.type === 'change.previewSucceeded' &&
        event.previewToken.length > 0 &&
        isWellFormedPreview(kind, event.preview) &&
        previewMatchesInputs(context, event.preview),
      previewStillValid: ({ context }) => previewMatchesInputs(context, context.preview),
      retryable: ({ context }) => context.retryable && previewMatchesInputs(context, context.preview),
      outcomeIsPreviewed: ({ context, event }) =>
        event.type === 'change.commitSucceeded' && event.outcome.fingerprint === context.preview?.fingerprint,
    },
    actions: {
      open: assign(({ event }) =>
        event.type === 'change.opened'
          ? { ...emptyChange(kind), policyNumber: event.policyNumber, policyVersion: event.policyVersion }
          : {},
      ),
      editInputs: assign(({ context, event }) => {
        if (event.type !== 'change.inputsEdited') return {};
        const inputs: Record<string, string | null> = { ...context.inputs };
        for (const [field, value] of Object.entries(event.changes)) {
          if (value === null) delete inputs[field];
          else inputs[field] = value;
        }
        return { inputs, preview: null, previewToken: null, errors: {}, retryable: false };
      }),
      clearErrors: assign({ errors: {}, retryable: false }),
      rememberPreview: assign(({ event }) =>
        event.type === 'change.previewSucceeded'
          ? { preview: event.preview, previewToken: event.previewToken, errors: {} }
          : {},
      ),
      rememberPreviewFailure: assign(({ event }) =>
        event.type === 'change.previewFailed'
          ? { preview: null, previewToken: null, errors: event.errors }
          : {},
      ),
      rememberOutcome: assign(({ event }) =>
        event.type === 'change.commitSucceeded' ? { outcome: event.outcome, errors: {} } : {},
      ),
      // A refused commit keeps the preview only when the same request may simply be sent again.
      rememberCommitFailure: assign(({ context, event }) =>
        event.type === 'change.commitFailed'
          ? {
              errors: event.errors,
              retryable: event.retryable,
              preview: event.retryable ? context.preview : null,
              previewToken: event.retryable ? context.previewToken : null,
            }
          : {},
      ),
      reset: assign(() => emptyChange(kind)),
    },
  }).createMachine({
    id: `renters${kind[0]?.toUpperCase()}${kind.slice(1)}`,
    initial: 'idle',
    context: emptyChange(kind),
    states: {
      idle: {
        on: { 'change.opened': { guard: 'allowedFromPolicy', target: 'editing', actions: 'open' } },
      },
      editing: { on: { ...EDIT, ...PREVIEW, ...CLOSE } },
      // The preview call runs; an edit abandons it (its answer is then ignored) and closing writes nothing.
      previewing: {
        on: {
          ...EDIT,
          ...CLOSE,
          'change.previewSucceeded': {
            guard: 'previewIsForInputs',
            target: 'previewed',
            actions: 'rememberPreview',
          },
          'change.previewFailed': { target: 'previewFailed', actions: 'rememberPreviewFailure' },
        },
      },
      previewFailed: { on: { ...EDIT, ...PREVIEW, ...CLOSE } },
      previewed: {
        on: {
          ...EDIT,
          ...CLOSE,
          'change.confirmRequested': { guard: 'previewStillValid', target: 'confirming' },
        },
      },
      // "Are you sure?" with the preview's figures.
      confirming: {
        on: {
          ...EDIT,
          ...CLOSE,
          'change.confirmDeclined': 'previewed',
          'change.commitRequested': {
            guard: 'previewStillValid',
            target: 'committing',
            actions: 'clearErrors',
          },
        },
      },
      // The commit call runs: a second commit, an edit or closing are not accepted; only its outcome is.
      committing: {
        on: {
          'change.commitSucceeded': {
            guard: 'outcomeIsPreviewed',
            target: 'committed',
            actions: 'rememberOutcome',
          },
          'change.commitFailed': { target: 'commitFailed', actions: 'rememberCommitFailure' },
        },
      },
      commitFailed: {
        on: {
          ...EDIT,
          ...CLOSE,
          ...PREVIEW,
          'change.commitRequested': { guard: 'retryable', target: 'committing', actions: 'clearErrors' },
        },
      },
      committed: { type: 'final' },
    },
  });
}

export const rentersCancelMachine = createPolicyChangeMachine('cancel');
export const rentersDiscontinueMachine = createPolicyChangeMachine('discontinue');
export const rentersReinstateMachine = createPolicyChangeMachine('reinstate');

export type PolicyChangeMachine = ReturnType<typeof createPolicyChangeMachine>;
