import { and, assign, setup } from 'xstate';
import {
  EMPTY_JOURNEY,
  everyPetAnswered,
  everyPetHasPlan,
  isPaymentUsable,
  isRatingComplete,
  readyForCoverage,
  type JourneyContext,
  type PaymentDetails,
  type PlanChoice,
  type QuoteCustomer,
  type QuotePet,
  type RatedPet,
} from './petQuoteContext';

// The pet quote journey of SPEC §2/§4: start → rating info → underwriting questions → coverage → checkout →
// thank you. Pure on purpose (no invoke/after): the portal runs the calls and reports their outcome as
// events, and the server folds a quote's event log through this same machine and refuses any event the
// snapshot cannot take. So each event is a fact the quote's log records; see docs/decisions/005.

// The steps a saved quote can be reopened at.
export type ResumableStep = 'ratingInfo' | 'underwritingQuestions' | 'coverage' | 'checkout' | 'thankYou';

export type PetQuoteEvent =
  // The agent opens a new quote, possibly for another agent entity.
  | { type: 'quote.started'; entityCode: string | null }
  // Rating info saved: the quote exists from here on (its uuid), re-rating keeps the same uuid.
  | { type: 'quote.petsRated'; uuid: string; customer: QuoteCustomer; pets: RatedPet[] }
  // Answers per pet id; the server names the pets the answers rule out.
  | {
      type: 'quote.underwritingAnswered';
      answers: Record<string, Record<string, boolean>>;
      declinedPetIds: string[];
    }
  | { type: 'quote.petRemoved'; petId: string }
  | { type: 'quote.coverageChosen'; plans: Record<string, PlanChoice> }
  | { type: 'quote.fraudFlagged'; reason: string }
  | { type: 'quote.fraudAcknowledged' }
  | { type: 'quote.abandoned' }
  | {
      type: 'quote.checkoutSubmitted';
      payment: PaymentDetails;
      electronicDeliveryConsent: boolean;
      termsAccepted: boolean;
    }
  | { type: 'quote.purchaseSucceeded'; policyNumbers: string[] }
  | { type: 'quote.purchaseFailed'; reason: string }
  | { type: 'quote.paymentRetried'; payment: PaymentDetails }
  | { type: 'quote.back' }
  // The portal reopens a saved quote (GET quote/{uuid}); never part of the server's log.
  | {
      type: 'quote.resumed';
      uuid: string;
      step: ResumableStep;
      entityCode: string | null;
      customer: QuoteCustomer | null;
      pets: QuotePet[];
      policyNumbers: string[];
    }
  // The server refused a step (422): its field messages, shown where the agent is.
  | { type: 'quote.rejected'; errors: Record<string, string[]> };

export type PetQuoteEventType = PetQuoteEvent['type'];

type Resumed = Extract<PetQuoteEvent, { type: 'quote.resumed' }>;
type Removed = Extract<PetQuoteEvent, { type: 'quote.petRemoved' }>;

function remainingAfter(context: JourneyContext, event: Removed): QuotePet[] {
  return context.pets.filter((p) => p.id !== event.petId);
}

function removesDeclinedPet(context: JourneyContext, event: Removed): boolean {
  return context.pets.some((p) => p.id === event.petId && p.declined);
}

// A resumed quote must carry what its step needs, as if it had walked there.
function resumableAt(event: Resumed, step: ResumableStep): boolean {
  if (event.step !== step) return false;
  switch (step) {
    case 'ratingInfo':
      return true;
    case 'underwritingQuestions':
      return isRatingComplete(event.customer, event.pets);
    case 'coverage':
      return isRatingComplete(event.customer, event.pets) && readyForCoverage(event.pets);
    case 'checkout':
      return isRatingComplete(event.customer, event.pets) && everyPetHasPlan(event.pets);
    case 'thankYou':
      return everyPetHasPlan(event.pets) && event.policyNumbers.length > 0;
  }
}

// A refused step keeps the agent where they are, with the server's messages. Only steps where the agent
// submits something take it (start, rating info, underwriting questions, coverage, checkout, payment
// failed): a declined pet's removal, a fraud warning's choice and a running charge have nothing to refuse,
// and after purchase or abandonment nothing is accepted at all.
const REFUSABLE = { 'quote.rejected': { actions: 'rememberRejection' } } as const;

