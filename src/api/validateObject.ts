import type { z } from 'zod';

// SPEC §5: an object the portal fails to validate (a server answer or a stored draft it reads) is logged as
// "Failed to validate object." with what failed, and yields false; the caller carries on without it. Takes
// the schema from the caller, so this module brings no zod into the first script. A valid object yields its
// parsed form (defaults filled in), so callers read what the schema made of it.
export function validateObject<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | false {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  console.error('Failed to validate object.', result.error.issues);
  return false;
}
