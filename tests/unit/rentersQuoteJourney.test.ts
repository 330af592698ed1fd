import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  EMPTY_RENTERS_JOURNEY,
  isAddressComplete,
  isCoverageComplete,
  isCustomerStepComplete,
  isInterestedPartyComplete,
  isIsoDate,
  isPaymentUsable,
  isPolicyOfQuote,
  isPremiumConsistent,
  isPropertyStepComplete,
  isRewritableStatus,
  readyForCoverage,
  readyForCustomer,
  readyForPayment,
  readyForReview,
} from '../../src/machines/rentersQuoteContext';
import {
  isLoggedRentersQuoteEvent,
  rentersQuoteJourneyMachine,
  type RentersQuoteEvent,
} from '../../src/machines/rentersQuoteJourney';
import {
  RENTERS_JOURNEY_START,
  parseRentersJourneyLocation,
  rentersJourneyStep,
  rentersJourneyStepPath,
} from '../../src/machines/rentersQuoteSteps';
import {
  HAPPY_LOG,
  OLD_POLICY,
  QUOTE_ID,
  REWRITE_LOG,
  back,
  bank,
  cancelledSource,
  card,
  contacts,
  coverage,
  coverageChosen,
  customer,
  customerGiven,
  inForceSource,
  interestedParty,
  nonRenewingSource,
  paymentGiven,
  policyFor,
  premium,
  property,
  propertyGiven,
  purchaseFailed,
  purchaseSubmitted,
  purchased,
  rejected,
  resumed,
  retried,
  rewriteStarted,
} from '../support/rentersQuoteSamples';

type Snapshot = SnapshotFrom<typeof rentersQuoteJourneyMachine>;

// Given a quote's event log, fold it as the server will: each event must be allowed where it arrives.
function given(log: RentersQuoteEvent[]): Snapshot {
  const actor = createActor(rentersQuoteJourneyMachine).start();
  for (const event of log) {
    if (!actor.getSnapshot().can(event))
      throw new Error(`refused ${event.type} in ${String(actor.getSnapshot().value)}`);
    actor.send(event);
  }
  return actor.getSnapshot();
}

const atReview = HAPPY_LOG.slice(0, 4);
const atPurchasing = HAPPY_LOG.slice(0, 5);

describe('renters quote guards: the start step', () => {
  it('accepts real calendar days only', () => {
    expect(isIsoDate('2026-12-01')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('12/01/2026')).toBe(false);
  });

  it('needs a street, a city, a two-letter state and a five-digit zip', () => {
    expect(isAddressComplete(property)).toBe(true);
    expect(isAddressComplete({ ...property, line2: null })).toBe(true);
    expect(isAddressComplete({ ...property, line1: '  ' })).toBe(false);
    // An empty second line is sent as null (SPEC §3), never as blanks.
    expect(isAddressComplete({ ...property, line2: ' ' })).toBe(false);
    expect(isAddressComplete({ ...property, stateCode: 'tx' })).toBe(false);
    expect(isAddressComplete({ ...property, zipCode: '7870' })).toBe(false);
    expect(isAddressComplete({ ...property, zipCode: '78701-1234' })).toBe(false);
  });

  it('takes the interested party as optional, but complete when given', () => {
    expect(isInterestedPartyComplete(null)).toBe(true);
    expect(isInterestedPartyComplete(interestedParty)).toBe(true);
    expect(isInterestedPartyComplete({ ...interestedParty, name: '' })).toBe(false);
    expect(
      isInterestedPartyComplete({ ...interestedParty, address: { ...interestedParty.address, city: '' } }),
    ).toBe(false);
  });

  it('needs the property, a valid effective date and a complete interested party if any', () => {
    expect(isPropertyStepComplete(property, '2026-12-01', null)).toBe(true);
    expect(isPropertyStepComplete(null, '2026-12-01', null)).toBe(false);
    expect(isPropertyStepComplete(property, null, null)).toBe(false);
    expect(isPropertyStepComplete(property, '2026-12-32', null)).toBe(false);
    expect(isPropertyStepComplete(property, '2026-12-01', { ...interestedParty, name: ' ' })).toBe(false);
  });
});