export const petQuoteJourneyMachine = setup({
  types: {
    context: {} as JourneyContext,
    events: {} as PetQuoteEvent,
  },
  guards: {
    // Once rated the quote belongs to its entity; going back to the start would orphan it.
    notYetRated: ({ context }) => context.uuid === null,
    ratingComplete: ({ context, event }) =>
      event.type === 'quote.petsRated' &&
      (context.uuid === null || context.uuid === event.uuid) &&
      isRatingComplete(event.customer, event.pets),
    allAnswered: ({ context, event }) =>
      event.type === 'quote.underwritingAnswered' &&
      everyPetAnswered(context.pets.map((p) => ({ ...p, answers: event.answers[p.id] ?? null }))) &&
      event.declinedPetIds.every((id) => context.pets.some((p) => p.id === id)),
    noPetDeclined: ({ event }) =>
      event.type === 'quote.underwritingAnswered' && event.declinedPetIds.length === 0,
    // Removing the last declined pet, with others left, lets the quote go on to coverage.
    lastDeclinedRemoved: ({ context, event }) =>
      event.type === 'quote.petRemoved' &&
      removesDeclinedPet(context, event) &&
      readyForCoverage(remainingAfter(context, event)),
    // Removing one declined pet while another is still declined; someone eligible must remain.
    declinedRemoved: ({ context, event }) =>
      event.type === 'quote.petRemoved' &&
      removesDeclinedPet(context, event) &&
      remainingAfter(context, event).some((p) => !p.declined),
    everyPetPlanned: ({ context, event }) =>
      event.type === 'quote.coverageChosen' &&
      everyPetHasPlan(context.pets.map((p) => ({ ...p, plan: event.plans[p.id] ?? null }))),
    readyToPurchase: ({ event }) =>
      event.type === 'quote.checkoutSubmitted' &&
      event.electronicDeliveryConsent &&
      event.termsAccepted &&
      isPaymentUsable(event.payment),
    paymentUsable: ({ event }) => event.type === 'quote.paymentRetried' && isPaymentUsable(event.payment),
    resumeAtRatingInfo: ({ event }) => event.type === 'quote.resumed' && resumableAt(event, 'ratingInfo'),
    resumeAtUnderwriting: ({ event }) =>
      event.type === 'quote.resumed' && resumableAt(event, 'underwritingQuestions'),
    resumeAtCoverage: ({ event }) => event.type === 'quote.resumed' && resumableAt(event, 'coverage'),
    resumeAtCheckout: ({ event }) => event.type === 'quote.resumed' && resumableAt(event, 'checkout'),
    resumeAtThankYou: ({ event }) => event.type === 'quote.resumed' && resumableAt(event, 'thankYou'),
  },
  actions: {
    clearErrors: assign({ errors: {} }),
    rememberEntity: assign(({ event }) =>
      event.type === 'quote.started' ? { entityCode: event.entityCode, errors: {} } : {},
    ),
    // New rating facts make earlier answers and plans stale, so they are asked again.
    rememberRating: assign(({ event }) =>
      event.type === 'quote.petsRated'
        ? {
            uuid: event.uuid,
            customer: event.customer,
            pets: event.pets.map((p) => ({ ...p, answers: null, declined: false, plan: null })),
            errors: {},
          }
        : {},
    ),
    rememberAnswers: assign(({ context, event }) =>
      event.type === 'quote.underwritingAnswered'
        ? {
            pets: context.pets.map((p) => ({
              ...p,
              answers: event.answers[p.id] ?? null,
              declined: event.declinedPetIds.includes(p.id),
              // Answers decide which plans are offered, so a plan chosen before is chosen again.
              plan: null,
            })),
            errors: {},
          }
        : {},
    ),
    removePet: assign(({ context, event }) =>
      event.type === 'quote.petRemoved' ? { pets: remainingAfter(context, event), errors: {} } : {},
    ),
    rememberPlans: assign(({ context, event }) =>
      event.type === 'quote.coverageChosen'
        ? { pets: context.pets.map((p) => ({ ...p, plan: event.plans[p.id] ?? null })), errors: {} }
        : {},
    ),
    rememberFraudWarning: assign(({ event }) =>
      event.type === 'quote.fraudFlagged'
        ? { fraudWarning: event.reason, fraudAcknowledged: false, errors: {} }
        : {},
    ),
    acknowledgeFraud: assign({ fraudAcknowledged: true, errors: {} }),
    rememberCheckout: assign(({ event }) =>
      event.type === 'quote.checkoutSubmitted'
        ? {
            payment: event.payment,
            electronicDeliveryConsent: event.electronicDeliveryConsent,
            termsAccepted: event.termsAccepted,
            errors: {},
          }
        : {},
    ),
    rememberPayment: assign(({ event }) =>
      event.type === 'quote.paymentRetried' ? { payment: event.payment, errors: {} } : {},
    ),
    rememberPolicies: assign(({ event }) =>
      event.type === 'quote.purchaseSucceeded' ? { policyNumbers: event.policyNumbers, errors: {} } : {},
    ),
    rememberPaymentFailure: assign(({ event }) =>
      event.type === 'quote.purchaseFailed' ? { errors: { payment: [event.reason] } } : {},
    ),
    rememberRejection: assign(({ event }) =>
      event.type === 'quote.rejected' ? { errors: event.errors } : {},
    ),
    restoreQuote: assign(({ event }) =>
      event.type === 'quote.resumed'
        ? {
            ...EMPTY_JOURNEY,
            uuid: event.uuid,
            entityCode: event.entityCode,
            customer: event.customer,
            pets: event.pets,
            policyNumbers: event.policyNumbers,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'petQuoteJourney',
  initial: 'start',
  context: EMPTY_JOURNEY,
  states: {
    start: {
      on: {
        ...REFUSABLE,
        'quote.started': { target: 'ratingInfo', actions: 'rememberEntity' },
        'quote.resumed': [
          { guard: 'resumeAtRatingInfo', target: 'ratingInfo', actions: 'restoreQuote' },
          { guard: 'resumeAtUnderwriting', target: 'underwritingQuestions', actions: 'restoreQuote' },
          { guard: 'resumeAtCoverage', target: 'coverage', actions: 'restoreQuote' },
          { guard: 'resumeAtCheckout', target: 'checkout', actions: 'restoreQuote' },
          { guard: 'resumeAtThankYou', target: 'thankYou', actions: 'restoreQuote' },
        ],
      },
    },
    ratingInfo: {
      on: {
        ...REFUSABLE,
        'quote.petsRated': {
          guard: 'ratingComplete',
          target: 'underwritingQuestions',
          actions: 'rememberRating',
        },
        'quote.back': { guard: 'notYetRated', target: 'start', actions: 'clearErrors' },
      },
    },
    underwritingQuestions: {
      on: {
        ...REFUSABLE,
        'quote.underwritingAnswered': [
          { guard: and(['allAnswered', 'noPetDeclined']), target: 'coverage', actions: 'rememberAnswers' },
          { guard: 'allAnswered', target: 'declined', actions: 'rememberAnswers' },
        ],
        'quote.back': { target: 'ratingInfo', actions: 'clearErrors' },
      },
    },
    // At least one pet is ruled out. A declined pet may be removed from the quote; when none is declined
    // any more the quote goes on to coverage. If every pet is declined nothing can be removed: the agent
    // can only go back and correct the answers.
    declined: {
      on: {
        'quote.petRemoved': [
          { guard: 'lastDeclinedRemoved', target: 'coverage', actions: 'removePet' },
          { guard: 'declinedRemoved', actions: 'removePet' },
        ],
        'quote.back': { target: 'underwritingQuestions', actions: 'clearErrors' },
      },
    },
    coverage: {
      on: {
        ...REFUSABLE,
        'quote.coverageChosen': { guard: 'everyPetPlanned', target: 'checkout', actions: 'rememberPlans' },
        'quote.back': { target: 'underwritingQuestions', actions: 'clearErrors' },
      },
    },
    checkout: {
      on: {
        ...REFUSABLE,
        'quote.checkoutSubmitted': {
          guard: 'readyToPurchase',
          target: 'purchasing',
          actions: 'rememberCheckout',
        },
        'quote.fraudFlagged': { target: 'fraudWarning', actions: 'rememberFraudWarning' },
        'quote.back': { target: 'coverage', actions: 'clearErrors' },
      },
    },
    // The server flagged the customer; the agent must acknowledge the warning to go on, or abandon.
    fraudWarning: {
      on: {
        'quote.fraudAcknowledged': { target: 'checkout', actions: 'acknowledgeFraud' },
        'quote.abandoned': { target: 'abandoned' },
      },
    },
    // The charge is running: nothing but its outcome is accepted, so a double submit cannot charge twice.
    purchasing: {
      on: {
        'quote.purchaseSucceeded': { target: 'thankYou', actions: 'rememberPolicies' },
        'quote.purchaseFailed': { target: 'paymentFailed', actions: 'rememberPaymentFailure' },
      },
    },
    paymentFailed: {
      on: {
        ...REFUSABLE,
        'quote.paymentRetried': { guard: 'paymentUsable', target: 'purchasing', actions: 'rememberPayment' },
        'quote.back': { target: 'checkout', actions: 'clearErrors' },
      },
    },
    thankYou: { type: 'final' },
    abandoned: { type: 'final' },
  },
});

export type PetQuoteJourneyMachine = typeof petQuoteJourneyMachine;
export type PetQuoteJourneyState =
  | 'start'
  | 'ratingInfo'
  | 'underwritingQuestions'
  | 'declined'
  | 'coverage'
  | 'checkout'
  | 'fraudWarning'
  | 'purchasing'
  | 'paymentFailed'
  | 'thankYou'
  | 'abandoned';
