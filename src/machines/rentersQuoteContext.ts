// What the renters quote journey remembers (SPEC §3 "Renters") and the rules each step checks before the
// journey moves on. Plain predicates, so the machine's guards, the server and the screens agree on them.
// Money is integer cents (DESIGN.md); dates are YYYY-MM-DD in UTC (SPEC §9).

export interface RentersAddress {
  line1: string;
  line2: string | null;
  city: string;
  stateCode: string;
  zipCode: string;
}

// The named party (a landlord, a property manager) that is told of the policy; optional on a quote.
export interface InterestedParty {
  name: string;
  address: RentersAddress;
}

// The coverage options of SPEC §3. The server checks them against its coverage option rules (allow, type
// and values per state) and rates them; the journey only records options the server accepted.
export interface RentersCoverage {
  contents: {
    amountCents: number;
    deductibleCents: number;
    additionalLivingExpenseCents: number;
    isPreferredProperty: boolean;
  };
  liability: {
    amountCents: number;
    damageToPropertyOfOthersCents: number;
    medicalPaymentsCents: number;
  };
  // 0 means the option is not taken, as the rating engine reads it.
  optional: {
    combinedPersonalPropertyValueCents: number;
    enhancementEndorsementLevel: number;
    identityFraudCents: number;
    includeReplacementCost: boolean;
    includeTheft: boolean;
    includeWaterDamage: boolean;
    includeWindHailExclusion: boolean;
  };
}

export type TermInterval = 'annual' | 'monthly';

// The server's price for the chosen coverage, for one term interval: the term premium, its taxes and fees,
// and what the term costs in all.
export interface RentersPremium {
  termInterval: TermInterval;
  termPremiumCents: number;
  taxesCents: number;
  feesCents: number;
  totalCents: number;
}

export interface RentersCustomer {
  firstName: string;
  lastName: string;
  email: string;
  // null: mail goes to the property address.
  mailingAddress: RentersAddress | null;
}

export interface RentersContact {
  typeCode: 'PRIMARY' | 'SECONDARY';
  numberType: 'MOBILE' | 'HOME' | 'WORK';
  number: string;
  extension: string | null;
  // SPEC §3 contact "additional_info": what the agent noted beside the number (best time to call, whose).
  additionalInfo?: string | null;
}

// Only a token, the last four digits and the billing zip ever reach the journey (DESIGN.md, payments).
export interface RentersPayment {
  method: 'card' | 'bank';
  token: string;
  last4: string;
  billingZipCode: string;
}

export interface RentersPolicy {
  policyNumber: string;
  statusCode: string;
  termInterval: TermInterval;
  termPremiumCents: number;
  effectiveDate: string;
  expirationDate: string;
  nextBill: { date: string; amountCents: number } | null;
  // The policy this one rewrites, as the quote said; null for new business.
  rewriteOf: string | null;
}

// What a cancelled or non-renewing policy gives a rewrite: the facts SPEC §4 decides on, and the data
// that prefills the journey.
export interface RewriteSource {
  policyNumber: string;
  statusCode: string;
  nonRenew: boolean;
  entityCode: string | null;
  property: RentersAddress;
  interestedParty: InterestedParty | null;
  coverage: RentersCoverage;
  customer: RentersCustomer;
  contacts: RentersContact[];
}

export interface RentersJourneyContext {
  // The quote's id, given by the server when the start step is first saved.
  id: string | null;
  entityCode: string | null;
  // The old policy's number when this quote rewrites it.
  rewriteOf: string | null;
  property: RentersAddress | null;
  effectiveDate: string | null;
  interestedParty: InterestedParty | null;
  // Chosen options; kept as the coverage step's defaults when new property facts drop the premium.
  coverage: RentersCoverage | null;
  premium: RentersPremium | null;
  customer: RentersCustomer | null;
  contacts: RentersContact[];
  payment: RentersPayment | null;
  termsAccepted: boolean;
  policy: RentersPolicy | null;
  // Field (or step) → messages, as a 422 answer carries them (SPEC §5).
  errors: Record<string, string[]>;
}

export const EMPTY_RENTERS_JOURNEY: RentersJourneyContext = {
  id: null,
  entityCode: null,
  rewriteOf: null,
  property: null,
  effectiveDate: null,
  interestedParty: null,
  coverage: null,
  premium: null,
  customer: null,
  contacts: [],
  payment: null,
  termsAccepted: false,
  policy: null,
  errors: {},
};

const filled = (s: string): boolean => s.trim().length > 0;
const cents = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;
const positiveCents = (n: number): boolean => cents(n) && n > 0;

// A real calendar day written YYYY-MM-DD (2026-02-30 is not one).
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isAddressComplete(a: RentersAddress): boolean {
  return (
    filled(a.line1) &&
    (a.line2 === null || filled(a.line2)) &&
    filled(a.city) &&
    /^[A-Z]{2}$/.test(a.stateCode) &&
    /^\d{5}$/.test(a.zipCode)
  );
}

