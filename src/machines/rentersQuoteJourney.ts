import { assign, setup } from 'xstate';
import {
  EMPTY_RENTERS_JOURNEY,
  isCoverageComplete,
  isCustomerStepComplete,
  isPaymentUsable,
  isPolicyOfQuote,
  isPremiumConsistent,
  isPropertyStepComplete,
  isRewritableStatus,
  readyForCoverage,
  readyForCustomer,
  readyForPayment,
  readyForReview,
  type InterestedParty,
  type RentersAddress,
  type RentersContact,
  type RentersCoverage,
  type RentersCustomer,
  type RentersJourneyContext,
  type RentersPayment,
  type RentersPolicy,
  type RentersPremium,
  type RewriteSource,
} from './rentersQuoteContext';

// The renters quote journey of issue 6: start (property, effective date, interested party) → coverage →
// customer and contacts → payment method → review → purchased. Pure on purpose (no invoke/after): the
// portal runs the calls and reports their outcome as events, and the server folds a renters quote's event
// log through this same machine and refuses any event the snapshot cannot take. So each event is a fact
// the quote's log records, except `rentersQuote.resumed` and `rentersQuote.rejected`, which are the portal's
// only; see docs/decisions/007.

// The steps a saved quote can be reopened at. A running purchase is not one: the server finishes it first.
export type RentersResumableStep =
  'start' | 'coverage' | 'customer' | 'payment' | 'review' | 'paymentFailed' | 'purchased';

export type RentersQuoteEvent =
  // A cancelled or non-renewing policy prefills the start step; its number links the policy bought.
  | { type: 'rentersQuote.rewriteStarted'; source: RewriteSource }
  // Start step saved: the quote exists from here on (its id); saving it again keeps the same id.
  | {
      type: 'rentersQuote.propertyGiven';
      id: string;
      entityCode: string | null;
      property: RentersAddress;
      effectiveDate: string;
      interestedParty: InterestedParty | null;
    }
  // Options the server accepted under its coverage option rules, with its price for them.
  | { type: 'rentersQuote.coverageChosen'; coverage: RentersCoverage; premium: RentersPremium }
  | { type: 'rentersQuote.customerGiven'; customer: RentersCustomer; contacts: RentersContact[] }
  | { type: 'rentersQuote.paymentMethodGiven'; payment: RentersPayment }
  // The agent buys at the total they were shown; a total that moved since is not what they agreed to.
  | { type: 'rentersQuote.purchaseSubmitted'; termsAccepted: boolean; acceptedTotalCents: number }
  | { type: 'rentersQuote.purchaseSucceeded'; policy: RentersPolicy }
  | { type: 'rentersQuote.purchaseFailed'; reason: string }
  | { type: 'rentersQuote.paymentRetried'; payment: RentersPayment }
  | { type: 'rentersQuote.back' }
  // The portal reopens a saved quote; never part of the server's log.
  | {
      type: 'rentersQuote.resumed';
      id: string;
      step: RentersResumableStep;
      entityCode: string | null;
      rewriteOf: string | null;
      property: RentersAddress | null;
      effectiveDate: string | null;
      interestedParty: InterestedParty | null;
      coverage: RentersCoverage | null;
      premium: RentersPremium | null;
      customer: RentersCustomer | null;
      contacts: RentersContact[];
      payment: RentersPayment | null;
      policy: RentersPolicy | null;
    }
  // The server refused a step (422): its field messages, shown where the agent is.
  | { type: 'rentersQuote.rejected'; errors: Record<string, string[]> };

export type RentersQuoteEventType = RentersQuoteEvent['type'];

// The portal's own events: the server never appends them, so a quote's log holds only the others.
export const PORTAL_ONLY_RENTERS_QUOTE_EVENTS = ['rentersQuote.resumed', 'rentersQuote.rejected'] as const;

export type LoggedRentersQuoteEvent = Exclude<
  RentersQuoteEvent,
  { type: (typeof PORTAL_ONLY_RENTERS_QUOTE_EVENTS)[number] }
>;

export function isLoggedRentersQuoteEvent(event: RentersQuoteEvent): event is LoggedRentersQuoteEvent {
  return !PORTAL_ONLY_RENTERS_QUOTE_EVENTS.some((type) => type === event.type);
}

type Resumed = Extract<RentersQuoteEvent, { type: 'rentersQuote.resumed' }>;

// A resumed quote must carry what its step needs, as if it had walked there.
function resumableAt(event: Resumed, step: RentersResumableStep): boolean {
  if (event.step !== step) return false;
  switch (step) {
    case 'start':
    case 'coverage':
      return readyForCoverage(event);
    case 'customer':
      return readyForCustomer(event);
    case 'payment':
      return readyForPayment(event);
    case 'review':
    case 'paymentFailed':
      return readyForReview(event);
    case 'purchased':
      return (
        readyForReview(event) &&
        event.policy !== null &&
        isPolicyOfQuote(event.policy, event.premium, event.rewriteOf)
      );
  }
}

