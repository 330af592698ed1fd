import { ApiError, ValidationError, errorMessage } from '../../../api/httpErrors';

// What a failed journey write shows. The wrapper names fields by their dotted request path
// (`data.pets.0.age`); screens look them up without the `data.` prefix. A 409 means the quote moved on (a
// stale version, or a step out of order): the quote is reloaded and the journey's notice says so.
export interface JourneyErrors {
  fields: Record<string, string[]>;
  message: string | null;
}

export const NO_ERRORS: JourneyErrors = { fields: {}, message: null };

export function journeyErrors(error: unknown): JourneyErrors {
  if (!error) return NO_ERRORS;
  if (error instanceof ValidationError) {
    const fields: Record<string, string[]> = {};
    for (const [path, messages] of Object.entries(error.fields)) {
      fields[path.replace(/^data\./, '')] = messages;
    }
    const hasFields = Object.keys(fields).length > 0;
    return { fields, message: hasFields ? 'Check the fields marked below.' : error.message };
  }
  // Said by the journey's notice (useJourneyWrite), wherever the reloaded quote is.
  if (error instanceof ApiError && error.status === 409) return { fields: {}, message: null };
  return { fields: {}, message: errorMessage(error) };
}