export function isInterestedPartyComplete(p: InterestedParty | null): boolean {
  return p === null || (filled(p.name) && isAddressComplete(p.address));
}

// The start step: where the renter lives, from when, and who else is told. Whether the date may be that
// one (not in the past, not too far ahead) depends on the clock, so the server decides it.
export function isPropertyStepComplete(
  property: RentersAddress | null,
  effectiveDate: string | null,
  interestedParty: InterestedParty | null,
): boolean {
  return (
    property !== null &&
    isAddressComplete(property) &&
    effectiveDate !== null &&
    isIsoDate(effectiveDate) &&
    isInterestedPartyComplete(interestedParty)
  );
}

// Shape only: which amounts the state allows is the option rules' business, answered by the server.
export function isCoverageComplete(c: RentersCoverage): boolean {
  const { contents, liability, optional } = c;
  return (
    positiveCents(contents.amountCents) &&
    positiveCents(contents.deductibleCents) &&
    cents(contents.additionalLivingExpenseCents) &&
    positiveCents(liability.amountCents) &&
    cents(liability.damageToPropertyOfOthersCents) &&
    cents(liability.medicalPaymentsCents) &&
    cents(optional.combinedPersonalPropertyValueCents) &&
    cents(optional.identityFraudCents) &&
    Number.isSafeInteger(optional.enhancementEndorsementLevel) &&
    optional.enhancementEndorsementLevel >= 0
  );
}

// The parts add up to the total the agent is shown and agrees to.
export function isPremiumConsistent(p: RentersPremium): boolean {
  return (
    positiveCents(p.termPremiumCents) &&
    cents(p.taxesCents) &&
    cents(p.feesCents) &&
    p.totalCents === p.termPremiumCents + p.taxesCents + p.feesCents
  );
}

export function isContactUsable(c: RentersContact): boolean {
  return /^\d{10}$/.test(c.number) && (c.extension === null || /^\d{1,6}$/.test(c.extension));
}

// One primary phone exactly (SPEC §3: the record shows one primary contact).
export function isCustomerStepComplete(
  customer: RentersCustomer | null,
  contacts: readonly RentersContact[],
): boolean {
  return (
    customer !== null &&
    filled(customer.firstName) &&
    filled(customer.lastName) &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customer.email) &&
    (customer.mailingAddress === null || isAddressComplete(customer.mailingAddress)) &&
    contacts.filter((c) => c.typeCode === 'PRIMARY').length === 1 &&
    contacts.every(isContactUsable)
  );
}

export function isPaymentUsable(p: RentersPayment): boolean {
  return filled(p.token) && /^\d{4}$/.test(p.last4) && /^\d{5}$/.test(p.billingZipCode);
}

// SPEC §4: a renters policy may be rewritten when it is cancelled or flagged non-renewing. The server
// decides the whole question (privilege, a policy rewritten only once) with the rewrite eligibility
// machine before it records a rewrite; the journey repeats the policy's side so that no quote's log can
// claim a rewrite of a policy in force.
export function isRewritableStatus(source: Pick<RewriteSource, 'statusCode' | 'nonRenew'>): boolean {
  return source.statusCode === 'CANCELLED' || source.nonRenew;
}

// The journey's data, step by step, as each step's guard requires it: used to check a resumed quote.
type StepData = Pick<
  RentersJourneyContext,
  | 'property'
  | 'effectiveDate'
  | 'interestedParty'
  | 'coverage'
  | 'premium'
  | 'customer'
  | 'contacts'
  | 'payment'
>;

export function readyForCoverage(d: StepData): boolean {
  return isPropertyStepComplete(d.property, d.effectiveDate, d.interestedParty);
}

export function readyForCustomer(d: StepData): boolean {
  return (
    readyForCoverage(d) &&
    d.coverage !== null &&
    isCoverageComplete(d.coverage) &&
    d.premium !== null &&
    isPremiumConsistent(d.premium)
  );
}

export function readyForPayment(d: StepData): boolean {
  return readyForCustomer(d) && isCustomerStepComplete(d.customer, d.contacts);
}

export function readyForReview(d: StepData): boolean {
  return readyForPayment(d) && d.payment !== null && isPaymentUsable(d.payment);
}

// The purchased policy must be the one this quote asked for: its interval, and its link to the rewritten
// policy (or none).
export function isPolicyOfQuote(
  policy: RentersPolicy,
  premium: RentersPremium | null,
  rewriteOf: string | null,
): boolean {
  return (
    filled(policy.policyNumber) &&
    filled(policy.statusCode) &&
    premium !== null &&
    policy.termInterval === premium.termInterval &&
    cents(policy.termPremiumCents) &&
    isIsoDate(policy.effectiveDate) &&
    isIsoDate(policy.expirationDate) &&
    policy.expirationDate > policy.effectiveDate &&
    (policy.nextBill === null || (isIsoDate(policy.nextBill.date) && cents(policy.nextBill.amountCents))) &&
    policy.rewriteOf === rewriteOf
  );
}
