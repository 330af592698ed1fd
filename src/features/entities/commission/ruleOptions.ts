// Choices of the rule form and filters that are fixed by the rule model (commissionRules.ts).
export const SPECIES_OPTIONS = [
  { value: 'DOG', label: 'Dog' },
  { value: 'CAT', label: 'Cat' },
  { value: 'RENTERS', label: 'Renters' },
];

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'future', label: 'Future' },
  { value: 'expired', label: 'Expired' },
];

export const speciesLabel = (species: string | null) =>
  SPECIES_OPTIONS.find((o) => o.value === species)?.label ?? 'Any species';
