import { fieldErrorsOf } from '../../../api/httpErrors';

// The server names request fields by their path in the body ("data.line_1"); the forms by the field alone.
export function rentersFieldErrors(error: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    out[field.replace(/^data\.?/, '') || 'form'] = messages;
  }
  return out;
}
