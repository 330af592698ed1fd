import { ApiError, ValidationError, errorMessage } from '../../../api/httpErrors';

// What a failed journey write shows: a 422's messages beside their fields (keyed by the request's dotted
// path, `coverage.contents.amount`); a 409 is said by the journey notice once the quote is reloaded.
export interface RentersErrors {
  fields: Record<string, string[]>;
  message: string | null;
}

export const NO_RENTERS_ERRORS: RentersErrors = { fields: {}, message: null };

export function rentersErrors(error: unknown): RentersErrors {
  if (!error) return NO_RENTERS_ERRORS;
  if (error instanceof ValidationError) {
    const hasFields = Object.keys(error.fields).length > 0;
    return { fields: error.fields, message: hasFields ? 'Check the fields marked below.' : error.message };
  }
  if (error instanceof ApiError && error.status === 409) return NO_RENTERS_ERRORS;
  return { fields: {}, message: errorMessage(error) };
}
