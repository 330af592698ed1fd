import { z } from 'zod';

// SPEC §5/§8: the error bodies the API answers.
export { DEFAULT_VALIDATION_MESSAGE } from './fieldErrors';

export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;
