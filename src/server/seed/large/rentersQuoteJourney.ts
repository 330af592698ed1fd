import type {
  InterestedParty,
  RentersAddress,
  RentersContact,
  RentersCoverage,
  RentersCustomer,
  RentersPayment,
} from '../../../machines/rentersQuoteContext';
import { FILED_RENTERS_ROWS, filedRentersTables } from '../../domain/rentersRating/filedRentersTables';
import { rateRentersQuote } from '../../domain/rentersRating/rateRentersQuote';
import type {
  CoverageOptionRule,
  RentersRateTables,
  RentersRating,
  TermInterval,
} from '../../domain/rentersRating/rentersTypes';
import { RENTERS_QUOTE_STREAM, rentersQuoteEvent } from '../../domain/rentersQuotes/rentersQuoteEvents';
import { ratingInput } from '../../domain/rentersQuotes/rentersWire';
import type { EventMetadata } from '../../store/eventStore';
import { addDays, type GeneratedStream } from './generatedStream';
import type { Seller } from './petSale';
import type { Random } from './random';

// A renters quote's journey as the portal walks it and the server records it (rentersQuoteCommands.ts,
// purchaseRentersQuote.ts): start step, coverage rated by the renters engine, customer, payment method,
// purchase submitted and succeeded. The events are those the commands append, made by the same builders,
// so the quote folds through its journey to `purchased` like a bought one.

// Built once per state and day: a large book rates some 400,000 quotes over about 750 days in five states.
const tables = new Map<string, RentersRateTables>();

export function rentersTablesOn(state: string, date: string): RentersRateTables {
  const key = `${state} ${date}`;
  let found = tables.get(key);
  if (!found) {
    found = filedRentersTables(state, date);
    tables.set(key, found);
  }
  return found;
}

// The first day the filing sells renters in the state, or null when it never does.
export function rentersLaunch(state: string): string | null {
  const sold = FILED_RENTERS_ROWS.states.filter((r) => r.state_code === state && r.is_sold);
  return sold.map((r) => r.effective_date).sort()[0] ?? null;
}

// Contents amounts renters mostly choose; those the state's range does not take are left out.
const CONTENTS = [1_500_000, 2_000_000, 2_500_000, 3_000_000, 3_500_000, 5_000_000, 7_500_000];

const offered = (rule: CoverageOptionRule, value: number): boolean => {
  if (!rule.allow) return value === 0;
  if (rule.type === 'list') return rule.values.includes(value);
  const [min = 0, max = 0] = rule.values;
  return value >= min && value <= max && (value - min) % (rule.step ?? 1) === 0;
};

// A list option's value: one the rule allows, or the "left out" value when it allows none.
const listed = (random: Random, rule: CoverageOptionRule): number =>
  rule.allow && rule.values.length > 0 ? random.pick(rule.values) : 0;

// An optional amount or level taken by some renters (`share`), else left out (0).
const sometimes = (random: Random, rule: CoverageOptionRule, share: number): number => {
  const taken = rule.values.filter((v) => v > 0);
  return rule.allow && taken.length > 0 && random.chance(share) ? random.pick(taken) : 0;
};

// A yes/no option: forced when the rule allows only one answer, else yes for `share` of renters.
const yesNo = (random: Random, rule: CoverageOptionRule, share: number): boolean => {
  if (!rule.allow) return false;
  const yes = rule.values.includes(1);
  const no = rule.values.includes(0);
  return yes && no ? random.chance(share) : yes;
};

// Options a renter picks within the state's coverage option rules on the quote's date, so the engine rates
// them as the coverage step does.
export function chooseRentersCoverage(random: Random, rules: RentersRateTables['options']): RentersCoverage {
  const contents = CONTENTS.filter((c) => offered(rules.CONTENTS, c));
  const scheduled = rules.SCHEDULED_PROPERTY;
  const [scheduledMin = 0, scheduledMax = 0] = scheduled.values;
  const scheduledStep = scheduled.step ?? 1;
  const scheduledSteps = Math.floor((Math.min(scheduledMax, 1_000_000) - scheduledMin) / scheduledStep);
  return {
    contents: {
      amountCents: random.pick(contents),
      deductibleCents: listed(random, rules.DEDUCTIBLE),
      additionalLivingExpenseCents: listed(random, rules.ADDITIONAL_LIVING_EXPENSE),
      isPreferredProperty: random.chance(0.2),
    },
    liability: {
      amountCents: listed(random, rules.LIABILITY),
      damageToPropertyOfOthersCents: listed(random, rules.DAMAGE_TO_PROPERTY_OF_OTHERS),
      medicalPaymentsCents: listed(random, rules.MEDICAL_PAYMENTS),
    },
    optional: {
      // Jewellery or a camera scheduled by one renter in ten, up to $10,000.
      combinedPersonalPropertyValueCents:
        scheduled.allow && scheduled.type === 'range' && scheduledSteps > 0 && random.chance(0.1)
          ? scheduledMin + random.int(1, scheduledSteps) * scheduledStep
          : 0,
      enhancementEndorsementLevel: sometimes(random, rules.ENHANCEMENT, 0.15),
      identityFraudCents: sometimes(random, rules.IDENTITY_FRAUD, 0.2),
      includeReplacementCost: yesNo(random, rules.REPLACEMENT_COST, 0.6),
      includeTheft: yesNo(random, rules.THEFT, 0.8),
      includeWaterDamage: yesNo(random, rules.WATER_DAMAGE, 0.3),
      includeWindHailExclusion: yesNo(random, rules.WIND_HAIL_EXCLUSION, 0.1),
    },
  };
}

