import { DASHBOARD_ACCESS_ATTRIBUTE_ID } from '../../../api/access';
import type { AttributeType, ValidationRule } from '../../../api/schemas/attributes';
import { US_STATES } from '../usStates';

// The entity settings catalogue (SPEC §3 "Attribute form"): sections of attributes, each with its type,
// flags, options and validation rules. Migration 003 copies it into the attribute tables; the server serves
// the form from there and validates saved values against it.
//
// isReadonly (default true) means agency managers may not change the value; only entity administrators
// may. isExposed means agency users see the value at all (SPEC's api_view); the rest is internal.

export interface AttributeSectionDefinition {
  code: string;
  name: string;
  description: string;
}

export interface AttributeDefinition {
  id: number;
  section: string;
  name: string;
  label: string;
  type: AttributeType;
  description?: string;
  tooltip?: string;
  defaultValue?: string;
  isRequired?: boolean;
  isReadonly?: boolean;
  isExposed?: boolean;
  isArray?: boolean;
  isDelimited?: boolean;
  dependencyId?: number;
  options?: readonly (readonly [value: string, label: string])[];
  validationRules?: readonly ValidationRule[];
}

export const ATTRIBUTE_SECTIONS: readonly AttributeSectionDefinition[] = [
  {
    code: 'portal',
    name: 'Portal and dashboard',
    description: 'What the agency’s users can open in the portal.',
  },
  {
    code: 'quoting',
    name: 'Quoting',
    description: 'Where and how the agency may quote, and the defaults its quotes start with.',
  },
  {
    code: 'branding',
    name: 'Branding',
    description: 'How the agency appears on quotes, e-mails and its branded quote app.',
  },
  {
    code: 'compliance',
    name: 'Licensing and compliance',
    description: 'Producer licence and errors and omissions cover on file for the agency.',
  },
  {
    code: 'commission',
    name: 'Commission and notices',
    description: 'Who receives commission statements, and how payouts are handled.',
  },
];

const YES_NO = [
  ['0', 'No'],
  ['1', 'Yes'],
] as const;

const STATE_OPTIONS = US_STATES.map(([code, name]) => [code, name] as const);

