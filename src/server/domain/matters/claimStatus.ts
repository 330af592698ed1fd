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

// SPEC §3 "claim status (id, name, tooltip, codes)": how each status is told to a person. The id is the
// status's fixed number, the tooltip a sentence for whoever reads the claim, and the codes the status codes
// it stands for, one each today (docs/pet-claims.md).
export interface ClaimStatusInfo {
  id: number;
  name: string;
  tooltip: string;
  codes: ClaimStatus[];
}

export const CLAIM_STATUS_INFO: Readonly<Record<ClaimStatus, ClaimStatusInfo>> = {
  SUBMITTED: {
    id: 1,
    name: 'Submitted',
    tooltip: 'The claim has been received and is waiting for a claims examiner to pick it up.',
    codes: ['SUBMITTED'],
  },
  IN_REVIEW: {
    id: 2,
    name: 'In review',
    tooltip: 'A claims examiner is reviewing the claim and the vet records before deciding it.',
    codes: ['IN_REVIEW'],
  },
  APPROVED: {
    id: 3,
    name: 'Approved',
    tooltip: 'The claim was approved; the approved amount is being paid and may be paid in parts.',
    codes: ['APPROVED'],
  },
  DENIED: {
    id: 4,
    name: 'Denied',
    tooltip: 'The claim was reviewed and is not covered by the policy; the decision gives the reason.',
    codes: ['DENIED'],
  },
  PAID: {
    id: 5,
    name: 'Paid',
    tooltip: 'The approved amount has been paid in full.',
    codes: ['PAID'],
  },
  CLOSED: {
    id: 6,
    name: 'Closed',
    tooltip: 'The claim is finished (paid, denied or withdrawn) and nothing more will happen on it.',
    codes: ['CLOSED'],
  },
};

// Which moment of SPEC §3's claim record an event sets: a decision (approved or denied) assesses the claim,
// and claim.closed closes it. A second decision would be the reassessment, but a decided claim takes no
// other decision (applyClaimChange), so reassessedAt stays null (docs/pet-claims.md).
export function claimMomentOf(eventType: string): 'decided' | 'closed' | null {
  if (eventType === 'claim.approved' || eventType === 'claim.denied') return 'decided';
  if (eventType === 'claim.closed') return 'closed';
  return null;
}