describe('renters quote guards: coverage, customer, payment', () => {
  it('checks the coverage shape, not the option rules', () => {
    expect(isCoverageComplete(coverage)).toBe(true);
    // Any positive amount passes here: which amounts a state allows is the server's verdict.
    expect(
      isCoverageComplete({ ...coverage, contents: { ...coverage.contents, amountCents: 123_456 } }),
    ).toBe(true);
    expect(isCoverageComplete({ ...coverage, contents: { ...coverage.contents, amountCents: 0 } })).toBe(
      false,
    );
    expect(isCoverageComplete({ ...coverage, contents: { ...coverage.contents, deductibleCents: 0 } })).toBe(
      false,
    );
    expect(
      isCoverageComplete({ ...coverage, liability: { ...coverage.liability, medicalPaymentsCents: -1 } }),
    ).toBe(false);
    expect(isCoverageComplete({ ...coverage, liability: { ...coverage.liability, amountCents: 10.5 } })).toBe(
      false,
    );
    expect(
      isCoverageComplete({ ...coverage, optional: { ...coverage.optional, identityFraudCents: 2_500_000 } }),
    ).toBe(true);
    expect(
      isCoverageComplete({
        ...coverage,
        optional: { ...coverage.optional, enhancementEndorsementLevel: -1 },
      }),
    ).toBe(false);
  });

  it('takes a premium only when its parts add up to its total', () => {
    expect(isPremiumConsistent(premium)).toBe(true);
    expect(isPremiumConsistent({ ...premium, totalCents: premium.totalCents - 1 })).toBe(false);
    expect(isPremiumConsistent({ ...premium, termPremiumCents: 0, totalCents: 1_280 })).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.nat(1_000_000),
        fc.nat(100_000),
        fc.integer({ min: -5, max: 5 }),
        (p, t, f, off) =>
          isPremiumConsistent({
            termInterval: 'monthly',
            termPremiumCents: p,
            taxesCents: t,
            feesCents: f,
            totalCents: p + t + f + off,
          }) ===
          (off === 0),
      ),
    );
  });

  it('needs names, an e-mail and exactly one usable primary phone', () => {
    expect(isCustomerStepComplete(customer, contacts)).toBe(true);
    expect(isCustomerStepComplete(null, contacts)).toBe(false);
    expect(isCustomerStepComplete(customer, [])).toBe(false);
    expect(isCustomerStepComplete({ ...customer, lastName: ' ' }, contacts)).toBe(false);
    expect(isCustomerStepComplete({ ...customer, email: 'riley@' }, contacts)).toBe(false);
    expect(
      isCustomerStepComplete({ ...customer, mailingAddress: { ...property, zipCode: '1' } }, contacts),
    ).toBe(false);
    expect(isCustomerStepComplete({ ...customer, mailingAddress: property }, contacts)).toBe(true);
    const primary = contacts[0]!;
    const work = {
      ...primary,
      typeCode: 'SECONDARY' as const,
      numberType: 'WORK' as const,
      extension: '204',
    };
    expect(isCustomerStepComplete(customer, [primary, work])).toBe(true);
    expect(isCustomerStepComplete(customer, [work])).toBe(false);
    expect(isCustomerStepComplete(customer, [primary, primary])).toBe(false);
    expect(isCustomerStepComplete(customer, [{ ...primary, number: '512-555-0142' }])).toBe(false);
    expect(isCustomerStepComplete(customer, [primary, { ...work, extension: 'ext' }])).toBe(false);
  });

  it('keeps only a token, last four digits and a billing zip of a payment method', () => {
    expect(isPaymentUsable(card)).toBe(true);
    expect(isPaymentUsable(bank)).toBe(true);
    expect(isPaymentUsable({ ...card, token: ' ' })).toBe(false);
    expect(isPaymentUsable({ ...card, last4: '424' })).toBe(false);
    expect(isPaymentUsable({ ...card, billingZipCode: '' })).toBe(false);
  });

  it('rewrites only a cancelled or non-renewing policy (SPEC §4)', () => {
    expect(isRewritableStatus(cancelledSource)).toBe(true);
    expect(isRewritableStatus(nonRenewingSource)).toBe(true);
    expect(isRewritableStatus(inForceSource)).toBe(false);
  });

  it('builds each step on the ones before it', () => {
    const walked = {
      ...EMPTY_RENTERS_JOURNEY,
      property,
      effectiveDate: '2026-12-01',
      interestedParty: null,
      coverage,
      premium,
      customer,
      contacts,
      payment: card,
    };
    expect(readyForReview(walked)).toBe(true);
    expect(readyForReview({ ...walked, payment: null })).toBe(false);
    expect(readyForPayment({ ...walked, payment: null })).toBe(true);
    expect(readyForPayment({ ...walked, contacts: [] })).toBe(false);
    expect(readyForCustomer({ ...walked, customer: null })).toBe(true);
    expect(readyForCustomer({ ...walked, premium: null })).toBe(false);
    expect(readyForCoverage({ ...walked, coverage: null })).toBe(true);
    expect(readyForCoverage({ ...walked, effectiveDate: null })).toBe(false);
    // A later step's data does not make up for an earlier one missing.
    expect(readyForReview({ ...walked, property: null })).toBe(false);
  });

  it('takes only the policy this quote asked for as its purchase', () => {
    expect(isPolicyOfQuote(policyFor(null), premium, null)).toBe(true);
    expect(isPolicyOfQuote(policyFor(OLD_POLICY), premium, OLD_POLICY)).toBe(true);
    expect(isPolicyOfQuote(policyFor(null), premium, OLD_POLICY)).toBe(false);
    expect(isPolicyOfQuote(policyFor(OLD_POLICY), premium, null)).toBe(false);
    expect(isPolicyOfQuote(policyFor(null), null, null)).toBe(false);
    expect(isPolicyOfQuote({ ...policyFor(null), termInterval: 'monthly' }, premium, null)).toBe(false);
    expect(isPolicyOfQuote({ ...policyFor(null), expirationDate: '2026-11-30' }, premium, null)).toBe(false);
    expect(
      isPolicyOfQuote(
        { ...policyFor(null), nextBill: { date: '2027-01-01', amountCents: 1_407 } },
        premium,
        null,
      ),
    ).toBe(true);
  });
});

