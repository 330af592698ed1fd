import { COMMIT_REFUSALS } from '../../machines/rentersPolicyChangeContext';
import {
  PREVIEW_TOKEN_TTL_SECONDS,
  checkPreviewToken,
  issuePreviewToken,
  sameOutcome,
  type PreviewClaims,
  type PreviewExpectation,
  type PreviewRefusal,
} from '../auth/previewTokens';
import { Conflict, Invalid } from './domainErrors';

// Preview, then commit what was previewed (docs/decisions/013), for the pet cancellation and the renters
// cancel, discontinue and reinstate alike: a preview answers a signed token, and a commit that presents one
// must match it exactly. A commit that presents none (the field absent or null) is SPEC's "committed action
// when commit is set": computed as a preview would be, on the policy as it is now, and committed at once
// (013 "Amended: a commit without a preview").

// What signs and checks tokens: the server's secret and its clock.
export interface PreviewSigning {
  secret: string;
  now(): number;
}

export function previewToken(signing: PreviewSigning, claims: Omit<PreviewClaims, 'exp'>): string {
  return issuePreviewToken(claims, signing.secret, signing.now());
}

const AGAIN = 'Preview it again before committing.';

const FORGED = `The preview token is not one this server gave. ${AGAIN}`;

// The token as a value is wrong (blank, not ours, someone else's, another policy's): 422 on its field. The
// token is ours and right, but the world or the request moved on since: 409, as the route declares. A blank
// token is presented, so it is checked (and refused) rather than read as no token.
const FIELD_REFUSALS: Readonly<Partial<Record<PreviewRefusal, string>>> = {
  missing: FORGED,
  forged: FORGED,
  otherUser: 'The preview token was given to another user. Preview the change yourself before committing.',
  otherPolicy: `The preview token is for another policy or another change. ${AGAIN}`,
};

export const PREVIEW_CONFLICTS = {
  expired: `The preview has expired (a preview holds for ${PREVIEW_TOKEN_TTL_SECONDS / 60} minutes). ${AGAIN}`,
  inputsDiffer: COMMIT_REFUSALS.inputsChanged,
  stale: COMMIT_REFUSALS.policyChanged,
  outcomeDiffers: `The change would not do what its preview showed (its figures or its effect differ now). ${AGAIN}`,
} as const;

// The 409 causes a commit route declares (config.conflicts), in the reference's words.
export const PREVIEW_CONFLICT_CAUSES: readonly string[] = [
  'A commit whose preview has expired, whose inputs differ from the previewed ones, on a policy changed since the preview, or whose figures now differ from the previewed ones: preview it again.',
];

// Whether a commit presents a preview token: the field absent or null presents none; any text does, blank
// included.
export const presentsToken = (token: string | null | undefined): token is string =>
  token !== null && token !== undefined;

// The claims of the token a commit presents, or the refusal: 422 on `field`, or 409. Null when the commit
// presents no token: a commit without a preview, which the caller computes on the policy as it is now.
export function presentedPreview(
  signing: PreviewSigning,
  token: string | null | undefined,
  expected: PreviewExpectation,
  field: string,
): PreviewClaims | null {
  return presentsToken(token) ? requirePreview(signing, token, expected, field) : null;
}

// The claims of the commit's token, or the refusal: 422 on `field`, or 409.
function requirePreview(
  signing: PreviewSigning,
  token: string,
  expected: PreviewExpectation,
  field: string,
): PreviewClaims {
  const verdict = checkPreviewToken(token, expected, signing.secret, signing.now());
  if (verdict.ok) return verdict.claims;
  const message = FIELD_REFUSALS[verdict.refusal];
  if (message) throw new Invalid({ [field]: [message] });
  throw new Conflict(
    verdict.refusal === 'expired' ? PREVIEW_CONFLICTS.expired : PREVIEW_CONFLICTS.inputsDiffer,
  );
}

// 409 when the policy's log moved on since the preview.
export function requireVersion(claims: PreviewClaims, currentVersion: number): void {
  if (claims.policyVersion !== currentVersion) throw new Conflict(PREVIEW_CONFLICTS.stale);
}

// 409 when the commit's figures are not the previewed ones.
export function requireOutcome(claims: PreviewClaims, outcome: PreviewClaims['outcome']): void {
  if (!sameOutcome(claims, outcome)) throw new Conflict(PREVIEW_CONFLICTS.outcomeDiffers);
}
