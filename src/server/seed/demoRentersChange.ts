import type { ChangeInputs } from '../../machines/rentersPolicyChangeContext';
import { changeFingerprint } from '../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../machines/rentersPolicyStatus';
import { appendToRentersPolicy } from '../domain/rentersPolicies/appendToRentersPolicy';
import { decideChange } from '../domain/rentersPolicies/changes/decideRentersChange';
import { loadRentersPolicyForChange } from '../domain/rentersPolicies/changes/loadRentersPolicyForChange';
import type { EventMetadata, Trx } from '../store/eventStore';

// A demo policy's cancellation or non-renewal on `day`, with exactly the figures and event the change flow
// decides (docs/decisions/008), so the demo cannot drift from what a commit records. No money moves: the
// demo has no payment service behind it. `recordedAt` dates the event on an earlier day (the demo's history).
export async function recordDemoChange(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  kind: RentersChangeKind,
  inputs: ChangeInputs,
  day: string,
  recordedAt?: Date,
): Promise<void> {
  const policy = await loadRentersPolicyForChange(trx, policyNumber, day);
  const fingerprint = changeFingerprint({ ...inputs, kind, policyNumber });
  const { event } = decideChange(kind, policy, inputs, fingerprint, day);
  await appendToRentersPolicy(
    trx,
    metadata,
    policyNumber,
    [{ ...event, ...(recordedAt && { recordedAt }) }],
    day,
  );
}