function isFresh(context: RentersJourneyContext): boolean {
  return context.id === null && context.rewriteOf === null;
}

// A refused step keeps the agent where they are, with the server's messages. Only steps where the agent
// submits something take it; a running charge has nothing to refuse, and after purchase nothing is
// accepted at all.
const REFUSABLE = { 'rentersQuote.rejected': { actions: 'rememberRejection' } } as const;

export const rentersQuoteJourneyMachine = setup({
  types: {
    context: {} as RentersJourneyContext,
    events: {} as RentersQuoteEvent,
  },
  guards: {
    // A rewrite prefills a quote that does not exist yet; an existing quote keeps what it was made from.
    rewriteEligible: ({ context, event }) =>
      event.type === 'rentersQuote.rewriteStarted' && context.id === null && isRewritableStatus(event.source),
    // Once saved the quote keeps its id and its entity.
    propertyComplete: ({ context, event }) =>
      event.type === 'rentersQuote.propertyGiven' &&
      event.id.trim().length > 0 &&
      (context.id === null || (context.id === event.id && context.entityCode === event.entityCode)) &&
      isPropertyStepComplete(event.property, event.effectiveDate, event.interestedParty),
    coverageRated: ({ event }) =>
      event.type === 'rentersQuote.coverageChosen' &&
      isCoverageComplete(event.coverage) &&
      isPremiumConsistent(event.premium),
    customerComplete: ({ event }) =>
      event.type === 'rentersQuote.customerGiven' && isCustomerStepComplete(event.customer, event.contacts),
    paymentUsable: ({ event }) =>
      (event.type === 'rentersQuote.paymentMethodGiven' || event.type === 'rentersQuote.paymentRetried') &&
      isPaymentUsable(event.payment),
    readyToPurchase: ({ context, event }) =>
      event.type === 'rentersQuote.purchaseSubmitted' &&
      event.termsAccepted &&
      context.premium !== null &&
      event.acceptedTotalCents === context.premium.totalCents,
    policyOfQuote: ({ context, event }) =>
      event.type === 'rentersQuote.purchaseSucceeded' &&
      isPolicyOfQuote(event.policy, context.premium, context.rewriteOf),
    // Only a fresh journey is reopened as a saved quote, never one the agent already started or prefilled.
    resumeAtStart: ({ context, event }) =>
      event.type === 'rentersQuote.resumed' && isFresh(context) && resumableAt(event, 'start'),
    resumeAtCoverage: ({ context, event }) =>
      event.type === 'rentersQuote.resumed' && isFresh(context) && resumableAt(event, 'coverage'),
    resumeAtCustomer: ({ context, event }) =>
      event.type === 'rentersQuote.resumed' && isFresh(context) && resumableAt(event, 'customer'),
    resumeAtPayment: ({ context, event }) =>
      event.type === 'rentersQuote.resumed' && isFresh(context) && resumableAt(event, 'payment'),
    resumeAtReview: ({ context, event }) =>
      event.type === 'rentersQuote.resumed' && isFresh(context) && resumableAt(event, 'review'),
    resumeAtPaymentFailed: ({ context, event }) =>
      event.type === 'rentersQuote.resumed' && isFresh(context) && resumableAt(event, 'paymentFailed'),
    resumeAtPurchased: ({ context, event }) =>
      event.type === 'rentersQuote.resumed' && isFresh(context) && resumableAt(event, 'purchased'),
  },
  actions: {
    clearErrors: assign({ errors: {} }),
    // The new term starts on a date the agent gives; the premium is the new quote's own.
    prefillFromPolicy: assign(({ event }) =>
      event.type === 'rentersQuote.rewriteStarted'
        ? {
            ...EMPTY_RENTERS_JOURNEY,
            entityCode: event.source.entityCode,
            rewriteOf: event.source.policyNumber,
            property: event.source.property,
            interestedParty: event.source.interestedParty,
            coverage: event.source.coverage,
            customer: event.source.customer,
            contacts: event.source.contacts,
          }
        : {},
    ),
    // The price depends on where and from when, so new property facts drop it; the chosen options stay as
    // the coverage step's defaults and are priced again there.
    rememberProperty: assign(({ event }) =>
      event.type === 'rentersQuote.propertyGiven'
        ? {
            id: event.id,
            entityCode: event.entityCode,
            property: event.property,
            effectiveDate: event.effectiveDate,
            interestedParty: event.interestedParty,
            premium: null,
            errors: {},
          }
        : {},
    ),
    rememberCoverage: assign(({ event }) =>
      event.type === 'rentersQuote.coverageChosen'
        ? { coverage: event.coverage, premium: event.premium, errors: {} }
        : {},
    ),
    rememberCustomer: assign(({ event }) =>
      event.type === 'rentersQuote.customerGiven'
        ? { customer: event.customer, contacts: event.contacts, errors: {} }
        : {},
    ),
    rememberPayment: assign(({ event }) =>
      event.type === 'rentersQuote.paymentMethodGiven' || event.type === 'rentersQuote.paymentRetried'
        ? { payment: event.payment, errors: {} }
        : {},
    ),
    rememberPurchase: assign(({ event }) =>
      event.type === 'rentersQuote.purchaseSubmitted'
        ? { termsAccepted: event.termsAccepted, errors: {} }
        : {},
    ),
    rememberPolicy: assign(({ event }) =>
      event.type === 'rentersQuote.purchaseSucceeded' ? { policy: event.policy, errors: {} } : {},
    ),
    rememberPaymentFailure: assign(({ event }) =>
      event.type === 'rentersQuote.purchaseFailed' ? { errors: { payment: [event.reason] } } : {},
    ),
    rememberRejection: assign(({ event }) =>
      event.type === 'rentersQuote.rejected' ? { errors: event.errors } : {},
    ),
    restoreQuote: assign(({ event }) =>
      event.type === 'rentersQuote.resumed'
        ? {
            ...EMPTY_RENTERS_JOURNEY,
            id: event.id,
            entityCode: event.entityCode,
            rewriteOf: event.rewriteOf,
            property: event.property,
            effectiveDate: event.effectiveDate,
            interestedParty: event.interestedParty,
            coverage: event.coverage,
            premium: event.premium,
            customer: event.customer,
            contacts: event.contacts,
            payment: event.payment,
            // Only a purchase that was submitted can have failed or succeeded.
            termsAccepted: event.step === 'paymentFailed' || event.step === 'purchased',
            policy: event.step === 'purchased' ? event.policy : null,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'rentersQuoteJourney',
  initial: 'start',
  context: EMPTY_RENTERS_JOURNEY,
  states: {
    start: {
      on: {
        ...REFUSABLE,
        'rentersQuote.rewriteStarted': {
          guard: 'rewriteEligible',
          target: 'start',
          actions: 'prefillFromPolicy',
        },
        'rentersQuote.propertyGiven': {
          guard: 'propertyComplete',
          target: 'coverage',
          actions: 'rememberProperty',
        },
        'rentersQuote.resumed': [
          { guard: 'resumeAtStart', target: 'start', actions: 'restoreQuote' },
          { guard: 'resumeAtCoverage', target: 'coverage', actions: 'restoreQuote' },
          { guard: 'resumeAtCustomer', target: 'customer', actions: 'restoreQuote' },
          { guard: 'resumeAtPayment', target: 'payment', actions: 'restoreQuote' },
          { guard: 'resumeAtReview', target: 'review', actions: 'restoreQuote' },
          { guard: 'resumeAtPaymentFailed', target: 'paymentFailed', actions: 'restoreQuote' },
          { guard: 'resumeAtPurchased', target: 'purchased', actions: 'restoreQuote' },
        ],
      },
    },
    coverage: {
      on: {
        ...REFUSABLE,
        'rentersQuote.coverageChosen': {
          guard: 'coverageRated',
          target: 'customer',
          actions: 'rememberCoverage',
        },
        'rentersQuote.back': { target: 'start', actions: 'clearErrors' },
      },
    },
    customer: {
      on: {
        ...REFUSABLE,
        'rentersQuote.customerGiven': {
          guard: 'customerComplete',
          target: 'payment',
          actions: 'rememberCustomer',
        },
        'rentersQuote.back': { target: 'coverage', actions: 'clearErrors' },
      },
    },
    payment: {
      on: {
        ...REFUSABLE,
        'rentersQuote.paymentMethodGiven': {
          guard: 'paymentUsable',
          target: 'review',
          actions: 'rememberPayment',
        },
        'rentersQuote.back': { target: 'customer', actions: 'clearErrors' },
      },
    },
    review: {
      on: {
        ...REFUSABLE,
        'rentersQuote.purchaseSubmitted': {
          guard: 'readyToPurchase',
          target: 'purchasing',
          actions: 'rememberPurchase',
        },
        'rentersQuote.back': { target: 'payment', actions: 'clearErrors' },
      },
    },
    // The charge is running: nothing but its outcome is accepted, so a double submit cannot charge twice.
    purchasing: {
      on: {
        'rentersQuote.purchaseSucceeded': {
          guard: 'policyOfQuote',
          target: 'purchased',
          actions: 'rememberPolicy',
        },
        'rentersQuote.purchaseFailed': { target: 'paymentFailed', actions: 'rememberPaymentFailure' },
      },
    },
    // Retry at once with the same or another method, or go back to the payment step to change it.
    paymentFailed: {
      on: {
        ...REFUSABLE,
        'rentersQuote.paymentRetried': {
          guard: 'paymentUsable',
          target: 'purchasing',
          actions: 'rememberPayment',
        },
        'rentersQuote.back': { target: 'payment', actions: 'clearErrors' },
      },
    },
    purchased: { type: 'final' },
  },
});

export type RentersQuoteJourneyMachine = typeof rentersQuoteJourneyMachine;
export type RentersQuoteJourneyState =
  'start' | 'coverage' | 'customer' | 'payment' | 'review' | 'purchasing' | 'paymentFailed' | 'purchased';
