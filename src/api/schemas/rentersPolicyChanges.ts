import { z } from 'zod';
import type { ChangeInputs, ChangePreview } from '../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../machines/rentersPolicyStatus';
import { recordVersion } from './numbers';

// POST /v2/renters/policies/:matterId/{cancel,discontinue,reinstate} (SPEC §3 "Cancel request", "Reinstate
// request"; docs/decisions/008, docs/renters-cancellation.md) and GET /v2/renters/cancellation-reasons.
// Snake_case, money in decimal dollars, dates YYYY-MM-DD (UTC). The fields are only type-checked here: the
// flow's own rules (changeInputErrors) give the 422 messages, the same ones the dialog shows before asking.

const text = z.string({ error: 'Must be text.' }).trim();
const optionalText = text.max(2000, { error: 'The note may have at most 2000 characters.' }).nullish();

const common = {
  policy_number: text.min(1, { error: 'The policy number is required.' }),
  reason_code: text.nullish(),
  note: optionalText,
  commit: z.boolean({ error: 'commit must be true or false.' }),
  // The version the agent saw; part of the fingerprint. A commit that sends it (or the preview's
  // fingerprint) must send those of its preview token.
  policy_version: recordVersion('policy_version').nullish(),
  preview_fingerprint: text.max(4000).nullish(),
  // A commit presents the token its preview answered (docs/decisions/013).
  preview_token: z.string({ error: 'The preview token must be text.' }).max(4000).nullish(),
};

export const RentersCancelRequest = z.strictObject({
  data: z.strictObject({
    ...common,
    cancellation_method: text.nullish(),
    cancel_date: text.nullish(),
  }),
});
export const RentersDiscontinueRequest = z.strictObject({ data: z.strictObject(common) });
export const RentersReinstateRequest = RentersDiscontinueRequest;

// Any of the three, as the server's command takes it.
export interface RentersChangeWire {
  policy_number: string;
  reason_code?: string | null;
  cancellation_method?: string | null;
  cancel_date?: string | null;
  note?: string | null;
  commit: boolean;
  policy_version?: number | null;
  preview_fingerprint?: string | null;
  preview_token?: string | null;
}

// The form's value of a field as the machine holds it: a blank field is no value (null clears it), so the
// dialog and the server fingerprint the same inputs.
export function formValue(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

const WIRE_FIELDS = {
  reasonCode: 'reason_code',
  cancellationMethod: 'cancellation_method',
  cancelDate: 'cancel_date',
  note: 'note',
} as const;
type InputField = keyof typeof WIRE_FIELDS;

const FIELDS_OF: Readonly<Record<RentersChangeKind, readonly InputField[]>> = {
  cancel: ['reasonCode', 'cancellationMethod', 'cancelDate', 'note'],
  discontinue: ['reasonCode', 'note'],
  reinstate: ['reasonCode', 'note'],
};

// The machine's ChangeInputs of a request: what the server fingerprints and checks. The one mapping both
// sides use (the dialog through `changeWireOf`), so their fingerprints agree.
export function changeInputsOf(
  kind: RentersChangeKind,
  wire: Partial<Record<(typeof WIRE_FIELDS)[InputField], string | null | undefined>>,
): ChangeInputs {
  const inputs: Record<string, string> = {};
  for (const field of FIELDS_OF[kind]) {
    const value = formValue(wire[WIRE_FIELDS[field]]);
    if (value !== null) inputs[field] = value;
  }
  return inputs;
}

// The request fields of the dialog's inputs (the inverse of `changeInputsOf`).
export function changeWireOf(
  kind: RentersChangeKind,
  inputs: ChangeInputs,
): Partial<Record<(typeof WIRE_FIELDS)[InputField], string>> {
  const wire: Partial<Record<(typeof WIRE_FIELDS)[InputField], string>> = {};
  for (const field of FIELDS_OF[kind]) {
    const value = formValue(inputs[field]);
    if (value !== null) wire[WIRE_FIELDS[field]] = value;
  }
  return wire;
}

// The request key of an input field, as a 422 names it (`data.reason_code`).
export const wireFieldOf = (field: string): string =>
  `data.${(WIRE_FIELDS as Record<string, string>)[field] ?? field}`;

// The wire field of a 422 key back to the dialog's input (null for a field the form does not show).
export function inputFieldOf(key: string): string | null {
  const name = key.replace(/^data\./, '');
  const entry = Object.entries(WIRE_FIELDS).find(([, wire]) => wire === name);
  return entry ? entry[0] : null;
}

// 'absent' (before issue) is in the machine's type; no answer carries it.
const STATES = [
  'absent',
  'active',
  'nonRenewing',
  'pendingCancellation',
  'cancelled',
  'expired',
  'rewritten',
] as const;

export const RentersChangeResult = z.object({
  fingerprint: z.string(),
  effective_date: z.string(),
  settlement: z.object({ kind: z.enum(['refund', 'charge', 'none']), amount: z.number() }),
  fees: z.number(),
  new_state: z.enum(STATES),
  new_status_code: z.enum(['ACTIVE', 'CANCELLED', 'EXPIRED']),
  commission_clawback: z.number(),
  committed: z.boolean(),
  // The policy's version the answer is at: the current one for a preview, the change's event for a commit.
  policy_version: z.number().int(),
  // A preview's signed token, which its commit presents; null once committed.
  preview_token: z.string().nullable(),
});
export type RentersChangeResult = z.infer<typeof RentersChangeResult>;

export const RentersChangeResponse = z.object({
  data: RentersChangeResult,
  // SPEC §3 "Result meta": cancel_date is the cancel's effective date (null for the other flows).
  meta: z.object({ cancel_date: z.string().nullable(), refund_amount: z.number(), committed: z.boolean() }),
});
export type RentersChangeResponse = z.infer<typeof RentersChangeResponse>;

const cents = (dollars: number) => Math.round(dollars * 100);

// The machine's preview (cents) of an answer (dollars).
export function previewOfResult(result: RentersChangeResult): ChangePreview {
  return {
    fingerprint: result.fingerprint,
    effectiveDate: result.effective_date,
    settlement: { kind: result.settlement.kind, amountCents: cents(result.settlement.amount) },
    feesCents: cents(result.fees),
    newState: result.new_state,
    newStatusCode: result.new_status_code,
    commissionClawbackCents: cents(result.commission_clawback),
  };
}

export const RentersChangeReasonsResponse = z.object({
  data: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      scope: z.enum(['cancel', 'discontinue', 'reinstate']),
      is_enabled: z.boolean(),
    }),
  ),
});
export type RentersChangeReasonsResponse = z.infer<typeof RentersChangeReasonsResponse>;