// The engine's answer for the coverage, as the coverage step rates it; a refusal is a generator bug.
export function rateRentersCoverage(
  rules: RentersRateTables,
  zipCode: string,
  interval: TermInterval,
  coverage: RentersCoverage,
): RentersRating {
  const rated = rateRentersQuote(rules, ratingInput(zipCode, interval, coverage));
  if (!rated.ok) {
    throw new Error(
      `Generated renters coverage does not rate in ${rules.stateCode} on ${rules.effectiveDate}: ` +
        JSON.stringify(rated.errors),
    );
  }
  return rated.rating;
}

export interface RentersJourney {
  quoteId: string;
  seller: Seller;
  property: RentersAddress;
  effectiveDate: string;
  interestedParty: InterestedParty | null;
  coverage: RentersCoverage;
  rating: RentersRating;
  customer: RentersCustomer;
  contacts: RentersContact[];
  payment: RentersPayment;
  // The purchase's request id (the client's), the payment service's charge and what the purchase issued.
  requestId: string;
  chargeId: string;
  policyNumber: string;
  matterId: number;
  customerId: number;
  // When each step was saved, the purchase's last.
  steps: {
    property: Date;
    coverage: Date;
    customer: Date;
    payment: Date;
    submitted: Date;
    purchased: Date;
  };
}

// The quote's stream, as the commands append it from the start step to the purchase's outcome.
export function rentersQuoteStream(journey: RentersJourney, metadata: EventMetadata): GeneratedStream {
  const { rating, steps } = journey;
  const premium = {
    termInterval: rating.term_interval,
    termPremiumCents: rating.term_premium,
    taxesCents: rating.taxes.total,
    feesCents: rating.fee_total,
    totalCents: rating.total,
  };
  const firstPayment = rating.schedule[0]?.total ?? rating.total;
  const nextBill = rating.next_bill && {
    date: rating.next_bill.due_date,
    amountCents: rating.next_bill.amount,
  };
  return {
    streamType: RENTERS_QUOTE_STREAM,
    streamId: journey.quoteId,
    metadata,
    events: [
      {
        ...rentersQuoteEvent.propertyGiven({
          id: journey.quoteId,
          entityCode: journey.seller.entityCode,
          entityId: journey.seller.entityId,
          property: journey.property,
          effectiveDate: journey.effectiveDate,
          interestedParty: journey.interestedParty,
        }),
        recordedAt: steps.property,
      },
      {
        ...rentersQuoteEvent.coverageChosen({ coverage: journey.coverage, premium, rating }),
        recordedAt: steps.coverage,
      },
      {
        ...rentersQuoteEvent.customerGiven({ customer: journey.customer, contacts: journey.contacts }),
        recordedAt: steps.customer,
      },
      {
        ...rentersQuoteEvent.paymentMethodGiven({ payment: journey.payment }),
        recordedAt: steps.payment,
      },
      {
        ...rentersQuoteEvent.purchaseSubmitted({
          requestId: journey.requestId,
          amountCents: firstPayment,
          payment: journey.payment,
          termsAccepted: true,
          acceptedTotalCents: premium.totalCents,
        }),
        recordedAt: steps.submitted,
      },
      {
        ...rentersQuoteEvent.purchaseSucceeded({
          requestId: journey.requestId,
          matterId: journey.matterId,
          customerId: journey.customerId,
          chargeId: journey.chargeId,
          amountCents: firstPayment,
          policy: {
            policyNumber: journey.policyNumber,
            statusCode: 'ACTIVE',
            termInterval: premium.termInterval,
            termPremiumCents: premium.termPremiumCents,
            effectiveDate: journey.effectiveDate,
            expirationDate: rating.expiration_date,
            nextBill,
            rewriteOf: null,
          },
        }),
        recordedAt: steps.purchased,
      },
    ],
  };
}

// The sale day moved into the months the state sells renters: a sale the plan dates before the line's
// launch falls on a day from the launch to yesterday instead, so renters sales stay spread evenly.
export function rentersSaleDay(random: Random, state: string, soldOn: string, today: string): string {
  const launch = rentersLaunch(state);
  if (launch === null) throw new Error(`Renters insurance is never sold in ${state}.`);
  if (soldOn >= launch) return soldOn;
  const days = Math.round((Date.parse(today) - Date.parse(launch)) / 86_400_000);
  if (days < 1) throw new Error(`Renters insurance is first sold in ${state} on ${launch}, after ${today}.`);
  return addDays(launch, random.int(0, days - 1));
}
