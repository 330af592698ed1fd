// The label of each coverage option on screen, by its request path.
export const COVERAGE_LABELS: Readonly<Record<string, string>> = {
  'contents.amount': 'Contents coverage',
  'contents.deductible_amount': 'Deductible',
  'contents.additional_living_expense': 'Additional living expense',
  'contents.is_preferred_property': 'Preferred property',
  'liability.amount': 'Liability coverage',
  'liability.damage_to_property_of_others_amount': 'Damage to property of others',
  'liability.medical_payments_amount': 'Medical payments',
  'optional.combined_personal_property_value': 'Scheduled personal property',
  'optional.enhancement_endorsement_level': 'Enhancement endorsement level',
  'optional.identity_fraud_amount': 'Identity fraud coverage',
  'optional.include_replacement_cost': 'Replacement cost',
  'optional.include_theft': 'Theft coverage',
  'optional.include_water_damage': 'Water damage coverage',
  'optional.include_wind_hail_exclusion': 'Wind and hail exclusion',
};

// Amounts are dollars; levels and yes/no are shown as they are.
export function isAmount(path: string): boolean {
  return /amount|expense|value/.test(path);
}
