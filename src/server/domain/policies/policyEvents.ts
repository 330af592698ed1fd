import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `policy` stream (stream id = the policy number): one pet's policy, issued by a purchase.
export const POLICY_STREAM = 'policy';

export interface PolicyIssued {
  policyNumber: string;
  matterId: number;
  quoteUuid: string;
  entityId: number;
  customerId: number;
  pet: {
    id: string;
    name: string;
    species: string;
    breed: string;
    gender: string;
    ageAtInception: number;
  };
  planCode: string;
  // Plan limit in cents; null when unlimited.
  annualCoverageCents: number | null;
  deductibleCents: number;
  reimbursement: number;
  examFee: boolean;
  wellnessCode: string | null;
  // The pet's annual premium as the engine priced it at coverage.
  premiumCents: number;
  state: string;
  // YYYY-MM-DD: effective = the quote's start date, expiration one year later; purchase = the Central day.
  purchaseDate: string;
  effectiveDate: string;
  expirationDate: string;
  termType: 'ANNUAL';
  paymentPeriod: 'MONTHLY' | 'ANNUAL';
  initialPaymentSuccessful: boolean;
}

export const policyEvent = {
  issued: (data: PolicyIssued): NewEvent => ({ type: 'policy.issued', data: { ...data } }),
};

// Issued once; anything later (cancellation, reinstatement) is an update of the same record.
export function policyLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  return event.type === 'policy.issued' ? { type: 'record.create' } : { type: 'record.update' };
}
