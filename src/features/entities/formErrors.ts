import { ValidationError, errorMessage } from '../../api/httpErrors';

// What a failed save shows: per-field 422 messages under their fields (SPEC §5), anything else as a summary.
export interface FormErrors {
  fields: Record<string, string[]>;
  message: string | null;
}

export function formErrors(error: unknown): FormErrors {
  if (!error) return { fields: {}, message: null };
  if (error instanceof ValidationError) {
    const hasFields = Object.keys(error.fields).length > 0;
    return { fields: error.fields, message: hasFields ? 'Check the highlighted fields.' : error.message };
  }
  return { fields: {}, message: errorMessage(error) };
}
