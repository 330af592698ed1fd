import type { RentersQuoteEvent, RentersResumableStep } from '../../src/machines/rentersQuoteJourney';
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
} from '../../src/machines/rentersQuoteContext';

// Sample facts of one renters quote, shared by the journey's model test and its given/when/then tests.
type EventOf<T extends RentersQuoteEvent['type']> = Extract<RentersQuoteEvent, { type: T }>;

export const QUOTE_ID = '7f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c';
export const ENTITY_CODE = '1234-5678-AC';

export const property: RentersAddress = {
  line1: '200 Congress Ave',
  line2: 'Apt 12',
  city: 'Austin',
  stateCode: 'TX',
  zipCode: '78701',
};

export const interestedParty: InterestedParty = {
  name: 'Congress Towers Management',
  address: { line1: '1 Leasing Way', line2: null, city: 'Austin', stateCode: 'TX', zipCode: '78702' },
};

export const coverage: RentersCoverage = {
  contents: {
    amountCents: 2_000_000,
    deductibleCents: 50_000,
    additionalLivingExpenseCents: 400_000,
    isPreferredProperty: false,
  },
  liability: {
    amountCents: 10_000_000,
    damageToPropertyOfOthersCents: 50_000,
    medicalPaymentsCents: 100_000,
  },
  optional: {
    combinedPersonalPropertyValueCents: 0,
    enhancementEndorsementLevel: 0,
    identityFraudCents: 0,
    includeReplacementCost: true,
    includeTheft: true,
    includeWaterDamage: false,
    includeWindHailExclusion: false,
  },
};

export const premium: RentersPremium = {
  termInterval: 'annual',
  termPremiumCents: 15_600,
  taxesCents: 780,
  feesCents: 500,
  totalCents: 16_880,
};

export const customer: RentersCustomer = {
  firstName: 'Riley',
  lastName: 'Renter',
  email: 'riley@example.test',
  mailingAddress: null,
};

export const contacts: RentersContact[] = [
  { typeCode: 'PRIMARY', numberType: 'MOBILE', number: '5125550142', extension: null },
];

export const card: RentersPayment = {
  method: 'card',
  token: 'tok_card_7',
  last4: '4242',
  billingZipCode: '78701',
};
export const bank: RentersPayment = {
  method: 'bank',
  token: 'tok_bank_7',
  last4: '6789',
  billingZipCode: '78701',
};

export const OLD_POLICY = 'RNT-TX-00000042';

// A cancelled policy, eligible for a rewrite (SPEC §4); its data prefills the journey.
export const cancelledSource: RewriteSource = {
  policyNumber: OLD_POLICY,
  statusCode: 'CANCELLED',
  nonRenew: false,
  entityCode: ENTITY_CODE,
  property,
  interestedParty,
  coverage,
  customer,
  contacts,
};
export const nonRenewingSource: RewriteSource = {
  ...cancelledSource,
  policyNumber: 'RNT-TX-00000043',
  statusCode: 'ACTIVE',
  nonRenew: true,
};
export const inForceSource: RewriteSource = { ...cancelledSource, statusCode: 'ACTIVE', nonRenew: false };

export function policyFor(rewriteOf: string | null): RentersPolicy {
  return {
    policyNumber: 'RNT-TX-00001001',
    statusCode: 'ACTIVE',
    termInterval: 'annual',
    termPremiumCents: premium.termPremiumCents,
    effectiveDate: '2026-12-01',
    expirationDate: '2027-12-01',
    nextBill: null,
    rewriteOf,
  };
}

export const rewriteStarted = (source: RewriteSource): EventOf<'rentersQuote.rewriteStarted'> => ({
  type: 'rentersQuote.rewriteStarted',
  source,
});
export const propertyGiven: EventOf<'rentersQuote.propertyGiven'> = {
  type: 'rentersQuote.propertyGiven',
  id: QUOTE_ID,
  entityCode: ENTITY_CODE,
  property,
  effectiveDate: '2026-12-01',
  interestedParty,
};
export const coverageChosen: EventOf<'rentersQuote.coverageChosen'> = {
  type: 'rentersQuote.coverageChosen',
  coverage,
  premium,
};
export const customerGiven: EventOf<'rentersQuote.customerGiven'> = {
  type: 'rentersQuote.customerGiven',
  customer,
  contacts,
};
export const paymentGiven: EventOf<'rentersQuote.paymentMethodGiven'> = {
  type: 'rentersQuote.paymentMethodGiven',
  payment: card,
};
export const purchaseSubmitted: EventOf<'rentersQuote.purchaseSubmitted'> = {
  type: 'rentersQuote.purchaseSubmitted',
  termsAccepted: true,
  acceptedTotalCents: premium.totalCents,
};
export const purchased = (rewriteOf: string | null = null): EventOf<'rentersQuote.purchaseSucceeded'> => ({
  type: 'rentersQuote.purchaseSucceeded',
  policy: policyFor(rewriteOf),
});
export const purchaseFailed: EventOf<'rentersQuote.purchaseFailed'> = {
  type: 'rentersQuote.purchaseFailed',
  reason: 'Card declined.',
};
export const retried = (payment: RentersPayment = bank): EventOf<'rentersQuote.paymentRetried'> => ({
  type: 'rentersQuote.paymentRetried',
  payment,
});
export const back: RentersQuoteEvent = { type: 'rentersQuote.back' };
export const rejected: RentersQuoteEvent = {
  type: 'rentersQuote.rejected',
  errors: { 'coverage.contents.amount': ['The contents amount is not one of the allowed values.'] },
};

const ORDER: RentersResumableStep[] = [
  'start',
  'coverage',
  'customer',
  'payment',
  'review',
  'paymentFailed',
  'purchased',
];

// A saved quote as the server gives it back, at the step it had reached, with what walking there gave it.
export function resumed(
  step: RentersResumableStep,
  overrides: Partial<EventOf<'rentersQuote.resumed'>> = {},
): EventOf<'rentersQuote.resumed'> {
  const reached = (s: RentersResumableStep) => ORDER.indexOf(step) >= ORDER.indexOf(s);
  return {
    type: 'rentersQuote.resumed',
    id: QUOTE_ID,
    step,
    entityCode: ENTITY_CODE,
    rewriteOf: null,
    property,
    effectiveDate: propertyGiven.effectiveDate,
    interestedParty,
    coverage: reached('customer') ? coverage : null,
    premium: reached('customer') ? premium : null,
    customer: reached('payment') ? customer : null,
    contacts: reached('payment') ? contacts : [],
    payment: reached('review') ? card : null,
    policy: step === 'purchased' ? policyFor(null) : null,
    ...overrides,
  };
}

// The log of a quote that went straight through to purchase.
export const HAPPY_LOG: RentersQuoteEvent[] = [
  propertyGiven,
  coverageChosen,
  customerGiven,
  paymentGiven,
  purchaseSubmitted,
  purchased(),
];

// The log of a rewrite of a cancelled policy, through to the new policy linked to the old one.
export const REWRITE_LOG: RentersQuoteEvent[] = [
  rewriteStarted(cancelledSource),
  ...HAPPY_LOG.slice(0, -1),
  purchased(OLD_POLICY),
];
