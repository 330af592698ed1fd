import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { RentersCoverageWire, type RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import type { RentersRewriteSourceWire } from '../../../api/schemas/rentersRewrite';
import { validateObject } from '../../../api/validateObject';
import {
  EMPTY_RENTERS_JOURNEY,
  type RentersAddress,
  type RentersCoverage,
  type RentersJourneyContext,
  type RewriteSource,
} from '../../../machines/rentersQuoteContext';
import { rentersQuoteJourneyMachine, type RentersQuoteEvent } from '../../../machines/rentersQuoteJourney';

// The journey as the browser sees it: the statechart the server folds the quote's log through, at the state
// the server reports (the view's step). Screens ask it what the agent may do next (snapshot.can) to show or
// hide buttons; the server still judges every write.
export type RentersSnapshot = SnapshotFrom<typeof rentersQuoteJourneyMachine>;

const cents = (dollars: number) => Math.round(dollars * 100);

type WireAddress = NonNullable<RentersQuoteView['property']>;

function addressOf(a: WireAddress): RentersAddress {
  return { line1: a.line_1, line2: a.line_2, city: a.city, stateCode: a.state, zipCode: a.zip_code };
}

function coverageOf(raw: unknown): RentersCoverage | null {
  const parsed = raw === null || raw === undefined ? false : validateObject(RentersCoverageWire, raw);
  if (!parsed) return null;
  const { contents, liability, optional } = parsed;
  return {
    contents: {
      amountCents: cents(contents.amount),
      deductibleCents: cents(contents.deductible_amount),
      additionalLivingExpenseCents: cents(contents.additional_living_expense),
      isPreferredProperty: contents.is_preferred_property,
    },
    liability: {
      amountCents: cents(liability.amount),
      damageToPropertyOfOthersCents: cents(liability.damage_to_property_of_others_amount),
      medicalPaymentsCents: cents(liability.medical_payments_amount),
    },
    optional: {
      combinedPersonalPropertyValueCents: cents(optional.combined_personal_property_value),
      enhancementEndorsementLevel: optional.enhancement_endorsement_level,
      identityFraudCents: cents(optional.identity_fraud_amount),
      includeReplacementCost: optional.include_replacement_cost,
      includeTheft: optional.include_theft,
      includeWaterDamage: optional.include_water_damage,
      includeWindHailExclusion: optional.include_wind_hail_exclusion,
    },
  };
}

// The rewrite eligibility answer's source as the journey's rentersQuote.rewriteStarted carries it; null when
// its coverage is not one the journey reads.
export function rewriteSourceOf(wire: RentersRewriteSourceWire): RewriteSource | null {
  const coverage = coverageOf(wire.coverage);
  if (!coverage) return null;
  return {
    policyNumber: wire.policy_number,
    statusCode: wire.status_code,
    nonRenew: wire.non_renew,
    entityCode: wire.entity_code,
    property: addressOf(wire.property),
    interestedParty: wire.interested_party && {
      name: wire.interested_party.name,
      address: addressOf(wire.interested_party),
    },
    coverage,
    customer: {
      firstName: wire.customer.name_first,
      lastName: wire.customer.name_last,
      email: wire.customer.email,
      mailingAddress: wire.customer.mailing_address && addressOf(wire.customer.mailing_address),
    },
    contacts: wire.contacts.map((c) => ({
      typeCode: c.type,
      numberType: c.number_type,
      number: c.number,
      extension: c.extension,
    })),
  };
}

// A fresh journey prefilled from the policy it rewrites; null when the journey refuses it (the policy is
// neither cancelled nor non-renewing).
export function rewriteSnapshotOf(source: RewriteSource): RentersSnapshot | null {
  const [initial] = initialTransition(rentersQuoteJourneyMachine);
  const event: RentersQuoteEvent = { type: 'rentersQuote.rewriteStarted', source };
  if (!initial.can(event)) return null;
  return transition(rentersQuoteJourneyMachine, initial, event)[0];
}

// The browser never learns the token, only that one was given.
const RECORDED_TOKEN = 'recorded';

// What the journey remembers at the quote's step, as the steps that led there left it.
function contextOf(quote: RentersQuoteView): RentersJourneyContext {
  const p = quote.premium;
  const step = quote.step;
  return {
    ...EMPTY_RENTERS_JOURNEY,
    id: quote.id,
    entityCode: quote.entity_code,
    rewriteOf: quote.rewrite_of,
    property: quote.property && addressOf(quote.property),
    effectiveDate: quote.effective_date,
    interestedParty: quote.interested_party && {
      name: quote.interested_party.name,
      address: addressOf(quote.interested_party),
    },
    coverage: coverageOf(quote.coverage),
    premium: p && {
      termInterval: p.term_interval,
      termPremiumCents: cents(p.term_premium),
      taxesCents: cents(p.taxes),
      feesCents: cents(p.fees),
      totalCents: cents(p.total),
    },
    customer: quote.customer && {
      firstName: quote.customer.name_first,
      lastName: quote.customer.name_last,
      email: quote.customer.email,
      mailingAddress: quote.customer.mailing_address && addressOf(quote.customer.mailing_address),
    },
    contacts: quote.contacts.map((c) => ({
      typeCode: c.type === 'SECONDARY' ? 'SECONDARY' : 'PRIMARY',
      numberType: c.number_type === 'HOME' ? 'HOME' : c.number_type === 'WORK' ? 'WORK' : 'MOBILE',
      number: c.number.replace(/\D/g, ''),
      extension: c.extension,
    })),
    payment: quote.payment_method && {
      method: quote.payment_method.type,
      token: RECORDED_TOKEN,
      last4: quote.payment_method.last_4,
      billingZipCode: quote.payment_method.billing_zip_code,
    },
    // Only a purchase that was submitted can be running, have failed or have succeeded.
    termsAccepted: step === 'purchasing' || step === 'paymentFailed' || step === 'purchased',
    policy:
      step === 'purchased' && quote.policy
        ? {
            policyNumber: quote.policy.policy_number,
            statusCode: quote.policy.status_code,
            termInterval: quote.policy.term_interval,
            termPremiumCents: cents(quote.policy.term_premium),
            effectiveDate: quote.policy.effective_at,
            expirationDate: quote.policy.expiration_at,
            nextBill: p?.next_bill
              ? { date: p.next_bill.due_date, amountCents: cents(p.next_bill.amount) }
              : null,
            rewriteOf: quote.rewrite_of,
          }
        : null,
  };
}

function isJourneyState(step: string): boolean {
  return Object.hasOwn(rentersQuoteJourneyMachine.root.states, step);
}

// The journey at the quote's step, with what the view says of the quote.
export function rentersSnapshotOf(quote: RentersQuoteView | null): RentersSnapshot {
  if (!quote || !isJourneyState(quote.step)) {
    return rentersQuoteJourneyMachine.resolveState({ value: 'start', context: EMPTY_RENTERS_JOURNEY });
  }
  return rentersQuoteJourneyMachine.resolveState({ value: quote.step, context: contextOf(quote) });
}

export const BACK: RentersQuoteEvent = { type: 'rentersQuote.back' };
