import type { PetQuoteEvent, PetQuoteEventType } from '../../../machines/petQuoteJourney';
import type { PaymentDetails, PlanChoice, QuoteCustomer, RatedPet } from '../../../machines/petQuoteContext';
import type { NewEvent } from '../../store/eventStore';
import type { QuoteTotalsCents } from './quoteTotals';

// Events of the `quote` stream (stream id = the quote's uuid). Each is a fact of the pet quote journey
// (decision 005), stored with the machine event's own fields plus what the read side needs besides.
export const QUOTE_STREAM = 'quote';

// The journey's events a quote's log records; quote.resumed and quote.rejected are the portal's only.
export type QuoteEventType = Exclude<PetQuoteEventType, 'quote.resumed' | 'quote.rejected'>;
const LOGGED: ReadonlySet<string> = new Set<QuoteEventType>([
  'quote.started',
  'quote.petsRated',
  'quote.underwritingAnswered',
  'quote.petRemoved',
  'quote.coverageChosen',
  'quote.fraudFlagged',
  'quote.fraudAcknowledged',
  'quote.abandoned',
  'quote.checkoutSubmitted',
  'quote.purchaseSucceeded',
  'quote.purchaseFailed',
  'quote.paymentRetried',
  'quote.back',
]);

// What the engine priced for a pet's chosen plan, in cents; kept beside the plan in quote.coverageChosen.
export interface PetPremium {
  examFee: boolean;
  monthlyPremiumCents: number;
  downpaymentCents: number;
  totalPremiumCents: number;
}

// Where a quote came from (docs/quote-actions.md "A quote request as SPEC writes it"): the client's request
// id, the platform it was made on, how the customer asked, the agency's quote source, the client's program
// id, the agent logged in and the discount code asked for. Every field is null when not sent.
export interface QuoteAttribution {
  requestId: string | null;
  quotingPlatform: 'PORTAL' | 'API';
  quoteMethod: string | null;
  entitySourceId: number | null;
  programId: string | null;
  loggedInAgentId: number | null;
  discountCode: string | null;
}

export interface QuoteStarted {
  entityCode: string;
  // The acting entity's id, so the read side needs no lookup by code (codes may be edited).
  entityId: number;
  // Absent on quotes started before attribution was kept.
  attribution?: QuoteAttribution;
}
export interface QuotePetsRated {
  uuid: string;
  customer: QuoteCustomer;
  pets: RatedPet[];
  startDate: string;
}
export interface QuoteUnderwritingAnswered {
  answers: Record<string, Record<string, boolean>>;
  declinedPetIds: string[];
}
export interface QuotePetRemoved {
  petId: string;
}
export interface QuoteCoverageChosen {
  plans: Record<string, PlanChoice>;
  premiums: Record<string, PetPremium>;
  // The rate table version the premiums come from (docs/rating.md "Versions").
  ratedOn: string;
  // The discount code the premiums were rated with, and what the customer pays for them (cents, fees
  // included), kept as rated so a rebuild or a later rate change never alters what was offered.
  discountCode: string | null;
  totals: QuoteTotalsCents | null;
}

export type PaymentPeriod = 'MONTHLY' | 'ANNUAL';

// The policyholder as checkout confirmed it; state and zip stay the quote's.
export interface CheckoutCustomer extends QuoteCustomer {
  street2: string | null;
}

// What one charge attempt was: the client's requestId is the processor's idempotency key, so a repeat of
// it (from any process) finds this in the log and is never charged again (docs/purchase.md).
export interface ChargeAttempt {
  requestId: string;
  paymentPeriod: PaymentPeriod;
  // The amount due today for the period, from the rating engine's payment schedule, fees included.
  amountCents: number;
}

export interface QuoteCheckoutSubmitted extends ChargeAttempt {
  payment: PaymentDetails;
  electronicDeliveryConsent: boolean;
  termsAccepted: boolean;
  customer: CheckoutCustomer;
  // The agent the sale is credited to when the request names one (absent before it could).
  agentId?: number | null;
  // The payment account as a SPEC purchase request showed it (its name, bank and card expiry), each checked
  // against the tokenized method where the method knows it.
  paymentAccount?: { name: string | null; bank: string | null; cardExpiry: string | null };
}
export interface QuotePaymentRetried extends ChargeAttempt {
  payment: PaymentDetails;
}
export interface QuotePurchaseSucceeded extends ChargeAttempt {
  policyNumbers: string[];
  customerId: number;
  chargeId: string;
  method: 'card' | 'bank';
  last4: string;
}
export interface QuotePurchaseFailed extends ChargeAttempt {
  // The processor's decline reason (card_declined, insufficient_funds, …) and its message.
  reason: string;
  message: string;
}
export interface QuoteFraudFlagged {
  reason: string;
  // Which rule flagged it (docs/purchase.md), for the record.
  rule: string;
}

export const quoteEvent = {
  started: (data: QuoteStarted): NewEvent => ({ type: 'quote.started', data: { ...data } }),
  petsRated: (data: QuotePetsRated): NewEvent => ({ type: 'quote.petsRated', data: { ...data } }),
  underwritingAnswered: (data: QuoteUnderwritingAnswered): NewEvent => ({
    type: 'quote.underwritingAnswered',
    data: { ...data },
  }),
  petRemoved: (data: QuotePetRemoved): NewEvent => ({ type: 'quote.petRemoved', data: { ...data } }),
  coverageChosen: (data: QuoteCoverageChosen): NewEvent => ({
    type: 'quote.coverageChosen',
    data: { ...data },
  }),
  back: (): NewEvent => ({ type: 'quote.back', data: {} }),
  fraudFlagged: (data: QuoteFraudFlagged): NewEvent => ({ type: 'quote.fraudFlagged', data: { ...data } }),
  fraudAcknowledged: (): NewEvent => ({ type: 'quote.fraudAcknowledged', data: {} }),
  abandoned: (): NewEvent => ({ type: 'quote.abandoned', data: {} }),
  checkoutSubmitted: (data: QuoteCheckoutSubmitted): NewEvent => ({
    type: 'quote.checkoutSubmitted',
    data: { ...data },
  }),
  paymentRetried: (data: QuotePaymentRetried): NewEvent => ({
    type: 'quote.paymentRetried',
    data: { ...data },
  }),
  purchaseSucceeded: (data: QuotePurchaseSucceeded): NewEvent => ({
    type: 'quote.purchaseSucceeded',
    data: { ...data },
  }),
  purchaseFailed: (data: QuotePurchaseFailed): NewEvent => ({
    type: 'quote.purchaseFailed',
    data: { ...data },
  }),
};

// The machine event a stored quote event stands for: its data carries the machine event's fields (extra
// read-side fields are ignored by the machine). The log is written only by the commands of this module, so
// the data is trusted to have the shape its type says; an unknown type is a programming error.
export function quoteMachineEvent(event: NewEvent): PetQuoteEvent {
  if (!LOGGED.has(event.type)) throw new Error(`${event.type} is not an event of the quote stream`);
  return { ...event.data, type: event.type } as PetQuoteEvent;
}
