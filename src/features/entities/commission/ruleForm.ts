import { ValidationError, errorMessage } from '../../../api/httpErrors';
import type { CommissionRule, CommissionRuleCreate } from '../../../api/schemas/commissionRules';

// The rule dialog's values (strings, as inputs hold them) and their request; 422 messages by field.
export interface RuleValues {
  business_type: string;
  calculation_type: string;
  event_code: string;
  state_codes: string[];
  species: string;
  pay_multiplier: string;
  effective_date: string;
  expiration_date: string;
}

export const emptyRule = (today: string): RuleValues => ({
  business_type: 'NEW',
  calculation_type: 'PERCENT',
  event_code: 'NB',
  state_codes: [],
  species: '',
  pay_multiplier: '',
  effective_date: today,
  expiration_date: '',
});

export const ruleValues = (rule: CommissionRule): RuleValues => ({
  business_type: rule.business_type,
  calculation_type: rule.calculation_type,
  event_code: rule.event_code,
  state_codes: rule.state_codes,
  species: rule.species ?? '',
  pay_multiplier: String(rule.pay_multiplier),
  effective_date: rule.effective_date,
  expiration_date: rule.expiration_date ?? '',
});

// Blank amount sends NaN, so the server's "must be a number" names the field instead of the form guessing.
export const ruleRequest = (v: RuleValues): CommissionRuleCreate => ({
  business_type: v.business_type as CommissionRuleCreate['business_type'],
  calculation_type: v.calculation_type as CommissionRuleCreate['calculation_type'],
  event_code: v.event_code,
  state_codes: v.state_codes,
  species: (v.species || null) as CommissionRuleCreate['species'],
  pay_multiplier: v.pay_multiplier.trim() === '' ? Number.NaN : Number(v.pay_multiplier),
  effective_date: v.effective_date,
  expiration_date: v.expiration_date || null,
});

export interface RuleErrors {
  fields: Record<string, string[]>;
  message: string | null;
}

// The server names fields as sent (`data.effective_date`); the form's keys lack the envelope.
export function ruleErrors(error: unknown): RuleErrors {
  if (!error) return { fields: {}, message: null };
  if (error instanceof ValidationError) {
    const fields: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(error.fields)) {
      (fields[key.replace(/^data\./, '')] ??= []).push(...messages);
    }
    const hasFields = Object.keys(fields).length > 0;
    return { fields, message: hasFields ? null : error.message };
  }
  return { fields: {}, message: errorMessage(error) };
}

export const formatPay = (rule: Pick<CommissionRule, 'calculation_type' | 'pay_multiplier'>) =>
  rule.calculation_type === 'PERCENT'
    ? `${rule.pay_multiplier}%`
    : `$${rule.pay_multiplier.toFixed(2)} per event`;
