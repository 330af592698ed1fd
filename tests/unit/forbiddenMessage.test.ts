import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../../src/api/httpErrors';

// A 403 that names the rule (an agency that may not quote) is shown in the server's words; the bare
// refusal and a proxy's status text give way to the portal's sentence.
describe('errorMessage of a 403', () => {
  const generic = /You do not have permission/;

  it('keeps the server’s words when they say which rule refused', () => {
    const message = 'The agency Paws & Claws Veterinary Referrals (4567-8901-GH) may not quote.';
    expect(errorMessage(new ApiError(403, message, { message }))).toBe(message);
  });

  it('replaces the bare refusal and an answer without a JSON message', () => {
    const bare = 'This action is unauthorized.';
    expect(errorMessage(new ApiError(403, bare, { message: bare }))).toMatch(generic);
    expect(errorMessage(new ApiError(403, 'Forbidden', '<html>Forbidden</html>'))).toMatch(generic);
    expect(errorMessage(new ApiError(403, 'Forbidden'))).toMatch(generic);
  });
});
