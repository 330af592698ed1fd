import type { AttributeType, ValidationRule } from '../../../api/schemas/attributes';

// One value (or one item of a list) checked against its attribute's type and rules. Answers the messages;
// an empty list means the value is fine. Messages name the setting by its label.
export interface RuleContext {
  label: string;
  type: AttributeType;
  optionValues: readonly string[];
  rules: readonly ValidationRule[];
  // YYYY-MM-DD of the server's today, for 'after'/'before' rules given as 'today'.
  today: string;
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DEFAULT_MAX_LENGTH = 2000;

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function typeMessage(value: string, c: RuleContext): string | null {
  switch (c.type) {
    case 'number':
      return NUMBER.test(value) ? null : `${c.label} must be a number.`;
    case 'email':
      return EMAIL.test(value) && value.length <= 254 ? null : `${value} is not a valid email address.`;
    case 'url': {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:'
          ? null
          : `${c.label} must be a web address.`;
      } catch {
        return `${c.label} must be a web address.`;
      }
    }
    case 'date':
      return isDate(value) ? null : `${c.label} must be a date (YYYY-MM-DD).`;
    case 'select':
      return c.optionValues.includes(value) ? null : 'The selected value is invalid.';
    default:
      return null;
  }
}

function ruleMessage(rule: ValidationRule, value: string, c: RuleContext): string | null {
  const custom = rule.message;
  const n = Number(value);
  switch (rule.type) {
    case 'min':
      return n < Number(rule.value) ? (custom ?? `${c.label} must be at least ${rule.value}.`) : null;
    case 'max':
      return n > Number(rule.value) ? (custom ?? `${c.label} may not be greater than ${rule.value}.`) : null;
    case 'integer':
      return rule.value && !/^-?\d+$/.test(value) ? (custom ?? `${c.label} must be a whole number.`) : null;
    case 'step': {
      const step = Number(rule.value);
      const ratio = n / step;
      return Math.abs(ratio - Math.round(ratio)) > 1e-9
        ? (custom ?? `${c.label} must be a multiple of ${rule.value}.`)
        : null;
    }
    case 'minLength':
      return value.length < Number(rule.value)
        ? (custom ?? `${c.label} must be at least ${rule.value} characters.`)
        : null;
    case 'maxLength':
      return value.length > Number(rule.value)
        ? (custom ?? `${c.label} may not be greater than ${rule.value} characters.`)
        : null;
    case 'pattern':
      return new RegExp(String(rule.value)).test(value)
        ? null
        : (custom ?? `${c.label} has an invalid format.`);
    case 'url':
      return rule.value === 'https' && !value.startsWith('https://')
        ? (custom ?? `${c.label} must be an https:// address.`)
        : null;
    case 'after':
    case 'before': {
      const reference = rule.value === 'today' ? c.today : String(rule.value);
      const wrong = rule.type === 'after' ? value <= reference : value >= reference;
      return wrong ? (custom ?? `${c.label} must be a date ${rule.type} ${reference}.`) : null;
    }
    default:
      // List and file rules are checked on the whole value (attributeValidation.ts).
      return null;
  }
}

export function itemMessages(value: string, c: RuleContext): string[] {
  const typeProblem = typeMessage(value, c);
  if (typeProblem) return [typeProblem];
  const messages = c.rules.map((rule) => ruleMessage(rule, value, c)).filter((m): m is string => m !== null);
  const hasMaxLength = c.rules.some((r) => r.type === 'maxLength');
  if (!hasMaxLength && value.length > DEFAULT_MAX_LENGTH) {
    messages.push(`${c.label} may not be greater than ${DEFAULT_MAX_LENGTH} characters.`);
  }
  return messages;
}
