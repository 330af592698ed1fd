import { z } from 'zod';

// SPEC §5/§8: a 422 carries a message (default "Validation error.") and field → list of messages.
export const DEFAULT_VALIDATION_MESSAGE = 'Validation error.';

export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

// Entries that are not lists of strings are dropped, as SPEC §5 says.
export function normaliseFieldErrors(raw: unknown): Record<string, string[]> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (Array.isArray(value) && value.every((m) => typeof m === 'string')) out[field] = value;
  }
  return out;
}
