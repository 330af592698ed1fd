import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// Preview tokens (docs/decisions/013): a preview of a policy change answers one, and only a commit that
// presents it, unchanged, for the same policy, change and user, within its life, is made. What it vouches
// for travels in the token itself, so the server keeps nothing between the preview and the commit (any
// process behind the load balancer can judge it, DESIGN.md "Scale"); its HMAC makes it unforgeable.

// How long a preview holds: long enough to read the figures and confirm, short enough that a stale screen is
// not committed days later.
export const PREVIEW_TOKEN_TTL_SECONDS = 15 * 60;

const PREFIX = 'pv1';

// A key of its own, derived from the server's secret: a preview token is never an access token, nor the
// other way round, even though one secret signs both.
const keyOf = (secret: string) => createHmac('sha256', secret).update('policy-change-preview').digest();

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const Claims = z.strictObject({
  // The line of business and the change: pet cancel; renters cancel, discontinue or reinstate.
  line: z.enum(['pet', 'renters']),
  kind: z.enum(['cancel', 'discontinue', 'reinstate']),
  policyNumber: z.string().min(1),
  // The version of the policy's stream the preview was made at: a commit on a policy changed since is stale.
  policyVersion: z.number().int().nonnegative(),
  // The commit's inputs as the preview read them (dates, reason, method, note).
  inputs: z.record(z.string(), Scalar),
  // What the preview said the change will do (money in cents, dates, new state): a commit whose figures now
  // differ is not the change the agent confirmed.
  outcome: z.record(z.string(), Scalar),
  userId: z.number().int().positive(),
  exp: z.number().int(),
});
export type PreviewClaims = z.infer<typeof Claims>;

function sign(body: string, secret: string): string {
  return createHmac('sha256', keyOf(secret)).update(body).digest('base64url');
}

export function issuePreviewToken(
  claims: Omit<PreviewClaims, 'exp'>,
  secret: string,
  now = Date.now(),
  ttlSeconds = PREVIEW_TOKEN_TTL_SECONDS,
): string {
  const full: PreviewClaims = { ...claims, exp: Math.floor(now / 1000) + ttlSeconds };
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(full)).toString('base64url')}`;
  return `${body}.${sign(body, secret)}`;
}

// Why a commit's token is refused, in the order they are checked.
export type PreviewRefusal =
  | 'missing'
  // Not a token this server signed (made up, altered, or signed with another secret).
  | 'forged'
  // Signed, but for another user, another policy or another change.
  | 'otherUser'
  | 'otherPolicy'
  | 'expired'
  // For this user, policy and change, but the commit's inputs are not the previewed ones.
  | 'inputsDiffer';

export interface PreviewExpectation {
  line: PreviewClaims['line'];
  kind: PreviewClaims['kind'];
  policyNumber: string;
  userId: number;
  inputs: PreviewClaims['inputs'];
}

export type PreviewVerdict = { ok: true; claims: PreviewClaims } | { ok: false; refusal: PreviewRefusal };

// Keys sorted, absent and null alike: two spellings of the same inputs compare equal.
function canonical(values: PreviewClaims['inputs']): string {
  const keys = Object.keys(values)
    .filter((k) => values[k] !== null && values[k] !== undefined)
    .sort();
  return JSON.stringify(keys.map((k) => [k, values[k]]));
}

export function checkPreviewToken(
  token: string | null | undefined,
  expected: PreviewExpectation,
  secret: string,
  now = Date.now(),
): PreviewVerdict {
  const refuse = (refusal: PreviewRefusal): PreviewVerdict => ({ ok: false, refusal });
  if (!token) return refuse('missing');
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return refuse('forged');
  const [prefix, payload, signature] = parts as [string, string, string];
  const wanted = Buffer.from(sign(`${prefix}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return refuse('forged');
  let claims: PreviewClaims;
  try {
    claims = Claims.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return refuse('forged');
  }
  if (claims.userId !== expected.userId) return refuse('otherUser');
  if (
    claims.line !== expected.line ||
    claims.kind !== expected.kind ||
    claims.policyNumber !== expected.policyNumber
  )
    return refuse('otherPolicy');
  if (claims.exp <= Math.floor(now / 1000)) return refuse('expired');
  if (canonical(claims.inputs) !== canonical(expected.inputs)) return refuse('inputsDiffer');
  return { ok: true, claims };
}

// Whether the figures a commit computes are those the preview showed.
export function sameOutcome(claims: PreviewClaims, outcome: PreviewClaims['outcome']): boolean {
  return canonical(claims.outcome) === canonical(outcome);
}
