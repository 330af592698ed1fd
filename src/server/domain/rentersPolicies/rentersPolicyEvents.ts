import type { RentersPolicyEvent } from '../../../machines/rentersPolicyStatus';
import type { NewEvent } from '../../store/eventStore';

// Events of the `renters_policy` stream (stream id = the policy number). Their types and the fields the
// status machine reads are those of `RentersPolicyEvent` (src/machines/rentersPolicyStatus.ts); the issue
// event carries the whole sale besides, so the log alone rebuilds the read table.
export const RENTERS_POLICY_STREAM = 'renters_policy';

export interface RentersAddressData {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface RentersIssuedContact {
  numberType: 'MOBILE' | 'HOME' | 'WORK';
  extension: string | null;
  additionalInfo: string | null;
}

export interface RentersPolicyIssued {
  policyNumber: string;
  matterId: number;
  quoteId: string;
  entityId: number;
  customerId: number;
  rewriteOf: string | null;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  // The quote's primary contact beside the phone; absent on policies issued before it was kept.
  primaryContact?: RentersIssuedContact | null;
  mailingAddress: RentersAddressData;
  propertyAddress: RentersAddressData;
  interestedParty: { name: string; line1: string; city: string; state: string; zip: string } | null;
  coverage: unknown;
  termInterval: 'annual' | 'monthly';
  // YYYY-MM-DD (UTC): the day of the sale, the term's first day and the day after its last.
  soldOn: string;
  effectiveDate: string;
  expirationDate: string;
  termPremiumCents: number;
  taxesCents: number;
  feesCents: number;
  totalCents: number;
  nextBill: { dueDate: string; amountCents: number } | null;
  // The charge that paid the first bill; the payment token is not kept in the log.
  payment: { method: 'card' | 'bank'; last4: string; chargeId: string; amountCents: number };
}

export const rentersPolicyEvent = {
  issued: (data: RentersPolicyIssued): NewEvent => ({ type: 'renters.policyIssued', data: { ...data } }),
};

const KNOWN: ReadonlySet<string> = new Set<RentersPolicyEvent['type']>([
  'renters.policyIssued',
  'renters.cancelled',
  'renters.cancellationTookEffect',
  'renters.discontinued',
  'renters.nonRenewalTookEffect',
  'renters.reinstated',
  'renters.rewritten',
  'renters.renewalOffered',
  'renters.renewalPaymentReceived',
  'renters.renewed',
  'renters.addressChanged',
  'renters.addressConfirmed',
  'renters.contactChanged',
  'renters.additionalInsuredAdded',
  'renters.additionalInsuredRemoved',
  'renters.paymentMethodChanged',
  'renters.noteAdded',
  'renters.documentGenerated',
  'renters.settled',
]);

// The status machine's event a stored or proposed event stands for. Later events keep the machine's fields
// at the top of their data; an unknown type passes through as itself, which no state accepts, so it is
// refused rather than guessed at.
export function rentersPolicyStatusEvent(event: NewEvent): RentersPolicyEvent {
  if (event.type === 'renters.policyIssued') {
    const data = event.data as unknown as RentersPolicyIssued;
    return {
      type: 'renters.policyIssued',
      effectiveDate: data.effectiveDate,
      expirationDate: data.expirationDate,
    };
  }
  if (!KNOWN.has(event.type)) return { type: event.type } as unknown as RentersPolicyEvent;
  return { ...event.data, type: event.type } as unknown as RentersPolicyEvent;
}
