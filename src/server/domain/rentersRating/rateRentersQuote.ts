import { validateRentersInput } from './coverageOptions';
import { applyBp, rounded, shareDown } from './rentersMoney';
import { addMonths, feeCount, paymentSchedule } from './rentersSchedule';
import type {
  FieldErrors,
  RentersPremiumComponents,
  RentersRateTables,
  RentersRatingInput,
  RentersRatingResult,
  RentersTerritory,
} from './rentersTypes';

// Cents of contents per $1,000, and the basis-point scale of the three contents factors, as one divisor so
// the contents premium is rounded once.
const CONTENTS_DIVISOR = 100_000n * 10_000n ** 3n;

// The price of a renters quote (docs/rating.md "Renters"): the input is first held against the state's
// coverage option rules, and an input they refuse gets field messages, never a price.
export function rateRentersQuote(tables: RentersRateTables, input: RentersRatingInput): RentersRatingResult {
  const invalid = validateRentersInput(tables, input);
  if (Object.keys(invalid).length > 0) return { ok: false, errors: invalid };

  const errors: FieldErrors = {};
  // A value the rules allow but the rate tables do not price is a filing gap; it is refused on its field.
  const lookup = (table: Record<string, number>, key: string | number, field: string): number => {
    const value = table[String(key)];
    if (value !== undefined) return value;
    (errors[field] ??= []).push(`No rate is filed for ${String(key)}.`);
    return 0;
  };
  const { contents, liability, optional } = input.coverage;
  const territory = territoryOf(tables, input.zip_code);
  if (!territory)
    return { ok: false, errors: { zip_code: [`No territory is filed for ${input.zip_code}.`] } };
  const { factors, charges } = tables;

  const contentsPremium = rounded(
    [
      contents.amount,
      tables.contentsRateCents,
      territory.factorBp,
      lookup(factors.DEDUCTIBLE, contents.deductible_amount, 'coverage.contents.deductible_amount'),
      lookup(
        factors.PREFERRED_PROPERTY,
        String(contents.is_preferred_property),
        'coverage.contents.is_preferred_property',
      ),
    ],
    CONTENTS_DIVISOR,
  );
  const share = (included: boolean, table: Record<string, number>, field: string) =>
    included ? applyBp(contentsPremium, [lookup(table, 'true', field)]) : 0;
  const components: RentersPremiumComponents = {
    contents: contentsPremium,
    additional_living_expense: lookup(
      charges.ADDITIONAL_LIVING_EXPENSE,
      contents.additional_living_expense,
      'coverage.contents.additional_living_expense',
    ),
    liability: lookup(charges.LIABILITY, liability.amount, 'coverage.liability.amount'),
    damage_to_property_of_others: lookup(
      charges.DAMAGE_TO_PROPERTY_OF_OTHERS,
      liability.damage_to_property_of_others_amount,
      'coverage.liability.damage_to_property_of_others_amount',
    ),
    medical_payments: lookup(
      charges.MEDICAL_PAYMENTS,
      liability.medical_payments_amount,
      'coverage.liability.medical_payments_amount',
    ),
    scheduled_personal_property:
      optional.combined_personal_property_value > 0
        ? applyBp(optional.combined_personal_property_value, [
            lookup(factors.SCHEDULED_PROPERTY, 'RATE', 'coverage.optional.combined_personal_property_value'),
          ])
        : 0,
    enhancement_endorsement: lookup(
      charges.ENHANCEMENT,
      optional.enhancement_endorsement_level,
      'coverage.optional.enhancement_endorsement_level',
    ),
    identity_fraud: lookup(
      charges.IDENTITY_FRAUD,
      optional.identity_fraud_amount,
      'coverage.optional.identity_fraud_amount',
    ),
    replacement_cost: share(
      optional.include_replacement_cost,
      factors.REPLACEMENT_COST,
      'coverage.optional.include_replacement_cost',
    ),
    theft: share(optional.include_theft, factors.THEFT, 'coverage.optional.include_theft'),
    water_damage: share(
      optional.include_water_damage,
      factors.WATER_DAMAGE,
      'coverage.optional.include_water_damage',
    ),
    // A credit rounded down, so it never takes more than its share of the contents premium.
    wind_hail_exclusion: optional.include_wind_hail_exclusion
      ? -shareDown(
          contentsPremium,
          lookup(factors.WIND_HAIL_EXCLUSION, 'true', 'coverage.optional.include_wind_hail_exclusion'),
        )
      : 0,
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const termPremium = Object.values(components).reduce((sum, c) => sum + c, 0);
  const stateTax = applyBp(termPremium, [tables.premiumTaxBp]);
  const municipalTax = applyBp(termPremium, [territory.municipalTaxBp]);
  const interval = input.term_interval;
  const fees = tables.fees
    .map((f) => ({ fee: f, count: feeCount(f.paymentPeriod, interval) }))
    .filter(({ count }) => count > 0)
    .map(({ fee, count }) => ({
      fee_code: fee.feeCode,
      description: fee.description,
      amount: fee.amountCents,
      count,
      total: fee.amountCents * count,
    }));
  const feeTotal = fees.reduce((sum, f) => sum + f.total, 0);
  const schedule = paymentSchedule(
    { premium: termPremium, stateTax, municipalTax },
    tables.fees,
    interval,
    tables.effectiveDate,
  );
  const second = schedule[1];
  return {
    ok: true,
    rating: {
      state_code: tables.stateCode,
      effective_date: tables.effectiveDate,
      expiration_date: addMonths(tables.effectiveDate, 12),
      term_interval: interval,
      territory: {
        zip_prefix: territory.zipPrefix,
        factor_bp: territory.factorBp,
        municipality: territory.municipality,
      },
      components,
      term_premium: termPremium,
      taxes: { state: stateTax, municipal: municipalTax, total: stateTax + municipalTax },
      fees,
      fee_total: feeTotal,
      total: termPremium + stateTax + municipalTax + feeTotal,
      schedule,
      next_bill: second ? { due_date: second.due_date, amount: second.total } : null,
    },
  };
}

// The zip code's three-digit territory when the state files one, else the rest of the state.
function territoryOf(tables: RentersRateTables, zip: string): RentersTerritory | undefined {
  return (
    tables.territories.find((t) => t.zipPrefix === zip.slice(0, 3)) ??
    tables.territories.find((t) => t.zipPrefix === '*')
  );
}
