import type { PetQuoteEvent, PetQuoteEventType } from '../../../machines/petQuoteJourney';
import type { PlanChoice, QuoteCustomer, RatedPet } from '../../../machines/petQuoteContext';
import type { NewEvent } from '../../store/eventStore';

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

export interface QuoteStarted {
  entityCode: string;
  // The acting entity's id, so the read side needs no lookup by code (codes may be edited).
  entityId: number;
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
};

// The machine event a stored quote event stands for: its data carries the machine event's fields (extra
// read-side fields are ignored by the machine). The log is written only by the commands of this module, so
// the data is trusted to have the shape its type says; an unknown type is a programming error.
export function quoteMachineEvent(event: NewEvent): PetQuoteEvent {
  if (!LOGGED.has(event.type)) throw new Error(`${event.type} is not an event of the quote stream`);
  return { ...event.data, type: event.type } as PetQuoteEvent;
}
