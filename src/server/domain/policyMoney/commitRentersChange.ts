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
import { presentedPreview, requireOutcome, type PreviewSigning } from '../policyChangePreviews';
import type { RentersPolicyRef } from '../rentersPolicies/rentersPolicyScope';
import { checkAllowed, checkedInputs, decideChange } from '../rentersPolicies/changes/decideRentersChange';
import { billRentersChange } from './rentersChangeBilling';
import {
  CHANGE_EVENT,
  changeEventsOf,
  committedFingerprints,
  previewOfEvent,
} from '../rentersPolicies/changes/rentersChangeEvents';
import { loadRentersPolicyForChange } from './loadRentersPolicyForChange';
import { outcomeOf, withCancelDate, type RentersChangeAnswer } from './previewRentersChange';
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

// What a commit is judged against: its preview's token (the version and fingerprint it vouches for), or, for a
// commit without a preview, the policy as it is now, and the `policy_version` and `preview_fingerprint` the
// request sent, if any (null: none sent).
type Basis =
  | { claims: PreviewClaims; fingerprint: string; policyVersion: number }
  | { claims: null; fingerprint: string | null; policyVersion: number | null };

const CHANGE_TYPES: readonly string[] = Object.values(CHANGE_EVENT);

// The version a commit without a preview and without a `policy_version` repeats: when the policy's last change
// is this very change (the same flow and inputs: a retry, a double click), the version it was made at; else
// null, and the commit is judged at the policy's version now.
function repeatedAt(
  kind: RentersChangeKind,
  policyNumber: string,
  inputs: ChangeInputs,
  events: readonly StoredEvent[],
): number | null {
  const last = events.findLast((e) => CHANGE_TYPES.includes(e.type));
  if (last?.type !== CHANGE_EVENT[kind]) return null;
  const fingerprint = (last.data as { fingerprint?: unknown }).fingerprint;
  for (let version = last.version - 1; version >= 0; version--)
    if (requestFingerprint({ kind, policyNumber, policyVersion: version, inputs }) === fingerprint)
      return version;
  return null;
}

// The cancel date of the policy's last cancellation when its money was settled by a balance due: the cover it
// paid for runs to that date, so a reinstatement bills again from there.
function balanceDueCancelDate(events: readonly StoredEvent[]): string | null {
  const last = events.findLast((e) => e.type === 'renters.cancelled');
  const data = last?.data as { settlement?: { kind?: string }; cancelDate?: string } | undefined;
  return data?.settlement?.kind === 'charge' ? (data.cancelDate ?? null) : null;
}

// One attempt in one transaction: judgeCommit's verdict, then the event at the version the preview saw (or,
// without a preview, the version sent or the policy's now).
async function attempt(
  ctx: CommitContext,
  ref: RentersPolicyRef,
  kind: RentersChangeKind,
  inputs: ChangeInputs,
  basis: Basis,
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
    const policyVersion =
      basis.policyVersion ?? repeatedAt(kind, ref.policyNumber, inputs, policy.events) ?? policy.version;
    const request = { kind, policyNumber: ref.policyNumber, policyVersion, inputs };
    const fingerprint = requestFingerprint(request);
    // Without a preview, a fingerprint sent is the request's as its sender computed it, checked as decision 008
    // checks it (a fingerprint proves no preview: only a token does); none sent, the request's own.
    const verdict = judgeCommit({
      previewedFingerprint: basis.fingerprint ?? fingerprint,
      request,
      currentVersion: policy.version,
      committedFingerprints: committedFingerprints(kind, policy.events),
    });
    if (verdict === 'repeat') {
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
    const decided = decideChange(kind, policy, inputs, fingerprint, today);
    // The same request on the same policy, but on another day, say, may end differently.
    if (basis.claims) requireOutcome(basis.claims, outcomeOf(decided.preview));
    const stored = await appendToRentersPolicy(
      trx,
      // The request's Idempotency-Key when it sent one, else the request's fingerprint.
      { ...ctx.metadata, idempotencyKey: ctx.metadata.idempotencyKey ?? fingerprint },
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

// commit: true (docs/decisions/008 "The protocol on the server", 013): a commit that presents its preview's
// signed token must match it; a repeat answers the first outcome and writes nothing; a commit whose inputs,
// policy or figures differ from the preview is refused (409); otherwise the change is appended. A commit
// without a token (SPEC's committed action, 013 amended) is computed as a preview would be, on the policy as
// it is now (or at the `policy_version` it sent, else 409), and appended in the same transaction. Two commits
// of one change race: the loser's append conflicts, it reloads once and finds its own change (a repeat). The
// money moves after the transaction (settleRentersChange).
export async function commitRentersChange(
  ctx: CommitContext,
  ref: RentersPolicyRef,
  kind: RentersChangeKind,
  wire: RentersChangeWire,
  today: string,
): Promise<RentersChangeAnswer> {
  const inputs = checkedInputs(kind, ref.policyNumber, withCancelDate(kind, wire, today));
  // The preview's token says which version it was made at and that these are its inputs
  // (docs/decisions/013); the fingerprint is the request's at that version.
  const claims = presentedPreview(
    ctx.signing,
    wire.preview_token,
    { line: 'renters', kind, policyNumber: ref.policyNumber, userId: ctx.userId, inputs },
    'data.preview_token',
  );
  const sentFingerprint = wire.preview_fingerprint?.trim() || null;
  const sentVersion = typeof wire.policy_version === 'number' ? wire.policy_version : null;
  const basis: Basis = claims
    ? previewedBasis(claims, kind, ref, inputs, sentFingerprint, sentVersion)
    : { claims: null, fingerprint: sentFingerprint, policyVersion: sentVersion };
  let decided: Decided;
  try {
    decided = await attempt(ctx, ref, kind, inputs, basis, today);
  } catch (error) {
    if (!(error instanceof VersionConflictError)) throw error;
    decided = await attempt(ctx, ref, kind, inputs, basis, today);
  }
  if (decided.appended) await settleRentersChange(ctx, ref.policyNumber, decided.appended, today);
  return decided.answer;
}

// The basis of a commit that presents its preview's token: the version and fingerprint the token vouches for.
function previewedBasis(
  claims: PreviewClaims,
  kind: RentersChangeKind,
  ref: RentersPolicyRef,
  inputs: ChangeInputs,
  sentFingerprint: string | null,
  sentVersion: number | null,
): Basis {
  const policyVersion = claims.policyVersion;
  const fingerprint = requestFingerprint({ kind, policyNumber: ref.policyNumber, policyVersion, inputs });
  // The fingerprint and version a client still sends must be those of the token.
  if (sentFingerprint && sentFingerprint !== fingerprint) throw new Conflict(COMMIT_REFUSALS.inputsChanged);
  if (sentVersion !== null && sentVersion !== policyVersion)
    throw new Conflict(COMMIT_REFUSALS.policyChanged);
  return { claims, fingerprint, policyVersion };
}
