// Input the rate tables cannot price (an unknown breed, a deductible not filed in the state, ...). It names
// the input field, so the quote API can answer 422 on it.
export class RatingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RatingError';
  }
}