export const ATTRIBUTES: readonly AttributeDefinition[] = [
  {
    id: DASHBOARD_ACCESS_ATTRIBUTE_ID,
    section: 'portal',
    name: 'agent_dashboard_access',
    label: 'Agent dashboard access',
    type: 'select',
    description: 'Lets the agency’s users with the dashboard privilege open the entity dashboard.',
    tooltip: 'Users also need the dashboard report privilege.',
    defaultValue: '0',
    isRequired: true,
    isExposed: true,
    options: YES_NO,
  },
  {
    id: 29,
    section: 'portal',
    name: 'dashboard_widgets',
    label: 'Dashboard widgets',
    type: 'select',
    description: 'The panels the agency dashboard shows.',
    defaultValue: 'sales,quotes',
    isReadonly: false,
    isExposed: true,
    isArray: true,
    isDelimited: true,
    dependencyId: DASHBOARD_ACCESS_ATTRIBUTE_ID,
    options: [
      ['sales', 'Sales'],
      ['quotes', 'Open quotes'],
      ['commission', 'Commission'],
      ['retention', 'Retention'],
    ],
    validationRules: [{ type: 'minItems', value: 1 }],
  },
  {
    id: 30,
    section: 'portal',
    name: 'quote_on_behalf',
    label: 'Quote on behalf of child agencies',
    type: 'select',
    description: 'Lets the agency’s users act for its child agencies when quoting.',
    defaultValue: '1',
    isExposed: true,
    options: YES_NO,
  },
  {
    id: 31,
    section: 'quoting',
    name: 'quoting_allowed_states',
    label: 'Quoting allowed states',
    type: 'select',
    description: 'States in which the agency is appointed to quote. Empty means every state of its licence.',
    tooltip: 'Pick one or more states.',
    isExposed: true,
    isArray: true,
    isDelimited: true,
    options: STATE_OPTIONS,
    validationRules: [{ type: 'maxItems', value: STATE_OPTIONS.length }],
  },
  {
    id: 32,
    section: 'quoting',
    name: 'max_discount_percent',
    label: 'Maximum discount (%)',
    type: 'number',
    description: 'The largest discount the agency’s producers may apply to a quote.',
    defaultValue: '10',
    isRequired: true,
    isExposed: true,
    validationRules: [
      { type: 'min', value: 0 },
      { type: 'max', value: 25 },
      { type: 'step', value: 0.5 },
    ],
  },
  {
    id: 33,
    section: 'quoting',
    name: 'default_payment_method',
    label: 'Default payment method',
    type: 'select',
    description: 'The payment method a new quote’s checkout starts with.',
    defaultValue: 'CARD',
    isReadonly: false,
    isExposed: true,
    options: [
      ['CARD', 'Credit or debit card'],
      ['ACH', 'Bank account (ACH)'],
    ],
  },
  {
    id: 34,
    section: 'quoting',
    name: 'quote_validity_days',
    label: 'Quote validity (days)',
    type: 'number',
    description: 'How long a saved quote can be purchased at its price.',
    defaultValue: '30',
    isReadonly: false,
    isExposed: true,
    validationRules: [
      { type: 'integer', value: true },
      { type: 'min', value: 1 },
      { type: 'max', value: 60 },
    ],
  },
  {
    id: 35,
    section: 'branding',
    name: 'website_url',
    label: 'Website',
    type: 'url',
    description: 'The agency’s public website, linked from quote e-mails.',
    isReadonly: false,
    isExposed: true,
    validationRules: [
      { type: 'url', value: 'https' },
      { type: 'maxLength', value: 255 },
    ],
  },
  {
    id: 36,
    section: 'branding',
    name: 'logo',
    label: 'Logo',
    type: 'image',
    description: 'Shown on quotes and the branded quote app. PNG, JPEG or SVG up to 200 KB.',
    isReadonly: false,
    isExposed: true,
    validationRules: [
      { type: 'mimeTypes', value: 'image/png,image/jpeg,image/svg+xml' },
      { type: 'maxSizeKb', value: 200 },
    ],
  },
  {
    id: 37,
    section: 'branding',
    name: 'quote_app_welcome',
    label: 'Quote app welcome message',
    type: 'textarea',
    description: 'The first words customers read on the agency’s quote app.',
    isReadonly: false,
    isExposed: true,
    validationRules: [{ type: 'maxLength', value: 500 }],
  },
  {
    id: 38,
    section: 'compliance',
    name: 'producer_license_number',
    label: 'Producer licence number',
    type: 'text',
    description: 'The agency’s resident producer licence (NPN or state licence number).',
    isRequired: true,
    isExposed: true,
    validationRules: [
      {
        type: 'pattern',
        value: '^[A-Z0-9][A-Z0-9-]{4,19}$',
        message: 'The licence number has 5 to 20 capital letters, digits and dashes.',
      },
    ],
  },
  {
    id: 39,
    section: 'compliance',
    name: 'license_state',
    label: 'Resident licence state',
    type: 'select',
    isExposed: true,
    options: STATE_OPTIONS,
  },
  {
    id: 40,
    section: 'compliance',
    name: 'eo_policy_number',
    label: 'E&O policy number',
    type: 'text',
    description: 'Errors and omissions policy on file.',
    isReadonly: false,
    isExposed: true,
    validationRules: [{ type: 'maxLength', value: 40 }],
  },
  {
    id: 41,
    section: 'compliance',
    name: 'eo_expiry_date',
    label: 'E&O expiry date',
    type: 'date',
    description: 'The day the errors and omissions cover ends. It must not have ended already.',
    isReadonly: false,
    isExposed: true,
    dependencyId: 40,
    isRequired: true,
    validationRules: [{ type: 'after', value: 'today' }],
  },
  {
    id: 42,
    section: 'commission',
    name: 'statement_recipients',
    label: 'Statement e-mail recipients',
    type: 'email',
    description: 'Addresses that receive the monthly commission statement, separated by commas.',
    isReadonly: false,
    isExposed: true,
    isArray: true,
    isDelimited: true,
    validationRules: [{ type: 'maxItems', value: 5 }],
  },
  {
    id: 43,
    section: 'commission',
    name: 'statement_notifications',
    label: 'E-mail statement notifications',
    type: 'select',
    defaultValue: '1',
    isReadonly: false,
    isExposed: true,
    options: YES_NO,
  },
  {
    id: 44,
    section: 'commission',
    name: 'commission_hold',
    label: 'Hold commission payouts',
    type: 'select',
    description: 'Statements are produced but not paid while set (for example during a licence review).',
    defaultValue: '0',
    options: YES_NO,
  },
  {
    id: 45,
    section: 'commission',
    name: 'internal_notes',
    label: 'Internal notes',
    type: 'textarea',
    description: 'Notes for the back office.',
    validationRules: [{ type: 'maxLength', value: 2000 }],
  },
];
