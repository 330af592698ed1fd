// Reference data of the entity area (DESIGN.md: plain tables, seeded by migration 003). Codes are what the
// entity record stores; descriptions are what the screens show.

// Code/description lists served under /v2/lists (SPEC §7 "Lists"), by list name.
export const CODE_LISTS = {
  // Entity status values are not shown in SPEC (§4): an entity is active, or deactivated by DELETE.
  entity_status: [
    ['ACTIVE', 'Active'],
    ['INACTIVE', 'Inactive'],
  ],
  tracking_code_type: [
    ['AFFILIATE', 'Affiliate program'],
    ['CAMPAIGN', 'Marketing campaign'],
    ['PARTNER', 'Partner referral'],
    ['PRODUCER', 'Producer number'],
  ],
  location_type: [
    ['HQ', 'Headquarters'],
    ['BRANCH', 'Branch office'],
    ['MAILING', 'Mailing address'],
    ['BILLING', 'Billing address'],
  ],
  payout_frequency: [
    ['MONTHLY', 'Monthly'],
    ['QUARTERLY', 'Quarterly'],
    ['SEMIANNUAL', 'Twice a year'],
    ['ANNUAL', 'Annually'],
  ],
  payout_method: [
    ['ACH', 'ACH bank transfer'],
    ['RTP', 'Real-time payment'],
    ['CHECK', 'Paper check'],
    ['WIRE', 'Wire transfer'],
  ],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;

export type CodeListName = keyof typeof CODE_LISTS;

// The headquarters location type: an entity has at most one enabled location of it.
export const HEADQUARTERS = 'HQ';

// Entity types (SPEC §3 "entity type (can quote, enabled)").
export const ENTITY_TYPES: readonly {
  code: string;
  description: string;
  canQuote: boolean;
  enabled: boolean;
}[] = [
  { code: 'HOUSE', description: 'House', canQuote: true, enabled: true },
  { code: 'AGENCY', description: 'Agency', canQuote: true, enabled: true },
  { code: 'SUBAGENCY', description: 'Sub-agency', canQuote: true, enabled: true },
  { code: 'REFERRAL', description: 'Referral partner', canQuote: false, enabled: true },
  { code: 'AFFINITY', description: 'Affinity group', canQuote: true, enabled: true },
  { code: 'CAPTIVE', description: 'Captive agency (retired)', canQuote: true, enabled: false },
];

// Policy event types that commission and premium reports count (SPEC §3 "Adjustment event").
export const EVENT_TYPES: readonly {
  code: string;
  description: string;
  category: string;
  allowNewBusiness: boolean;
  allowRenewal: boolean;
  enabled: boolean;
}[] = [
  {
    code: 'NB',
    description: 'New business',
    category: 'WRITTEN',
    allowNewBusiness: true,
    allowRenewal: false,
    enabled: true,
  },
  {
    code: 'RN',
    description: 'Renewal',
    category: 'WRITTEN',
    allowNewBusiness: false,
    allowRenewal: true,
    enabled: true,
  },
  {
    code: 'EN',
    description: 'Endorsement',
    category: 'ADJUSTMENT',
    allowNewBusiness: true,
    allowRenewal: true,
    enabled: true,
  },
  {
    code: 'CN',
    description: 'Cancellation',
    category: 'ADJUSTMENT',
    allowNewBusiness: true,
    allowRenewal: true,
    enabled: true,
  },
  {
    code: 'FC',
    description: 'Flat cancellation',
    category: 'ADJUSTMENT',
    allowNewBusiness: true,
    allowRenewal: false,
    enabled: true,
  },
  {
    code: 'RI',
    description: 'Reinstatement',
    category: 'ADJUSTMENT',
    allowNewBusiness: true,
    allowRenewal: true,
    enabled: true,
  },
  {
    code: 'RW',
    description: 'Rewrite',
    category: 'WRITTEN',
    allowNewBusiness: true,
    allowRenewal: false,
    enabled: true,
  },
  {
    code: 'AU',
    description: 'Audit adjustment (retired)',
    category: 'ADJUSTMENT',
    allowNewBusiness: false,
    allowRenewal: false,
    enabled: false,
  },
];

// Pet underwriting questions (reference data the pet quote journey reuses). A "yes" or "no" equal to
// `declineAnswer` makes the pet ineligible; null means the answer is informational.
export const UNDERWRITING_QUESTIONS: readonly {
  id: number;
  type: 'ELIGIBILITY' | 'MEDICAL_HISTORY' | 'LIFESTYLE';
  question: string;
  species: 'DOG' | 'CAT' | null;
  declineAnswer: boolean | null;
  isDefault: boolean;
}[] = [
  {
    id: 1,
    type: 'ELIGIBILITY',
    question: 'Is your pet currently showing signs of illness or injury, or receiving treatment for one?',
    species: null,
    declineAnswer: true,
    isDefault: true,
  },
  {
    id: 2,
    type: 'MEDICAL_HISTORY',
    question: 'Has your pet been diagnosed with or treated for any condition in the last 12 months?',
    species: null,
    declineAnswer: null,
    isDefault: true,
  },
  {
    id: 3,
    type: 'MEDICAL_HISTORY',
    question: 'Has your pet ever had a knee or cruciate ligament injury, or surgery on a knee?',
    species: null,
    declineAnswer: null,
    isDefault: true,
  },
  {
    id: 4,
    type: 'ELIGIBILITY',
    question: 'Has your pet ever been refused pet insurance, or had a pet insurance policy cancelled?',
    species: null,
    declineAnswer: true,
    isDefault: true,
  },
  {
    id: 5,
    type: 'LIFESTYLE',
    question: 'Is your pet used for breeding, racing, hunting, guarding or any other commercial purpose?',
    species: null,
    declineAnswer: true,
    isDefault: true,
  },
  {
    id: 6,
    type: 'MEDICAL_HISTORY',
    question: 'Has your pet been examined by a licensed veterinarian in the last 12 months?',
    species: null,
    declineAnswer: null,
    isDefault: true,
  },
  {
    id: 7,
    type: 'MEDICAL_HISTORY',
    question: 'Are your pet’s vaccinations up to date?',
    species: null,
    declineAnswer: null,
    isDefault: false,
  },
  {
    id: 8,
    type: 'MEDICAL_HISTORY',
    question: 'Is your pet currently taking any long-term or prescription medication?',
    species: null,
    declineAnswer: null,
    isDefault: false,
  },
  {
    id: 9,
    type: 'LIFESTYLE',
    question: 'Has your dog ever bitten or attacked a person or another animal?',
    species: 'DOG',
    declineAnswer: true,
    isDefault: true,
  },
  {
    id: 10,
    type: 'LIFESTYLE',
    question: 'Does your cat go outdoors without supervision?',
    species: 'CAT',
    declineAnswer: null,
    isDefault: false,
  },
];
