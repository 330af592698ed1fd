import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import type { QuoteCustomer, QuotePet } from '../../../machines/petQuoteContext';
import {
  petQuoteJourneyMachine,
  type PetQuoteEvent,
  type ResumableStep,
} from '../../../machines/petQuoteJourney';

// The journey as the browser sees it: the same statechart the server folds the quote's log through,
// brought to the quote's step from its view. Screens ask it what the agent may do next (snapshot.can) to
// show or hide buttons; the server still judges every write.
export type JourneySnapshot = SnapshotFrom<typeof petQuoteJourneyMachine>;

function customerOf(quote: QuoteView): QuoteCustomer | null {
  const c = quote.customer;
  if (!c) return null;
  return {
    firstName: c.first_name,
    lastName: c.last_name,
    email: c.email,
    phone: c.phone,
    street: c.street,
    city: c.city,
    state: c.state,
    zip: c.zip,
  };
}

function petsOf(quote: QuoteView): QuotePet[] {
  return quote.pets.map((p) => ({
    id: p.id,
    name: p.name,
    species: p.species === 'CAT' ? 'cat' : 'dog',
    breed: p.breed_code,
    age: p.age,
    gender: p.gender === 'FEMALE' ? 'female' : 'male',
    answers: p.answers,
    declined: p.declined,
    plan: p.plan && {
      planCode: p.plan.plan_code,
      deductibleCents: Math.round(p.plan.deductible * 100),
      reimbursementPercent: p.plan.reimbursement,
      wellnessLevel: p.plan.wellness_code,
    },
  }));
}

// A stand-in for the payment the log holds: the browser never learns the token, only that one was given.
const RECORDED_PAYMENT = { method: 'card', token: 'recorded', last4: '0000' } as const;

// The events that bring a fresh journey to the quote's step: a resume where the machine allows one, then
// the facts that lead from there to the steps a quote cannot be resumed at.
function eventsFor(quote: QuoteView): PetQuoteEvent[] {
  const pets = petsOf(quote);
  const resumed = (step: ResumableStep): PetQuoteEvent => ({
    type: 'quote.resumed',
    uuid: quote.uuid,
    step,
    entityCode: quote.entity_code,
    customer: customerOf(quote),
    pets,
    policyNumbers: quote.policies.map((p) => p.policy_number),
  });
  const submitted: PetQuoteEvent = {
    type: 'quote.checkoutSubmitted',
    payment: RECORDED_PAYMENT,
    electronicDeliveryConsent: true,
    termsAccepted: true,
  };
  switch (quote.step) {
    case 'ratingInfo':
    case 'underwritingQuestions':
    case 'coverage':
    case 'checkout':
    case 'thankYou':
      return [resumed(quote.step)];
    case 'declined':
      return [
        resumed('underwritingQuestions'),
        {
          type: 'quote.underwritingAnswered',
          answers: Object.fromEntries(pets.map((p) => [p.id, p.answers ?? {}])),
          declinedPetIds: pets.filter((p) => p.declined).map((p) => p.id),
        },
      ];
    case 'fraudWarning':
      return [resumed('checkout'), { type: 'quote.fraudFlagged', reason: quote.fraud_warning ?? '' }];
    case 'purchasing':
      return [resumed('checkout'), submitted];
    case 'paymentFailed':
      return [
        resumed('checkout'),
        submitted,
        { type: 'quote.purchaseFailed', reason: quote.payment_error?.reason ?? 'declined' },
      ];
    default:
      return [];
  }
}

export function journeySnapshotOf(quote: QuoteView | null): JourneySnapshot {
  let [snapshot] = initialTransition(petQuoteJourneyMachine);
  if (!quote) return snapshot;
  for (const event of eventsFor(quote)) [snapshot] = transition(petQuoteJourneyMachine, snapshot, event);
  return snapshot;
}

export const BACK: PetQuoteEvent = { type: 'quote.back' };
