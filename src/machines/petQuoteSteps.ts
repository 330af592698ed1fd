// The SPEC §2 route of each state of the pet quote journey. Imports nothing, so the portal's router and the
// server (which answers "where was this quote left") can both use it.

const BASE = '/quotes/journey';

// States that are shown on another step's screen: a declined pet is shown with the underwriting answers,
// a fraud warning, a running purchase and a failed payment on the checkout screen.
const STEP_OF_STATE: Readonly<Record<string, string>> = {
  ratingInfo: 'rating-info',
  underwritingQuestions: 'underwriting-questions',
  declined: 'underwriting-questions',
  coverage: 'coverage',
  checkout: 'checkout',
  fraudWarning: 'checkout',
  purchasing: 'checkout',
  paymentFailed: 'checkout',
  thankYou: 'thank-you',
};

export function journeyStepPath(stateValue: string, uuid: string | null): string {
  if (stateValue === 'start') return BASE;
  // An abandoned quote has no step left; the agent goes back to quote search.
  if (stateValue === 'abandoned') return '/quotes';
  const step = STEP_OF_STATE[stateValue];
  if (!step) throw new Error(`No journey step for state "${stateValue}"`);
  // Rating info is the only step before the quote exists, so the only one whose uuid is optional.
  if (uuid === null) {
    if (step === 'rating-info') return `${BASE}/${step}`;
    throw new Error(`The ${step} step needs the quote's uuid`);
  }
  return `${BASE}/${step}/${encodeURIComponent(uuid)}`;
}
