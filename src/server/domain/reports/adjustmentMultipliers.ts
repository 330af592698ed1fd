// SPEC §3 "Adjustment event: … multiplier type": how an adjustment event's premium counts in written premium
// and so in commission, which pays on the same premium (docs/reports.md "Net written premium"). The signs are
// those writtenPremiumEvents.ts and premiumAdjustments.ts give each event's premium: an issue, a rewrite and a
// renewal write the term's premium (ADD); a cancellation, pro rata or flat, takes back the premium its cover
// did not earn (SUBTRACT); a reinstatement gives back what its cancellation took (ADD); an endorsement is
// recorded at no premium, as nothing here reprices one (NONE). A type no event is recorded under (the retired
// audit adjustment) has no multiplier (null).
export type MultiplierType = 'ADD' | 'SUBTRACT' | 'NONE';

export const MULTIPLIER_OF_TYPE: Readonly<Record<MultiplierType, 1 | -1 | 0>> = {
  ADD: 1,
  SUBTRACT: -1,
  NONE: 0,
};

const MULTIPLIER_TYPES: Readonly<Record<string, MultiplierType>> = {
  NB: 'ADD',
  RW: 'ADD',
  RN: 'ADD',
  RI: 'ADD',
  CN: 'SUBTRACT',
  FC: 'SUBTRACT',
  EN: 'NONE',
};

export const multiplierTypeOf = (code: string): MultiplierType | null => MULTIPLIER_TYPES[code] ?? null;
