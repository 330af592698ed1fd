import type { PolicyLifecycleEvent } from '../../../machines/policyLifecycle';
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
  // The purchase's charge went through at its first attempt: false when a declined attempt came before it
  // (docs/pet-policy-record.md "Initial payment"). Events before that rule wrote true for every policy.
  initialPaymentSuccessful: boolean;
  // The brand the policy was sold under; absent from events before it was recorded, which were sold under
  // the portal's one brand (src/server/domain/brand/portalBrand.ts).
  brandCode?: string;
}

// A policyholder contact field as it was and as it became.
export type FieldChange = { from: string | null; to: string | null };

export interface PolicyholderChanged {
  customerId: number;
  reason: string;
  changes: Record<string, FieldChange>;
}

export type CancelReason = 'CUSTOMER_REQUEST' | 'NON_PAYMENT' | 'PET_DECEASED' | 'OTHER';

// A committed cancellation with its figures (docs/cancellation.md), so the log alone explains the refund.
export interface PolicyCancelled {
  requestedDate: string;
  cancelEffectiveDate: string;
  // The Central day of the commit; with the cancel date it decides whether the policy ended at once.
  committedOn: string;
  reason: CancelReason;
  note: string | null;
  flatCancel: boolean;
  immediate: boolean;
  daysInForce: number;
  termDays: number;
  annualPremiumCents: number;
  earnedPremiumCents: number;
  paidCents: number;
  refundCents: number;
  // Premium earned beyond what was collected, added to the policy's bill (absent from older events).
  balanceDueCents?: number;
}

// Cover restored after a cancellation (a lapse for non-payment paid late): the policy is in force again and
// its cancel date is gone. `reinstatedOn` is the business day of the reinstatement.
export interface PolicyReinstated {
  reinstatedOn: string;
  reason: string;
}

// The next term's price, offered some weeks before the expiration date (docs/policy-dates.md): the same pet
// and plan rated by the engine at the renewal date. `annualPremiumCents` is what the renewal will charge.
export interface PolicyRenewalOffered {
  effectiveDate: string;
  expirationDate: string;
  annualPremiumCents: number;
  // The pet's age at the renewal date, as rated.
  ratedAge: number;
}

// The policy renewed into its next term on the old term's expiration date; billing schedules the term
// from these figures.
export interface PolicyRenewed {
  effectiveDate: string;
  expirationDate: string;
  annualPremiumCents: number;
  previousAnnualPremiumCents: number;
}

export const policyEvent = {
  issued: (data: PolicyIssued): NewEvent => ({ type: 'policy.issued', data: { ...data } }),
  policyholderChanged: (data: PolicyholderChanged): NewEvent => ({
    type: 'policy.policyholderChanged',
    data: { ...data },
  }),
  cancelled: (data: PolicyCancelled): NewEvent => ({ type: 'policy.cancelled', data: { ...data } }),
  cancellationTookEffect: (data: { cancelEffectiveDate: string }): NewEvent => ({
    type: 'policy.cancellationTookEffect',
    data: { ...data },
  }),
  reinstated: (data: PolicyReinstated): NewEvent => ({ type: 'policy.reinstated', data: { ...data } }),
  renewalOffered: (data: PolicyRenewalOffered): NewEvent => ({
    type: 'policy.renewalOffered',
    data: { ...data },
  }),
  renewed: (data: PolicyRenewed): NewEvent => ({ type: 'policy.renewed', data: { ...data } }),
};

const ANNOTATIONS = new Set(['policy.noteAdded', 'policy.fileAttached', 'policy.documentGenerated']);

// The lifecycle event a stored or proposed policy event stands for (src/machines/policyLifecycle.ts). An
// unknown type passes through as itself, which no state accepts, so it is refused rather than guessed at.
export function policyLifecycleEvent(event: NewEvent): PolicyLifecycleEvent {
  switch (event.type) {
    case 'policy.cancelled': {
      const data = event.data as unknown as PolicyCancelled;
      return { type: 'policy.cancelled', flat: data.flatCancel, immediate: data.immediate };
    }
    case 'policy.issued':
    case 'policy.policyholderChanged':
    case 'policy.cancellationTookEffect':
    case 'policy.reinstated':
    case 'policy.renewalOffered':
    case 'policy.renewed':
      return { type: event.type };
    default:
      if (ANNOTATIONS.has(event.type)) return { type: event.type as 'policy.noteAdded' };
      // Not one of the machine's events: typed as one only to be refused by every state.
      return { type: event.type } as unknown as PolicyLifecycleEvent;
  }
}
