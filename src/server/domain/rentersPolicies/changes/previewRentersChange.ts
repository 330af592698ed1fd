import {
  COMMIT_REFUSALS,
  requestFingerprint,
  type ChangePreview,
} from '../../../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../../../machines/rentersPolicyStatus';
import type { RentersChangeWire } from '../../../../api/schemas/rentersPolicyChanges';
import { HttpError } from '../../../http/errors';
import type { Db } from '../../../store/db';
import type { Trx } from '../../../store/eventStore';
import type { RentersPolicyRef } from '../rentersPolicyScope';
import { checkAllowed, checkedInputs, decideChange } from './decideRentersChange';
import { loadRentersPolicyForChange } from './loadRentersPolicyForChange';

// A change's answer: the preview's figures, whether it was committed, and the policy version it is at.
export interface RentersChangeAnswer {
  preview: ChangePreview;
  committed: boolean;
  policyVersion: number;
}

// commit: false (docs/decisions/008): validates, checks the flow is allowed on the day, computes the figures
// and answers them with the request's fingerprint. Nothing is stored.
export async function previewRentersChange(
  db: Db,
  ref: RentersPolicyRef,
  kind: RentersChangeKind,
  wire: RentersChangeWire,
  today: string,
): Promise<RentersChangeAnswer> {
  const inputs = checkedInputs(kind, ref.policyNumber, wire);
  // Reads only; a Kysely outside a transaction reads the same way.
  const policy = await loadRentersPolicyForChange(db as unknown as Trx, ref.policyNumber, today);
  // A preview for a version the agent no longer sees could never be committed.
  const policyVersion = wire.policy_version ?? policy.version;
  if (policyVersion !== policy.version) throw new HttpError(409, COMMIT_REFUSALS.policyChanged);
  checkAllowed(kind, policy);
  const fingerprint = requestFingerprint({ kind, policyNumber: ref.policyNumber, policyVersion, inputs });
  const { preview } = decideChange(kind, policy, inputs, fingerprint, today);
  return { preview, committed: false, policyVersion };
}
