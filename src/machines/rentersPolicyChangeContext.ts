import { targetsOf } from './machineAnswers';
import {
  CHANGE_EVENTS,
  rentersPolicyStatusMachine,
  statusCodeOf,
  type RentersChangeKind,
  type RentersPolicyState,
  type RentersStatusCode,
} from './rentersPolicyStatus';

// What a renters cancel, discontinue or reinstate flow remembers and the rules it checks (SPEC §3 "Cancel
// request", "Reinstate request"; docs/decisions/008). Plain functions, so the dialog's machine and the server
// agree on them: above all the fingerprint, by which the server refuses a commit whose inputs differ from the
// previewed ones and answers a repeated commit with the first outcome.

export type { RentersChangeKind } from './rentersPolicyStatus';

// What the agent fills in. Values are strings (or null when not given), as the form holds them.
export type ChangeInputs = Readonly<Record<string, string | null>>;

// The fields each flow takes; `note` is optional everywhere.
export const CHANGE_FIELDS: Readonly<Record<RentersChangeKind, readonly string[]>> = {
  cancel: ['reasonCode', 'cancellationMethod', 'cancelDate', 'note'],
  discontinue: ['reasonCode', 'note'],
  reinstate: ['reasonCode', 'note'],
};

export const CANCELLATION_METHODS = ['FLAT', 'PRO_RATA'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const given = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim().length > 0;

// Field → messages, as a 422 answer carries them (SPEC §5); empty when the inputs may be previewed. Whether a
// reason code exists and a date lies in the term is the server's check against its data.
export function changeInputErrors(kind: RentersChangeKind, inputs: ChangeInputs): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const field of Object.keys(inputs))
    if (!CHANGE_FIELDS[kind].includes(field)) add(field, `The ${kind} request has no field ${field}.`);
  if (!given(inputs.reasonCode)) add('reasonCode', 'The reason code is required.');
  if (kind === 'cancel') {
    const method = inputs.cancellationMethod?.trim() ?? '';
    if (!(CANCELLATION_METHODS as readonly string[]).includes(method))
      add('cancellationMethod', 'The cancellation method must be FLAT or PRO_RATA.');
    // A flat cancel voids the policy from its effective date, so only pro rata needs a date.
    if (method === 'PRO_RATA' && !(given(inputs.cancelDate) && DAY.test(inputs.cancelDate.trim())))
      add('cancelDate', 'The cancel date must be a date (YYYY-MM-DD).');
  }
  return errors;
}

export function changeInputsValid(kind: RentersChangeKind, inputs: ChangeInputs): boolean {
  return Object.keys(changeInputErrors(kind, inputs)).length === 0;
}

// A value the fingerprint takes: scalars and nested plain objects.
export type FingerprintValue =
  string | number | boolean | null | undefined | { readonly [key: string]: FingerprintValue };

function canonical(value: FingerprintValue): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.trim());
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`A fingerprint cannot take ${value}`);
    // -0 and 0 are the same amount.
    return JSON.stringify(value === 0 ? 0 : value);
  }
  if (typeof value === 'boolean') return String(value);
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
}

// Stable and order-independent: keys sorted at every level, strings trimmed, undefined keys dropped. It is
// the canonical text itself rather than a hash, so two different values can never share a fingerprint, and
// it needs no crypto in the browser.
export function changeFingerprint(values: { readonly [key: string]: FingerprintValue }): string {
  return `v1:${canonical(values)}`;
}

// One change as the server is asked it: the flow, the policy and the version the agent saw, the inputs.
export interface ChangeRequest {
  kind: RentersChangeKind;
  policyNumber: string;
  policyVersion: number;
  inputs: ChangeInputs;
}

export function requestFingerprint(request: ChangeRequest): string {
  return changeFingerprint({
    kind: request.kind,
    policyNumber: request.policyNumber,
    policyVersion: request.policyVersion,
    inputs: request.inputs,
  });
}

// Money the change moves: a refund to the customer, a charge (reinstatement collects what the lapse left
// unpaid), or nothing. Integer cents, never negative; the kind says the direction.
export interface Settlement {
  kind: 'refund' | 'charge' | 'none';
  amountCents: number;
}

// What a preview (commit: false) answers and a commit (commit: true) repeats: everything the change will do.
export interface ChangePreview {
  fingerprint: string;
  // The cancel date, the non-renewal date or the reinstatement date.
  effectiveDate: string;
  settlement: Settlement;
  feesCents: number;
  newState: RentersPolicyState;
  newStatusCode: RentersStatusCode;
  // Commission paid on premium that is returned, taken back from the agency.
  commissionClawbackCents: number;
}

