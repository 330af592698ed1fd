// The stepper's six steps (SPEC §4 "Quote journey order") and which step each journey state shows on.
export const JOURNEY_STEPS = [
  'Start',
  'Rating info',
  'Underwriting',
  'Coverage',
  'Checkout',
  'Thank you',
] as const;

const STEP_INDEX: Readonly<Record<string, number>> = {
  start: 0,
  ratingInfo: 1,
  underwritingQuestions: 2,
  declined: 2,
  coverage: 3,
  checkout: 4,
  fraudWarning: 4,
  purchasing: 4,
  paymentFailed: 4,
  thankYou: 5,
};

export function stepIndexOf(state: string): number {
  return STEP_INDEX[state] ?? 0;
}
