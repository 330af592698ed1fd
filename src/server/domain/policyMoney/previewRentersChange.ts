import {
  COMMIT_REFUSALS,
  requestFingerprint,
  type ChangePreview,
} from '../../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../../machines/rentersPolicyStatus';
import { formValue, type RentersChangeWire } from '../../../api/schemas/rentersPolicyChanges';
import { Conflict } from '../domainErrors';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';
import { previewToken, type PreviewSigning } from '../policyChangePreviews';
import type { RentersPolicyRef } from '../rentersPolicies/rentersPolicyScope';
import { checkAllowed, checkedInputs, decideChange } from '../rentersPolicies/changes/decideRentersChange';
import { loadRentersPolicyForChange } from './loadRentersPolicyForChange';

// A change's answer: the preview's figures, whether it was committed, and the policy version it is at; a
// preview's signed token, which its commit presents (null once committed).
export interface RentersChangeAnswer {
  preview: ChangePreview;
  committed: boolean;
  policyVersion: number;
  previewToken: string | null;
}

// Who previews, and how the token is signed.
export interface PreviewContext {
  db: Db;
  userId: number;
  signing: PreviewSigning;
}

// What a preview token vouches for of a change besides its request: everything the change will do.
export function outcomeOf(preview: ChangePreview) {
  return {
    effectiveDate: preview.effectiveDate,
    settlementKind: preview.settlement.kind,
    settlementCents: preview.settlement.amountCents,
    feesCents: preview.feesCents,
    newState: preview.newState,
    newStatusCode: preview.newStatusCode,
    commissionClawbackCents: preview.commissionClawbackCents,
  };
}

// A pro rata cancel that names no cancel date cancels on the business day (`today`, the business clock's):
// the request is read as if it named it, so a preview and its commit fingerprint the same date, and a preview
// made on one day is not committed on another. The portal always sends a date; the check that a pro rata
// cancel has one (changeInputErrors) then only meets a date that is not one.
export function withCancelDate(
  kind: RentersChangeKind,
  wire: RentersChangeWire,
  today: string,
): RentersChangeWire {
  const undated = formValue(wire.cancel_date) === null;
  return kind === 'cancel' && formValue(wire.cancellation_method) === 'PRO_RATA' && undated
    ? { ...wire, cancel_date: today }
    : wire;
}

// commit: false (docs/decisions/008): validates, checks the flow is allowed on the day, computes the figures
// and answers them with the request's fingerprint and a signed preview token (docs/decisions/013). Nothing is
// stored.
export async function previewRentersChange(
  ctx: PreviewContext,
  ref: RentersPolicyRef,
  kind: RentersChangeKind,
  wire: RentersChangeWire,
  today: string,
): Promise<RentersChangeAnswer> {
  const inputs = checkedInputs(kind, ref.policyNumber, withCancelDate(kind, wire, today));
  // Reads only; a Kysely outside a transaction reads the same way.
  const policy = await loadRentersPolicyForChange(ctx.db as unknown as Trx, ref.policyNumber, today);
  // A preview for a version the agent no longer sees could never be committed.
  const policyVersion = wire.policy_version ?? policy.version;
  if (policyVersion !== policy.version) throw new Conflict(COMMIT_REFUSALS.policyChanged);
  checkAllowed(kind, policy, today);
  const fingerprint = requestFingerprint({ kind, policyNumber: ref.policyNumber, policyVersion, inputs });
  const { preview } = decideChange(kind, policy, inputs, fingerprint, today);
  const token = previewToken(ctx.signing, {
    line: 'renters',
    kind,
    policyNumber: ref.policyNumber,
    policyVersion,
    inputs,
    outcome: outcomeOf(preview),
    userId: ctx.userId,
  });
  return { preview, committed: false, policyVersion, previewToken: token };
}
