import { type SnapshotFrom } from 'xstate';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { EMPTY_JOURNEY, type JourneyContext, type QuotePet } from '../../../machines/petQuoteContext';
import { petQuoteJourneyMachine, type PetQuoteEvent } from '../../../machines/petQuoteJourney';

// The journey as the browser sees it: the same statechart the server folds the quote's log through, at the
// state the server reports (the view's step) with what the view says of the quote. Screens ask it what the
// agent may do next (snapshot.can) to show or hide buttons; the server still judges every write.
export type JourneySnapshot = SnapshotFrom<typeof petQuoteJourneyMachine>;

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

// What the journey remembers at the quote's step, as the steps that led there left it.
function contextOf(quote: QuoteView): JourneyContext {
  const c = quote.customer;
  const restored: JourneyContext = {
    ...EMPTY_JOURNEY,
    uuid: quote.uuid,
    entityCode: quote.entity_code,
    customer: c && {
      firstName: c.first_name,
      lastName: c.last_name,
      email: c.email,
      phone: c.phone,
      street: c.street,
      city: c.city,
      state: c.state,
      zip: c.zip,
    },
    pets: petsOf(quote),
    policyNumbers: quote.policies.map((p) => p.policy_number),
  };
  // A purchase was submitted with consent, the terms and a payment method.
  const submitted = {
    payment: RECORDED_PAYMENT,
    electronicDeliveryConsent: true,
    termsAccepted: true,
  };
  switch (quote.step) {
    case 'declined':
      // Answered, some pet ruled out: a plan is chosen only after the answers.
      return {
        ...restored,
        pets: restored.pets.map((p) => ({ ...p, answers: p.answers ?? {}, plan: null })),
      };
    case 'fraudWarning':
      return { ...restored, fraudWarning: quote.fraud_warning ?? '', fraudAcknowledged: false };
    case 'purchasing':
      return { ...restored, ...submitted };
    case 'paymentFailed':
      return {
        ...restored,
        ...submitted,
        errors: { payment: [quote.payment_error?.reason ?? 'declined'] },
      };
    default:
      return restored;
  }
}

function isJourneyState(step: string): boolean {
  return Object.hasOwn(petQuoteJourneyMachine.root.states, step);
}

export function journeySnapshotOf(quote: QuoteView | null): JourneySnapshot {
  if (!quote || !isJourneyState(quote.step)) {
    return petQuoteJourneyMachine.resolveState({ value: 'start', context: EMPTY_JOURNEY });
  }
  return petQuoteJourneyMachine.resolveState({ value: quote.step, context: contextOf(quote) });
}

export const BACK: PetQuoteEvent = { type: 'quote.back' };
