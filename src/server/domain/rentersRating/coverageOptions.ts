import { stateOfZip } from '../rating/zipStates';
import type {
  CoverageOptionRule,
  FieldErrors,
  OptionCode,
  RentersCoverageInput,
  RentersRateTables,
  RentersRatingInput,
} from './rentersTypes';

type Kind = 'amount' | 'level' | 'yesno';

// Where each option sits in the coverage input, and how it reads: amounts are cents, yes/no options 0 or 1.
interface OptionField {
  code: OptionCode;
  field: string;
  label: string;
  kind: Kind;
  read: (c: LooseCoverage) => unknown;
}

// The input as it may arrive before validation: any part can be missing.
type LooseCoverage = { [K in keyof RentersCoverageInput]?: Partial<RentersCoverageInput[K]> };

export const OPTION_FIELDS: readonly OptionField[] = [
  option('CONTENTS', 'contents.amount', 'Contents coverage', 'amount', (c) => c.contents?.amount),
  option(
    'DEDUCTIBLE',
    'contents.deductible_amount',
    'The deductible',
    'amount',
    (c) => c.contents?.deductible_amount,
  ),
  option(
    'ADDITIONAL_LIVING_EXPENSE',
    'contents.additional_living_expense',
    'Additional living expense',
    'amount',
    (c) => c.contents?.additional_living_expense,
  ),
  option('LIABILITY', 'liability.amount', 'Liability coverage', 'amount', (c) => c.liability?.amount),
  option(
    'DAMAGE_TO_PROPERTY_OF_OTHERS',
    'liability.damage_to_property_of_others_amount',
    'Damage to property of others',
    'amount',
    (c) => c.liability?.damage_to_property_of_others_amount,
  ),
  option(
    'MEDICAL_PAYMENTS',
    'liability.medical_payments_amount',
    'Medical payments',
    'amount',
    (c) => c.liability?.medical_payments_amount,
  ),
  option(
    'SCHEDULED_PROPERTY',
    'optional.combined_personal_property_value',
    'Scheduled personal property',
    'amount',
    (c) => c.optional?.combined_personal_property_value,
  ),
  option(
    'ENHANCEMENT',
    'optional.enhancement_endorsement_level',
    'The enhancement endorsement',
    'level',
    (c) => c.optional?.enhancement_endorsement_level,
  ),
  option(
    'IDENTITY_FRAUD',
    'optional.identity_fraud_amount',
    'Identity fraud coverage',
    'amount',
    (c) => c.optional?.identity_fraud_amount,
  ),
  option(
    'REPLACEMENT_COST',
    'optional.include_replacement_cost',
    'Replacement cost',
    'yesno',
    (c) => c.optional?.include_replacement_cost,
  ),
  option('THEFT', 'optional.include_theft', 'Theft coverage', 'yesno', (c) => c.optional?.include_theft),
  option(
    'WATER_DAMAGE',
    'optional.include_water_damage',
    'Water damage coverage',
    'yesno',
    (c) => c.optional?.include_water_damage,
  ),
  option(
    'WIND_HAIL_EXCLUSION',
    'optional.include_wind_hail_exclusion',
    'The wind and hail exclusion',
    'yesno',
    (c) => c.optional?.include_wind_hail_exclusion,
  ),
];

function option(
  code: OptionCode,
  field: string,
  label: string,
  kind: Kind,
  read: (c: LooseCoverage) => unknown,
): OptionField {
  return { code, field: `coverage.${field}`, label, kind, read };
}

// The coverage option rules of the state on the tables' date, keyed by the wire's option names (SPEC §3:
// allow, type and values), for the coverage step to offer and the API to enforce.
export interface RentersCoverageOptions {
  state_code: string;
  sold: boolean;
  options: Record<string, CoverageOptionRule & { field: string }>;
}

export function rentersCoverageOptions(tables: RentersRateTables): RentersCoverageOptions {
  return {
    state_code: tables.stateCode,
    sold: tables.sold,
    options: Object.fromEntries(
      OPTION_FIELDS.map((o) => [o.code.toLowerCase(), { ...tables.options[o.code], field: o.field }]),
    ),
  };
}

// Field → messages (the 422 shape) for everything in the input the state's rules refuse; empty when the
// input can be rated. Values the input does not carry in the right type are refused too, so the rater can
// trust every value it reads.
export function validateRentersInput(tables: RentersRateTables, input: RentersRatingInput): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!tables.sold) {
    add('state_code', `Renters insurance is not sold in ${tables.stateCode} on ${tables.effectiveDate}.`);
    return errors;
  }
  const zip = input.zip_code;
  if (typeof zip !== 'string' || !/^\d{5}$/.test(zip)) add('zip_code', 'The zip code must have five digits.');
  else if (stateOfZip(zip) !== tables.stateCode)
    add('zip_code', `${zip} is not a ${tables.stateCode} zip code.`);
  if (input.term_interval !== 'annual' && input.term_interval !== 'monthly') {
    add('term_interval', 'The term interval must be annual or monthly.');
  }
  const coverage: LooseCoverage = (input.coverage as LooseCoverage | undefined) ?? {};
  // A fact about the property rather than a coverage choice, so no rule governs it.
  if (typeof coverage.contents?.is_preferred_property !== 'boolean') {
    add(
      'coverage.contents.is_preferred_property',
      'Whether the property is preferred must be true or false.',
    );
  }
  for (const o of OPTION_FIELDS) {
    const message = optionMessage(o, tables.options[o.code], o.read(coverage), tables.stateCode);
    if (message) add(o.field, message);
  }
  return errors;
}

function optionMessage(
  o: OptionField,
  rule: CoverageOptionRule,
  raw: unknown,
  stateCode: string,
): string | null {
  if (o.kind === 'yesno' && typeof raw !== 'boolean') return `${o.label} must be true or false.`;
  if (o.kind !== 'yesno' && (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 0)) {
    return o.kind === 'amount'
      ? `${o.label} must be a whole number of cents, not negative.`
      : `${o.label} must be a whole level, not negative.`;
  }
  const value = typeof raw === 'boolean' ? Number(raw) : (raw as number);
  // An option not allowed may only be left out: no, a zero amount, level 0.
  if (!rule.allow) return value === 0 ? null : `${o.label} is not offered in ${stateCode}.`;
  if (rule.type === 'list') {
    if (rule.values.includes(value)) return null;
    if (o.kind === 'yesno') return `${o.label} must be ${value ? 'left out' : 'included'} in ${stateCode}.`;
    return `${o.label} must be one of ${rule.values.map((v) => shown(o.kind, v)).join(', ')}.`;
  }
  const [min = 0, max = 0] = rule.values;
  const step = rule.step ?? 1;
  if (value < min || value > max) {
    return `${o.label} must be from ${shown(o.kind, min)} to ${shown(o.kind, max)}.`;
  }
  if ((value - min) % step !== 0) return `${o.label} must go up in steps of ${shown(o.kind, step)}.`;
  return null;
}

// Amounts as the agent reads them: whole dollars with separators ($10,000), cents only when there are some.
function shown(kind: Kind, value: number): string {
  if (kind !== 'amount') return String(value);
  const dollars = (value / 100).toLocaleString('en-US', {
    minimumFractionDigits: value % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `$${dollars}`;
}
