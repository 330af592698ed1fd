import {
  COMMIT_REFUSALS,
  judgeCommit,
  type ChangeInputs,
} from '../../../machines/rentersPolicyChangeContext';
import type { RentersChangeKind } from '../../../machines/rentersPolicyStatus';
import type { RentersChangeWire } from '../../../api/schemas/rentersPolicyChanges';
import type { PreviewClaims } from '../../auth/previewTokens';
import { Conflict } from '../domainErrors';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata, type StoredEvent } from '../../store/eventStore';
import type { PaymentAdapter } from '../payments/paymentAdapter';
import { appendToRentersPolicy } from '../rentersPolicies/appendToRentersPolicy';
import { requireOutcome, requirePreview, type PreviewSigning } from '../policyChangePreviews';
import type { RentersPolicyRef } from '../rentersPolicies/rentersPolicyScope';
import { checkAllowed, checkedInputs, decideChange } from '../rentersPolicies/changes/decideRentersChange';
import { billRentersChange } from './rentersChangeBilling';
import { changeEventsOf, committedFingerprints, previewOfEvent } from '../rentersPolicies/changes/rentersChangeEvents';
import { loadRentersPolicyForChange } from './loadRentersPolicyForChange';
import { outcomeOf, type RentersChangeAnswer } from './previewRentersChange';
import { settleRentersChange, type SettleContext } from './settleRentersChange';
import { requestFingerprint } from '../../../machines/rentersPolicyChangeContext';

export interface CommitContext extends SettleContext {
  db: Db;
  metadata: EventMetadata;
  payments: PaymentAdapter;
  userId: number;
  signing: PreviewSigning;
}

type Decided = { answer: RentersChangeAnswer; appended: StoredEvent | null };

// The cancel date of the policy's last cancellation when its money was settled by a balance due: the cover it
// paid for runs to that date, so a reinstatement bills again from there.
function balanceDueCancelDate(events: readonly StoredEvent[]): string | null {
  const last = events.findLast((e) => e.type === 'renters.cancelled');
  const data = last?.data as { settlement?: { kind?: string }; cancelDate?: string } | undefined;
  return data?.settlement?.kind === 'charge' ? (data.cancelDate ?? null) : null;
}

// One attempt in one transaction: judgeCommit's verdict, then the event at the version the preview saw.
async function attempt(
  ctx: CommitContext,
  ref: RentersPolicyRef,
  kind: RentersChangeKind,
  inputs: ChangeInputs,
  previewed: { fingerprint: string; policyVersion: number; claims: PreviewClaims },
  today: string,
): Promise<Decided> {
  return ctx.db.transaction().execute(async (trx) => {
    // Commits of one policy take turns: the policy's log and the money its billing collected are then read
    // as one, so a commit racing another never weighs the log before the other's change against the money
    // after its refund (which would read as a preview that no longer holds).
    await trx
      .selectFrom('renters_policies')
      .select('policy_number')
      .where('policy_number', '=', ref.policyNumber)
      .forUpdate()
      .executeTakeFirst();
    const policy = await loadRentersPolicyForChange(trx, ref.policyNumber, today);
    const request = { kind, policyNumber: ref.policyNumber, policyVersion: previewed.policyVersion, inputs };
    const verdict = judgeCommit({
      previewedFingerprint: previewed.fingerprint,
      request,
      currentVersion: policy.version,
      committedFingerprints: committedFingerprints(kind, policy.events),
    });
    if (verdict === 'repeat') {
      const fingerprint = requestFingerprint(request);
      const first = changeEventsOf(kind, policy.events).find(
        (e) => (e.data as { fingerprint?: unknown }).fingerprint === fingerprint,
      );
      if (!first) throw new Error('A repeated commit without its event');
      return {
        answer: {
          preview: previewOfEvent(first),
          committed: true,
          policyVersion: first.version,
          previewToken: null,
        },
        appended: null,
      };
    }
    if (verdict !== 'commit') throw new Conflict(COMMIT_REFUSALS[verdict]);
    checkAllowed(kind, policy, today);
    const decided = decideChange(kind, policy, inputs, previewed.fingerprint, today);
    // The same request on the same policy, but on another day, say, may end differently.
    requireOutcome(previewed.claims, outcomeOf(decided.preview));
    const stored = await appendToRentersPolicy(
      trx,
      // The request's Idempotency-Key when it sent one, else the preview's fingerprint.
      { ...ctx.metadata, idempotencyKey: ctx.metadata.idempotencyKey ?? previewed.fingerprint },
      ref.policyNumber,
      [decided.event],
      today,
      policy.version,
    );
    const appended = stored.at(-1);
    if (!appended) throw new Error('The change event was not appended');
    await billRentersChange(
      trx,
      {
        kind,
        policyNumber: ref.policyNumber,
        version: appended.version,
        settlement: decided.preview.settlement,
        undoneBalanceDueTo: kind === 'reinstate' ? balanceDueCancelDate(policy.events) : null,
      },
      today,
      ctx.metadata,
      appended.recordedAt,
    );
    return {
      answer: {
        preview: decided.preview,
        committed: true,
        policyVersion: appended.version,
        previewToken: null,
      },
      appended,
    };
  });
}

// commit: true (docs/decisions/008 "The protocol on the server", 013): a commit presents its preview's
// signed token; a repeat answers the first outcome and writes nothing; a commit whose inputs, policy or
// figures differ from the preview is refused (409); otherwise the change is appended. Two commits of one preview race: the loser's append conflicts, it reloads once and
// finds its own change (a repeat). The money moves after the transaction (settleRentersChange).
export async function commitRentersChange(
  ctx: CommitContext,
  ref: RentersPolicyRef,
  kind: RentersChangeKind,
  wire: RentersChangeWire,
  today: string,
): Promise<RentersChangeAnswer> {
  const inputs = checkedInputs(kind, ref.policyNumber, wire);
  // The preview's token says which version it was made at and that these are its inputs
  // (docs/decisions/013); the fingerprint is the request's at that version.
  const claims = requirePreview(
    ctx.signing,
    wire.preview_token,
    { line: 'renters', kind, policyNumber: ref.policyNumber, userId: ctx.userId, inputs },
    'data.preview_token',
  );
  const policyVersion = claims.policyVersion;
  const fingerprint = requestFingerprint({ kind, policyNumber: ref.policyNumber, policyVersion, inputs });
  // The fingerprint and version a client still sends must be those of the token.
  const sentFingerprint = wire.preview_fingerprint?.trim();
  if (sentFingerprint && sentFingerprint !== fingerprint) throw new Conflict(COMMIT_REFUSALS.inputsChanged);
  if (typeof wire.policy_version === 'number' && wire.policy_version !== policyVersion)
    throw new Conflict(COMMIT_REFUSALS.policyChanged);
  const previewed = { fingerprint, policyVersion, claims };
  let decided: Decided;
  try {
    decided = await attempt(ctx, ref, kind, inputs, previewed, today);
  } catch (error) {
    if (!(error instanceof VersionConflictError)) throw error;
    decided = await attempt(ctx, ref, kind, inputs, previewed, today);
  }
  if (decided.appended) await settleRentersChange(ctx, ref.policyNumber, decided.appended, today);
  return decided.answer;
}
