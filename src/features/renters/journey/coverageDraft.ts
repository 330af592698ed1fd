import type { RentersCoverageInput, RentersCoverageOptions } from '../../../api/calls/rentersQuotes';
import { RentersCoverageWire } from '../../../api/schemas/rentersQuotes';
import { validateObject } from '../../../api/validateObject';

// The coverage step as the agent edits it: each option's input by its request path without the
// `coverage.` prefix (`contents.amount`), as text, so a range input can hold what is being typed.
export type CoverageDraft = Record<string, string>;
export type TermInterval = 'annual' | 'monthly';

const YES_NO = /^optional\.include_|^contents\.is_preferred_property$/;

export function isYesNo(path: string): boolean {
  return YES_NO.test(path);
}

export const PREFERRED_PROPERTY = 'contents.is_preferred_property';

type Rule = RentersCoverageOptions['options'][string];

// The wire coverage flattened to paths (`contents.amount` → "20000").
function flatten(coverage: unknown): CoverageDraft {
  const parsed =
    coverage === null || coverage === undefined ? false : validateObject(RentersCoverageWire, coverage);
  if (!parsed) return {};
  const draft: CoverageDraft = {};
  for (const [group, values] of Object.entries(parsed)) {
    for (const [key, value] of Object.entries(values)) {
      draft[`${group}.${key}`] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    }
  }
  return draft;
}

// A value the option allows: the saved choice when still allowed, else the rule's first (lists) or lowest
// (ranges); an option the state does not offer is 0 (not taken).
function defaultFor(rule: Rule, saved: string | undefined): string {
  if (!rule.allow) return '0';
  const savedNumber = saved === undefined ? NaN : Number(saved);
  if (rule.type === 'list') {
    return String(rule.values.includes(savedNumber) ? savedNumber : (rule.values[0] ?? 0));
  }
  const [min = 0, max = min] = rule.values;
  return String(savedNumber >= min && savedNumber <= max ? savedNumber : min);
}

export function initialCoverageDraft(options: RentersCoverageOptions, saved: unknown): CoverageDraft {
  const before = flatten(saved);
  const draft: CoverageDraft = { [PREFERRED_PROPERTY]: before[PREFERRED_PROPERTY] ?? '0' };
  for (const rule of Object.values(options.options)) {
    const path = rule.field.replace(/^coverage\./, '');
    draft[path] = defaultFor(rule, before[path]);
  }
  return draft;
}

// The request body; what the rules do not govern is left to the server's defaults.
export function coverageRequest(
  draft: CoverageDraft,
  termInterval: TermInterval,
  version: number,
): RentersCoverageInput {
  const num = (path: string) => Number(draft[path] ?? 0);
  const yes = (path: string) => draft[path] === '1';
  return {
    term_interval: termInterval,
    version,
    coverage: {
      contents: {
        amount: num('contents.amount'),
        deductible_amount: num('contents.deductible_amount'),
        additional_living_expense: num('contents.additional_living_expense'),
        is_preferred_property: yes(PREFERRED_PROPERTY),
      },
      liability: {
        amount: num('liability.amount'),
        damage_to_property_of_others_amount: num('liability.damage_to_property_of_others_amount'),
        medical_payments_amount: num('liability.medical_payments_amount'),
      },
      optional: {
        combined_personal_property_value: num('optional.combined_personal_property_value'),
        enhancement_endorsement_level: num('optional.enhancement_endorsement_level'),
        identity_fraud_amount: num('optional.identity_fraud_amount'),
        include_replacement_cost: yes('optional.include_replacement_cost'),
        include_theft: yes('optional.include_theft'),
        include_water_damage: yes('optional.include_water_damage'),
        include_wind_hail_exclusion: yes('optional.include_wind_hail_exclusion'),
      },
    },
  };
}
