import type { RentersAddressWire, RentersCoverageWire } from '../../../api/schemas/rentersQuotes';
import type { RentersAddress, RentersCoverage, TermInterval } from '../../../machines/rentersQuoteContext';
import type { RentersCoverageInput, RentersRatingInput } from '../rentersRating/rentersTypes';

// The renters wire (snake_case, decimal dollars) to the journey's shapes (integer cents) and back.

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

// Amounts that are not whole cents are refused by field rather than rounded behind the agent's back.
export function fractionalCents(coverage: RentersCoverageWire): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const check = (field: string, dollars: number) => {
    if (Math.abs(dollars * 100 - Math.round(dollars * 100)) > 1e-6) {
      errors[`coverage.${field}`] = ['The amount must be whole cents.'];
    }
  };
  const { contents, liability, optional } = coverage;
  check('contents.amount', contents.amount);
  check('contents.deductible_amount', contents.deductible_amount);
  check('contents.additional_living_expense', contents.additional_living_expense);
  check('liability.amount', liability.amount);
  check('liability.damage_to_property_of_others_amount', liability.damage_to_property_of_others_amount);
  check('liability.medical_payments_amount', liability.medical_payments_amount);
  check('optional.combined_personal_property_value', optional.combined_personal_property_value);
  check('optional.identity_fraud_amount', optional.identity_fraud_amount);
  return errors;
}

export function addressOf(wire: RentersAddressWire): RentersAddress {
  return {
    line1: wire.line_1,
    line2: wire.line_2,
    city: wire.city,
    stateCode: wire.state,
    zipCode: wire.zip_code,
  };
}

export function addressWire(a: RentersAddress): RentersAddressWire {
  return { line_1: a.line1, line_2: a.line2, city: a.city, state: a.stateCode, zip_code: a.zipCode };
}

export function coverageOf(wire: RentersCoverageWire): RentersCoverage {
  const { contents, liability, optional } = wire;
  return {
    contents: {
      amountCents: toCents(contents.amount),
      deductibleCents: toCents(contents.deductible_amount),
      additionalLivingExpenseCents: toCents(contents.additional_living_expense),
      isPreferredProperty: contents.is_preferred_property,
    },
    liability: {
      amountCents: toCents(liability.amount),
      damageToPropertyOfOthersCents: toCents(liability.damage_to_property_of_others_amount),
      medicalPaymentsCents: toCents(liability.medical_payments_amount),
    },
    optional: {
      combinedPersonalPropertyValueCents: toCents(optional.combined_personal_property_value),
      enhancementEndorsementLevel: optional.enhancement_endorsement_level,
      identityFraudCents: toCents(optional.identity_fraud_amount),
      includeReplacementCost: optional.include_replacement_cost,
      includeTheft: optional.include_theft,
      includeWaterDamage: optional.include_water_damage,
      includeWindHailExclusion: optional.include_wind_hail_exclusion,
    },
  };
}

// The rating engine's input block: the wire's names, amounts in cents (docs/rating.md "Renters").
export function ratingCoverage(c: RentersCoverage): RentersCoverageInput {
  return {
    contents: {
      amount: c.contents.amountCents,
      deductible_amount: c.contents.deductibleCents,
      additional_living_expense: c.contents.additionalLivingExpenseCents,
      is_preferred_property: c.contents.isPreferredProperty,
    },
    liability: {
      amount: c.liability.amountCents,
      damage_to_property_of_others_amount: c.liability.damageToPropertyOfOthersCents,
      medical_payments_amount: c.liability.medicalPaymentsCents,
    },
    optional: {
      combined_personal_property_value: c.optional.combinedPersonalPropertyValueCents,
      enhancement_endorsement_level: c.optional.enhancementEndorsementLevel,
      identity_fraud_amount: c.optional.identityFraudCents,
      include_replacement_cost: c.optional.includeReplacementCost,
      include_theft: c.optional.includeTheft,
      include_water_damage: c.optional.includeWaterDamage,
      include_wind_hail_exclusion: c.optional.includeWindHailExclusion,
    },
  };
}

export function ratingInput(zipCode: string, interval: TermInterval, c: RentersCoverage): RentersRatingInput {
  return { zip_code: zipCode, term_interval: interval, coverage: ratingCoverage(c) };
}

export function coverageWire(c: RentersCoverage): RentersCoverageWire {
  const input = ratingCoverage(c);
  return {
    contents: {
      ...input.contents,
      amount: toDollars(input.contents.amount),
      deductible_amount: toDollars(input.contents.deductible_amount),
      additional_living_expense: toDollars(input.contents.additional_living_expense),
    },
    liability: {
      amount: toDollars(input.liability.amount),
      damage_to_property_of_others_amount: toDollars(input.liability.damage_to_property_of_others_amount),
      medical_payments_amount: toDollars(input.liability.medical_payments_amount),
    },
    optional: {
      ...input.optional,
      combined_personal_property_value: toDollars(input.optional.combined_personal_property_value),
      identity_fraud_amount: toDollars(input.optional.identity_fraud_amount),
    },
  };
}