describe('renters quote journey: folding an event log', () => {
  it('logs every fact but a resume and a refusal', () => {
    for (const event of [...REWRITE_LOG, purchaseFailed, retried(), back])
      expect(isLoggedRentersQuoteEvent(event)).toBe(true);
    expect(isLoggedRentersQuoteEvent(resumed('coverage'))).toBe(false);
    expect(isLoggedRentersQuoteEvent(rejected)).toBe(false);
  });

  it('walks the happy path to purchased and then accepts nothing', () => {
    const s = given(HAPPY_LOG);
    expect(s.value).toBe('purchased');
    expect(s.status).toBe('done');
    expect(s.context.policy).toEqual(policyFor(null));
    expect(s.context.payment).toEqual(card);
    expect(s.context.termsAccepted).toBe(true);
    expect(s.can(back)).toBe(false);
    expect(s.can(rejected)).toBe(false);
    expect(s.can(purchased())).toBe(false);
  });

  it('re-saving the start step keeps the quote, drops the price and keeps the options as defaults', () => {
    const s = given([
      ...HAPPY_LOG.slice(0, 3),
      back,
      back,
      back,
      { ...propertyGiven, effectiveDate: '2027-01-01' },
    ]);
    expect(s.value).toBe('coverage');
    expect(s.context.id).toBe(QUOTE_ID);
    expect(s.context.effectiveDate).toBe('2027-01-01');
    expect(s.context.premium).toBeNull();
    expect(s.context.coverage).toEqual(coverage);
    expect(s.context.customer).toEqual(customer);
    expect(s.can(customerGiven)).toBe(false);
    // Going back alone changes nothing: the price still holds.
    expect(given([...HAPPY_LOG.slice(0, 3), back, back]).context.premium).toEqual(premium);
  });

  it('keeps a saved quote to its id and its entity', () => {
    const s = given([propertyGiven, back]);
    expect(s.value).toBe('start');
    expect(s.can({ ...propertyGiven, id: 'another-quote' })).toBe(false);
    expect(s.can({ ...propertyGiven, entityCode: '1234-5678-AB' })).toBe(false);
    expect(s.can(propertyGiven)).toBe(true);
    expect(s.can({ ...propertyGiven, id: ' ' })).toBe(false);
  });

  it('charges the total the agent agreed to, once', () => {
    const s = given(atReview);
    expect(s.can({ ...purchaseSubmitted, acceptedTotalCents: premium.totalCents - 1 })).toBe(false);
    expect(s.can({ ...purchaseSubmitted, termsAccepted: false })).toBe(false);
    const charging = given(atPurchasing);
    expect(charging.value).toBe('purchasing');
    expect(charging.can(purchaseSubmitted)).toBe(false);
    expect(charging.can(back)).toBe(false);
  });

  it('retries a failed payment with another method, or goes back to change it', () => {
    const failed = given([...atPurchasing, purchaseFailed]);
    expect(failed.value).toBe('paymentFailed');
    expect(failed.context.errors).toEqual({ payment: ['Card declined.'] });
    const retrying = given([...atPurchasing, purchaseFailed, retried()]);
    expect(retrying.value).toBe('purchasing');
    expect(retrying.context.payment).toEqual(bank);
    expect(retrying.context.errors).toEqual({});
    const changed = given([...atPurchasing, purchaseFailed, back]);
    expect(changed.value).toBe('payment');
    expect(changed.context.errors).toEqual({});
    expect(given([...atPurchasing, purchaseFailed, retried(), purchased()]).value).toBe('purchased');
  });

  it('shows a refusal where the agent submitted, and clears it on the next step', () => {
    const s = given([propertyGiven, rejected]);
    expect(s.value).toBe('coverage');
    expect(s.context.errors).toEqual({
      'coverage.contents.amount': ['The contents amount is not one of the allowed values.'],
    });
    expect(given([propertyGiven, rejected, coverageChosen]).context.errors).toEqual({});
    expect(given(atPurchasing).can(rejected)).toBe(false);
  });
});

