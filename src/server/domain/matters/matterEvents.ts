import type { NewEvent } from '../../store/eventStore';

// Events of a policy's matters. Notes, files and documents annotate the `policy` stream (stream id = the
// policy number), which the policy lifecycle accepts in every state; a claim is a stream of its own.
export const CLAIM_STREAM = 'claim';

export type DocumentType = 'DECLARATION' | 'RECEIPT' | 'CANCELLATION_NOTICE';

// Bytes are stored once in matter_contents under contentId; the event names them and their digest.
export interface StoredContent {
  contentId: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface DocumentGenerated extends StoredContent {
  documentId: string;
  type: DocumentType;
  name: string;
}

export interface FileAttached extends StoredContent {
  fileId: string;
  name: string;
}

export interface NoteAdded {
  noteId: string;
  note: string;
  // A renters note's (SPEC §3 Note); a pet note has none and reads NORMAL and AGENT.
  priority?: 'NORMAL' | 'HIGH';
  visibility?: 'AGENT' | 'INTERNAL';
}

export type ClaimStatus = 'SUBMITTED' | 'IN_REVIEW' | 'APPROVED' | 'DENIED' | 'PAID' | 'CLOSED';

// How a claim reached the insurer (SPEC §3 "source"), a closed list (docs/pet-claims.md): the customer's
// portal, an e-mailed claim form, the treating vet's office sending it directly, or a call taken by staff.
export const CLAIM_SOURCES = ['PORTAL', 'EMAIL', 'VET', 'PHONE'] as const;
export type ClaimSource = (typeof CLAIM_SOURCES)[number];

// A condition treated, as the claims system names it: the ailment's id in its ailment list and its words.
export interface ClaimCondition {
  ailmentId: number;
  description: string;
}

export interface ClaimSubmitted {
  claimId: number;
  claimNumber: string;
  policyNumber: string;
  source: ClaimSource;
  // Business dates, YYYY-MM-DD.
  lossDate: string;
  reportedDate: string;
  treatmentStart: string;
  treatmentEnd: string;
  diagnosis: string;
  conditions: ClaimCondition[];
  description: string;
  claimedCents: number;
}

// A claim.submitted as the log may hold it: events appended before migration 045 carry no source, diagnosis
// or treatment dates, and name their conditions by description alone.
export type StoredClaimSubmitted = Omit<
  ClaimSubmitted,
  'source' | 'treatmentStart' | 'treatmentEnd' | 'diagnosis' | 'conditions'
> &
  Partial<Pick<ClaimSubmitted, 'source' | 'treatmentStart' | 'treatmentEnd' | 'diagnosis'>> & {
    conditions: (string | ClaimCondition)[];
  };

export interface ClaimPaymentMade {
  paymentId: string;
  paidOn: string;
  amountCents: number;
  method: string;
  reference: string;
}

export const matterEvent = {
  documentGenerated: (data: DocumentGenerated): NewEvent => ({
    type: 'policy.documentGenerated',
    data: { ...data },
  }),
  fileAttached: (data: FileAttached): NewEvent => ({ type: 'policy.fileAttached', data: { ...data } }),
  noteAdded: (data: NoteAdded): NewEvent => ({ type: 'policy.noteAdded', data: { ...data } }),
};

export const claimEvent = {
  submitted: (data: ClaimSubmitted): NewEvent => ({ type: 'claim.submitted', data: { ...data } }),
  reviewStarted: (): NewEvent => ({ type: 'claim.reviewStarted', data: {} }),
  approved: (data: { approvedCents: number }): NewEvent => ({ type: 'claim.approved', data: { ...data } }),
  denied: (data: { reason: string }): NewEvent => ({ type: 'claim.denied', data: { ...data } }),
  paymentMade: (data: ClaimPaymentMade): NewEvent => ({ type: 'claim.paymentMade', data: { ...data } }),
  closed: (data: { reason: string }): NewEvent => ({ type: 'claim.closed', data: { ...data } }),
};
