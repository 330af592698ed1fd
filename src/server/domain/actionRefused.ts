import { RatingError } from './rating/ratingError';

// A business refusal of a quote action: the request was well formed, but the business says no (the zip's
// state does not sell pet insurance, the pet is too old, the discount code is not valid, no rate is in
// force). The wrapper answers it as 200 {data: {error}} so the portal raises the message (SPEC §7/§8);
// malformed input stays a 422.
export class ActionRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActionRefused';
  }
}

// The message to show for an error that is a refusal, or null for any other error. Every RatingError is a
// refusal: the wrapper's schema and the breed check have already answered 422 for malformed input, so what
// the rate tables still cannot price is a business limit (state, age, code, filed options).
export function refusalMessage(error: unknown): string | null {
  if (error instanceof ActionRefused || error instanceof RatingError) return error.message;
  return null;
}