describe('renters quote journey: rewrite', () => {
  it('prefills the start step from a cancelled policy and links the new policy to it', () => {
    const prefilled = given([rewriteStarted(cancelledSource)]);
    expect(prefilled.value).toBe('start');
    expect(prefilled.context).toMatchObject({
      id: null,
      rewriteOf: OLD_POLICY,
      property,
      interestedParty,
      coverage,
      customer,
      contacts,
      effectiveDate: null,
      premium: null,
    });
    const s = given(REWRITE_LOG);
    expect(s.value).toBe('purchased');
    expect(s.context.policy?.rewriteOf).toBe(OLD_POLICY);
  });

  it('rewrites a non-renewing policy too, but never one in force', () => {
    expect(given([rewriteStarted(nonRenewingSource)]).context.rewriteOf).toBe(nonRenewingSource.policyNumber);
    expect(given([]).can(rewriteStarted(inForceSource))).toBe(false);
  });

  it('does not turn a saved quote into a rewrite, nor a rewrite into a plain purchase', () => {
    expect(given([propertyGiven, back]).can(rewriteStarted(cancelledSource))).toBe(false);
    const charging = given([rewriteStarted(cancelledSource), ...atPurchasing]);
    expect(charging.can(purchased())).toBe(false);
    expect(charging.can(purchased(OLD_POLICY))).toBe(true);
    expect(given(atPurchasing).can(purchased(OLD_POLICY))).toBe(false);
  });
});

describe('renters quote journey: resuming a saved quote', () => {
  it('puts the journey at the step the quote had reached, with its data', () => {
    const s = given([resumed('review')]);
    expect(s.value).toBe('review');
    expect(s.context.id).toBe(QUOTE_ID);
    expect(s.context.payment).toEqual(card);
    expect(s.context.termsAccepted).toBe(false);
    expect(given([resumed('paymentFailed')]).can(retried())).toBe(true);
    expect(given([resumed('paymentFailed')]).context.termsAccepted).toBe(true);
    const done = given([resumed('purchased')]);
    expect(done.status).toBe('done');
    expect(done.context.policy).toEqual(policyFor(null));
    const rewrite = given([resumed('customer', { rewriteOf: OLD_POLICY })]);
    expect(rewrite.context.rewriteOf).toBe(OLD_POLICY);
  });

  it('refuses a resume whose data does not reach the step', () => {
    expect(given([]).can(resumed('customer', { premium: null }))).toBe(false);
    expect(given([]).can(resumed('payment', { contacts: [] }))).toBe(false);
    expect(given([]).can(resumed('review', { payment: null }))).toBe(false);
    expect(given([]).can(resumed('start', { property: null }))).toBe(false);
    expect(given([]).can(resumed('purchased', { policy: null }))).toBe(false);
    expect(given([]).can(resumed('purchased', { policy: policyFor(OLD_POLICY) }))).toBe(false);
  });

  it('resumes only into a fresh journey', () => {
    expect(given([rewriteStarted(cancelledSource)]).can(resumed('start'))).toBe(false);
    expect(given([propertyGiven, back]).can(resumed('start'))).toBe(false);
  });
});

