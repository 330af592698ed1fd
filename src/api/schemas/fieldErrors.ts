// SPEC §5/§8: a 422 carries a message (default "Validation error.") and field → list of messages. Kept apart
// from the zod schemas of errors.ts: the portal's HTTP client needs these in its first script, zod it need not.
export const DEFAULT_VALIDATION_MESSAGE = 'Validation error.';

// Entries that are not lists of strings are dropped, as SPEC §5 says.
export function normaliseFieldErrors(raw: unknown): Record<string, string[]> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (Array.isArray(value) && value.every((m) => typeof m === 'string')) out[field] = value;
  }
  return out;
}
