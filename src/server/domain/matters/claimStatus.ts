import type { ClaimStatus } from './matterEvents';

// Where each claim event may happen and where it leaves the claim. A claim is submitted, reviewed, then
// approved (with an amount) or denied; an approved claim is paid in one or more payments and is PAID once
// they reach the approved amount; any claim not yet closed can be closed (a denied or paid one, or one the
// customer withdrew).
export interface ClaimFigures {
  status: ClaimStatus;
  approvedCents: number | null;
  paidCents: number;
}

export type ClaimChange =
  | { type: 'claim.reviewStarted' }
  | { type: 'claim.approved'; approvedCents: number }
  | { type: 'claim.denied' }
  | { type: 'claim.paymentMade'; amountCents: number }
  | { type: 'claim.closed' };

// The claim after the change, or null when the change is not allowed in the claim's status.
export function applyClaimChange(claim: ClaimFigures, change: ClaimChange): ClaimFigures | null {
  switch (change.type) {
    case 'claim.reviewStarted':
      return claim.status === 'SUBMITTED' ? { ...claim, status: 'IN_REVIEW' } : null;
    case 'claim.approved':
      return claim.status === 'IN_REVIEW' && change.approvedCents > 0
        ? { ...claim, status: 'APPROVED', approvedCents: change.approvedCents }
        : null;
    case 'claim.denied':
      return claim.status === 'IN_REVIEW' ? { ...claim, status: 'DENIED', approvedCents: 0 } : null;
    case 'claim.paymentMade': {
      if (claim.status !== 'APPROVED' || change.amountCents <= 0) return null;
      const paidCents = claim.paidCents + change.amountCents;
      if (paidCents > (claim.approvedCents ?? 0)) return null;
      return { ...claim, paidCents, status: paidCents === claim.approvedCents ? 'PAID' : 'APPROVED' };
    }
    case 'claim.closed':
      return claim.status === 'CLOSED' ? null : { ...claim, status: 'CLOSED' };
  }
}