export interface ChangeOutcome extends ChangePreview {
  committed: true;
}

export function isSettlement(s: Settlement): boolean {
  return Number.isInteger(s.amountCents) && (s.kind === 'none' ? s.amountCents === 0 : s.amountCents > 0);
}

// The states each flow can leave a policy in (a cancel pending or at once, a non-renewal, an active policy):
// where the policy machine's event for the flow leads.
export const NEW_STATES: Readonly<Record<RentersChangeKind, readonly RentersPolicyState[]>> = {
  cancel: targetsOf(rentersPolicyStatusMachine, CHANGE_EVENTS.cancel) as RentersPolicyState[],
  discontinue: targetsOf(rentersPolicyStatusMachine, CHANGE_EVENTS.discontinue) as RentersPolicyState[],
  reinstate: targetsOf(rentersPolicyStatusMachine, CHANGE_EVENTS.reinstate) as RentersPolicyState[],
};

export function isWellFormedPreview(kind: RentersChangeKind, p: ChangePreview): boolean {
  return (
    isSettlement(p.settlement) &&
    Number.isInteger(p.feesCents) &&
    p.feesCents >= 0 &&
    Number.isInteger(p.commissionClawbackCents) &&
    p.commissionClawbackCents >= 0 &&
    DAY.test(p.effectiveDate) &&
    NEW_STATES[kind].includes(p.newState) &&
    statusCodeOf(p.newState) === p.newStatusCode
  );
}

// How the server answers a commit (docs/decisions/008), checked in this order:
// - `repeat`: this very change (same fingerprint) is already committed on the policy: answer its outcome
//   again and write nothing (a retry, a double click, a second tab);
// - `inputsChanged`: the commit's inputs are not the previewed ones: refused, preview again;
// - `policyChanged`: the policy moved on since the preview (its version): refused, preview again;
// - `commit`: record it.
export type CommitVerdict = 'commit' | 'repeat' | 'inputsChanged' | 'policyChanged';

export interface CommitCheck {
  // The fingerprint the preview answered, as the commit sends it back.
  previewedFingerprint: string;
  request: ChangeRequest;
  // The policy's version now.
  currentVersion: number;
  // Fingerprints of the changes already committed on the policy (carried by their events).
  committedFingerprints: readonly string[];
}

export function judgeCommit(check: CommitCheck): CommitVerdict {
  const requested = requestFingerprint(check.request);
  if (check.committedFingerprints.includes(requested)) return 'repeat';
  if (requested !== check.previewedFingerprint) return 'inputsChanged';
  if (check.request.policyVersion !== check.currentVersion) return 'policyChanged';
  return 'commit';
}

export const COMMIT_REFUSALS: Readonly<Record<'inputsChanged' | 'policyChanged', string>> = {
  inputsChanged: 'The change differs from the one previewed. Preview it again before committing.',
  policyChanged: 'The policy has changed since the preview. Preview it again before committing.',
};

export interface PolicyChangeContext {
  kind: RentersChangeKind;
  policyNumber: string | null;
  policyVersion: number | null;
  inputs: ChangeInputs;
  preview: ChangePreview | null;
  // The server's signed token of that preview, which the commit presents (docs/decisions/013); held and
  // dropped with the preview.
  previewToken: string | null;
  outcome: ChangeOutcome | null;
  // Field → messages of the last refusal (SPEC §5); `commit` or `preview` for a refusal of the whole change.
  errors: Record<string, string[]>;
  // Whether the last failed commit may be sent again as it is (a timeout) rather than previewed again.
  retryable: boolean;
}

export function emptyChange(kind: RentersChangeKind): PolicyChangeContext {
  return {
    kind,
    policyNumber: null,
    policyVersion: null,
    inputs: {},
    preview: null,
    previewToken: null,
    outcome: null,
    errors: {},
    retryable: false,
  };
}

export function contextRequest(context: PolicyChangeContext): ChangeRequest | null {
  if (context.policyNumber === null || context.policyVersion === null) return null;
  return {
    kind: context.kind,
    policyNumber: context.policyNumber,
    policyVersion: context.policyVersion,
    inputs: context.inputs,
  };
}

// A preview belongs to the current inputs only while their fingerprints agree; any edit invalidates it.
export function previewMatchesInputs(context: PolicyChangeContext, preview: ChangePreview | null): boolean {
  const request = contextRequest(context);
  return preview !== null && request !== null && preview.fingerprint === requestFingerprint(request);
}
