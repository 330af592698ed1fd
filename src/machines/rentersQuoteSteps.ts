// The SPEC §2 route of each state of the renters quote journey, and back. Imports nothing, so the portal's
// router and the server (which answers "where was this quote left") can both use it.
//
// SPEC gives two routes: /renters/quotes/journey-start and /renters/quotes/journey/{id?}. The step rides
// in the query (?step=coverage) rather than in a path segment, so every journey URL keeps SPEC's shape;
// /renters/quotes/journey/{id} without a step means "wherever the quote is" (the link from a search).
// A rewrite not yet saved has no id: /renters/quotes/journey?rewrite={old policy number}.

export const RENTERS_JOURNEY_START = '/renters/quotes/journey-start';
const BASE = '/renters/quotes/journey';

export type RentersJourneyStep = 'start' | 'coverage' | 'customer' | 'payment' | 'review' | 'purchased';

const STEPS: readonly RentersJourneyStep[] = [
  'start',
  'coverage',
  'customer',
  'payment',
  'review',
  'purchased',
];

// A running purchase and a failed payment are shown on the review screen.
const STEP_OF_STATE: Readonly<Record<string, RentersJourneyStep>> = {
  start: 'start',
  coverage: 'coverage',
  customer: 'customer',
  payment: 'payment',
  review: 'review',
  purchasing: 'review',
  paymentFailed: 'review',
  purchased: 'purchased',
};

export function rentersJourneyStep(stateValue: string): RentersJourneyStep {
  const step = STEP_OF_STATE[stateValue];
  if (!step) throw new Error(`No renters journey step for state "${stateValue}"`);
  return step;
}

export function rentersJourneyStepPath(
  stateValue: string,
  quote: { id: string | null; rewriteOf: string | null },
): string {
  const step = rentersJourneyStep(stateValue);
  // The start step is the only one before the quote exists.
  if (quote.id === null) {
    if (step !== 'start') throw new Error(`The ${step} step needs the quote's id`);
    return quote.rewriteOf === null
      ? RENTERS_JOURNEY_START
      : `${BASE}?rewrite=${encodeURIComponent(quote.rewriteOf)}`;
  }
  return `${BASE}/${encodeURIComponent(quote.id)}?step=${step}`;
}

export type RentersJourneyLocation =
  | { kind: 'new' }
  | { kind: 'rewrite'; policyNumber: string }
  // step null: open the quote at the step it reached.
  | { kind: 'quote'; id: string; step: RentersJourneyStep | null };

// What a journey URL asks for; null when it is not one (or names no known step).
export function parseRentersJourneyLocation(pathname: string, search: string): RentersJourneyLocation | null {
  const params = new URLSearchParams(search);
  const path = pathname.replace(/\/+$/, '');
  if (path === RENTERS_JOURNEY_START) return { kind: 'new' };
  if (path === BASE) {
    const rewrite = params.get('rewrite')?.trim();
    return rewrite ? { kind: 'rewrite', policyNumber: rewrite } : null;
  }
  if (!path.startsWith(`${BASE}/`)) return null;
  const rest = path.slice(BASE.length + 1);
  if (rest.length === 0 || rest.includes('/')) return null;
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return null;
  }
  const step = params.get('step');
  if (step === null || step === '') return { kind: 'quote', id, step: null };
  const known = STEPS.find((s) => s === step);
  return known ? { kind: 'quote', id, step: known } : null;
}