describe('renters quote journey: refusals', () => {
  it.each<[string, RentersQuoteEvent[], RentersQuoteEvent]>([
    ['coverage before the start step', [], coverageChosen],
    ['a customer before coverage', [propertyGiven], customerGiven],
    ['a payment method before the customer', HAPPY_LOG.slice(0, 2), paymentGiven],
    ['a purchase before the payment method', HAPPY_LOG.slice(0, 3), purchaseSubmitted],
    ['a purchase outcome before the purchase', atReview, purchased()],
    ['a retry without a failure', atPurchasing, retried()],
    ['back from the start', [], back],
    ['back while the charge runs', atPurchasing, back],
    ['back after purchase', HAPPY_LOG, back],
    ['a refusal while the charge runs', atPurchasing, rejected],
    ['a retry with an unusable payment', [...atPurchasing, purchaseFailed], retried({ ...bank, last4: '1' })],
    ['a second rewrite once the quote exists', [propertyGiven, back], rewriteStarted(nonRenewingSource)],
  ])('refuses %s', (_name, log, event) => {
    expect(given(log).can(event)).toBe(false);
    expect(() => given([...log, event])).toThrow(/refused/);
  });
});

describe('renters quote journey: routes', () => {
  const saved = { id: QUOTE_ID, rewriteOf: null };

  it('gives each state its route, with the step in the query', () => {
    expect(rentersJourneyStepPath('start', { id: null, rewriteOf: null })).toBe(RENTERS_JOURNEY_START);
    expect(rentersJourneyStepPath('start', { id: null, rewriteOf: OLD_POLICY })).toBe(
      `/renters/quotes/journey?rewrite=${OLD_POLICY}`,
    );
    expect(rentersJourneyStepPath('start', saved)).toBe(`/renters/quotes/journey/${QUOTE_ID}?step=start`);
    expect(rentersJourneyStepPath('coverage', saved)).toBe(
      `/renters/quotes/journey/${QUOTE_ID}?step=coverage`,
    );
    expect(rentersJourneyStepPath('purchasing', saved)).toBe(
      `/renters/quotes/journey/${QUOTE_ID}?step=review`,
    );
    expect(rentersJourneyStepPath('paymentFailed', saved)).toBe(
      `/renters/quotes/journey/${QUOTE_ID}?step=review`,
    );
    expect(rentersJourneyStepPath('purchased', saved)).toBe(
      `/renters/quotes/journey/${QUOTE_ID}?step=purchased`,
    );
    expect(() => rentersJourneyStepPath('coverage', { id: null, rewriteOf: null })).toThrow(/id/);
    expect(() => rentersJourneyStep('nowhere')).toThrow(/nowhere/);
  });

  it('reads a journey URL back', () => {
    expect(parseRentersJourneyLocation(RENTERS_JOURNEY_START, '')).toEqual({ kind: 'new' });
    expect(parseRentersJourneyLocation('/renters/quotes/journey', `?rewrite=${OLD_POLICY}`)).toEqual({
      kind: 'rewrite',
      policyNumber: OLD_POLICY,
    });
    expect(parseRentersJourneyLocation('/renters/quotes/journey', '')).toBeNull();
    expect(parseRentersJourneyLocation(`/renters/quotes/journey/${QUOTE_ID}`, '')).toEqual({
      kind: 'quote',
      id: QUOTE_ID,
      step: null,
    });
    expect(parseRentersJourneyLocation(`/renters/quotes/journey/${QUOTE_ID}/`, '?step=payment')).toEqual({
      kind: 'quote',
      id: QUOTE_ID,
      step: 'payment',
    });
    expect(parseRentersJourneyLocation(`/renters/quotes/journey/${QUOTE_ID}`, '?step=checkout')).toBeNull();
    expect(parseRentersJourneyLocation(`/renters/quotes/journey/${QUOTE_ID}/coverage`, '')).toBeNull();
    expect(parseRentersJourneyLocation('/quotes/journey', '')).toBeNull();
  });

  it('reads back every route it gives', () => {
    const states = [
      'start',
      'coverage',
      'customer',
      'payment',
      'review',
      'purchasing',
      'paymentFailed',
      'purchased',
    ];
    // Any id but "." and "..": those are dot segments, which every URL resolves away (quote ids are UUIDs).
    const ids = fc.string({ minLength: 1 }).filter((id) => id !== '.' && id !== '..');
    fc.assert(
      fc.property(ids, fc.constantFrom(...states), (id, state) => {
        const url = new URL(rentersJourneyStepPath(state, { id, rewriteOf: null }), 'http://portal.test');
        expect(parseRentersJourneyLocation(url.pathname, url.search)).toEqual({
          kind: 'quote',
          id,
          step: rentersJourneyStep(state),
        });
      }),
    );
  });
});
