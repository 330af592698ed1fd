import { isLoggedRentersQuoteEvent, type RentersQuoteEvent } from '../../../machines/rentersQuoteJourney';
import { shownDeclineMessage } from '../payments/shownDecline';
import type {
  InterestedParty,
  RentersAddress,
  RentersContact,
  RentersCoverage,
  RentersCustomer,
  RentersPayment,
  RentersPolicy,
  RentersPremium,
  RewriteSource,
} from '../../../machines/rentersQuoteContext';
import type { NewEvent } from '../../store/eventStore';
import type { RentersRating } from '../rentersRating/rentersTypes';

// Events of the `renters_quote` stream (stream id = the quote's id). Each is a fact of the renters quote
// journey (decision 007), stored with the machine event's fields plus what the read side and the purchase
// need besides (ignored by the machine).
export const RENTERS_QUOTE_STREAM = 'renters_quote';

export interface RentersPropertyGiven {
  id: string;
  entityCode: string | null;
  // The acting entity's id, so the read side needs no lookup by code (codes may be edited).
  entityId: number;
  property: RentersAddress;
  effectiveDate: string;
  interestedParty: InterestedParty | null;
}

export interface RentersCoverageChosen {
  coverage: RentersCoverage;
  premium: RentersPremium;
  // The engine's whole answer (schedule, next bill, expiration), kept as rated so a later rate change never
  // alters what was offered or what the purchase charges.
  rating: RentersRating;
}

// A charge attempt: the client's requestId is the processor's idempotency key (docs/purchase.md).
export interface RentersChargeAttempt {
  requestId: string;
  // Due today: the schedule's first payment.
  amountCents: number;
  payment: RentersPayment;
}

export interface RentersPurchaseSubmitted extends RentersChargeAttempt {
  termsAccepted: boolean;
  acceptedTotalCents: number;
}

export interface RentersPurchaseSucceeded {
  requestId: string;
  policy: RentersPolicy;
  matterId: number;
  customerId: number;
  chargeId: string;
  amountCents: number;
}

export interface RentersPurchaseFailed {
  requestId: string;
  reason: string;
  message: string;
}

const event = (type: RentersQuoteEvent['type'], data: object): NewEvent => ({
  type,
  data: { ...data } as Record<string, unknown>,
});

export const rentersQuoteEvent = {
  // A rewrite's quote: the old policy's facts, before its start step (the server checked eligibility).
  rewriteStarted: (data: { source: RewriteSource }) => event('rentersQuote.rewriteStarted', data),
  propertyGiven: (data: RentersPropertyGiven) => event('rentersQuote.propertyGiven', data),
  coverageChosen: (data: RentersCoverageChosen) => event('rentersQuote.coverageChosen', data),
  customerGiven: (data: { customer: RentersCustomer; contacts: RentersContact[] }) =>
    event('rentersQuote.customerGiven', data),
  paymentMethodGiven: (data: { payment: RentersPayment }) => event('rentersQuote.paymentMethodGiven', data),
  back: () => event('rentersQuote.back', {}),
  purchaseSubmitted: (data: RentersPurchaseSubmitted) => event('rentersQuote.purchaseSubmitted', data),
  paymentRetried: (data: RentersChargeAttempt) => event('rentersQuote.paymentRetried', data),
  purchaseSucceeded: (data: RentersPurchaseSucceeded) => event('rentersQuote.purchaseSucceeded', data),
  purchaseFailed: (data: RentersPurchaseFailed) =>
    // The journey (and the screen) tell a decline as a decline, whatever the service's reason; the event keeps
    // the reason and its message for staff (payments/shownDecline.ts).
    event('rentersQuote.purchaseFailed', {
      ...data,
      reason: shownDeclineMessage(data.reason),
      code: data.reason,
    }),
};

// The machine event a stored event stands for. The log is written only by this module's commands, so its
// data is trusted to have the shape its type says; a portal-only or unknown type is a programming error.
export function rentersQuoteMachineEvent(stored: NewEvent): RentersQuoteEvent {
  const machineEvent = { ...stored.data, type: stored.type } as RentersQuoteEvent;
  if (!stored.type.startsWith('rentersQuote.') || !isLoggedRentersQuoteEvent(machineEvent)) {
    throw new Error(`${stored.type} is not an event of the renters quote stream`);
  }
  return machineEvent;
}
