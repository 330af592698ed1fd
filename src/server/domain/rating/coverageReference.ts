// What a pet policy covers, as the coverage step lists it (code, description, tooltip, nested items), and
// the wellness levels sold beside it. Migration 005 seeded coverage_items, wellness_plans and wellness_benefits
// from a frozen copy of these (src/server/store/migrations/frozen).
export interface CoverageItemDefinition {
  code: string;
  description: string;
  tooltip?: string;
  // COVERAGE: part of the plan; OPTION: chosen separately; EXCLUSION: never covered.
  type: 'COVERAGE' | 'OPTION' | 'EXCLUSION';
  available?: boolean;
  display?: boolean;
  value?: string;
  items?: readonly CoverageItemDefinition[];
}

const leaf = (code: string, description: string): CoverageItemDefinition => ({
  code,
  description,
  type: 'COVERAGE',
});

export const COVERAGE_ITEMS: readonly CoverageItemDefinition[] = [
  {
    code: 'ACCIDENTS',
    description: 'Accidents',
    tooltip: 'Injuries from an accident after the accident waiting period.',
    type: 'COVERAGE',
    items: [
      leaf('BROKEN_BONES', 'Broken bones'),
      leaf('LACERATIONS', 'Cuts and bite wounds'),
      leaf('POISONING', 'Swallowed objects and poisoning'),
      leaf('ACCIDENT_EMERGENCY', 'Emergency care and hospitalisation'),
    ],
  },
  {
    code: 'ILLNESSES',
    description: 'Illnesses',
    tooltip: 'Conditions that first show after the illness waiting period; not on accident-only plans.',
    type: 'COVERAGE',
    items: [
      leaf('CANCER', 'Cancer and chemotherapy'),
      leaf('INFECTIONS', 'Infections and allergies'),
      leaf('DIGESTIVE', 'Digestive illness'),
      leaf('HEREDITARY', 'Hereditary and congenital conditions'),
      leaf('CHRONIC', 'Chronic conditions such as diabetes'),
    ],
  },
  {
    code: 'KNEE_LIGAMENT',
    description: 'Knee and cruciate ligament conditions',
    tooltip: 'Covered after a six-month waiting period when no prior knee condition was reported.',
    type: 'COVERAGE',
    value: '6 months waiting period',
  },
  {
    code: 'DIAGNOSTICS',
    description: 'Diagnostics',
    type: 'COVERAGE',
    items: [leaf('IMAGING', 'X-rays, ultrasound, MRI and CT'), leaf('LAB_TESTS', 'Blood and urine tests')],
  },
  {
    code: 'EXAM_FEES',
    description: 'Exam fees for covered visits',
    tooltip: 'The vet exam fee of an accident or illness visit; an option priced on top of the plan.',
    type: 'OPTION',
  },
  {
    code: 'PRE_EXISTING',
    description: 'Pre-existing conditions',
    tooltip: 'Conditions that showed signs before coverage started are not covered.',
    type: 'EXCLUSION',
    available: false,
  },
  {
    code: 'COSMETIC',
    description: 'Cosmetic and elective procedures',
    type: 'EXCLUSION',
    available: false,
  },
];

export interface WellnessDefinition {
  code: string;
  name: string;
  monthlyPriceCents: number;
  // [benefit, annual limit in cents or null when unlimited in count]
  benefits: readonly (readonly [string, number | null])[];
}

export const WELLNESS_PLANS: readonly WellnessDefinition[] = [
  {
    code: 'WELLNESS_BASIC',
    name: 'Basic wellness',
    monthlyPriceCents: 1_495,
    benefits: [
      ['Annual wellness exam', 5_000],
      ['Vaccinations', 4_000],
      ['Heartworm or FeLV/FIV test', 3_000],
    ],
  },
  {
    code: 'WELLNESS_PLUS',
    name: 'Wellness plus',
    monthlyPriceCents: 2_495,
    benefits: [
      ['Annual wellness exam', 6_000],
      ['Vaccinations', 6_000],
      ['Heartworm or FeLV/FIV test', 4_000],
      ['Flea, tick and heartworm prevention', 10_000],
      ['Dental cleaning', 15_000],
    ],
  },
  {
    code: 'WELLNESS_PREMIER',
    name: 'Premier wellness',
    monthlyPriceCents: 3_995,
    benefits: [
      ['Annual wellness exam', 7_500],
      ['Vaccinations', 8_000],
      ['Heartworm or FeLV/FIV test', 5_000],
      ['Flea, tick and heartworm prevention', 15_000],
      ['Dental cleaning', 25_000],
      ['Spay, neuter or microchip', 20_000],
      ['Routine blood work', 10_000],
    ],
  },
];
