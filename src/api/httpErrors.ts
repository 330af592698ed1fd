import { DEFAULT_VALIDATION_MESSAGE } from './schemas/fieldErrors';

// A call the server answered with an error status (or that never reached it: status 0).
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

// SPEC §5/§8: a 422 becomes a validation error with per-field messages.
export class ValidationError extends ApiError {
  readonly fields: Record<string, string[]>;

  constructor(message: string | undefined, fields: Record<string, string[]>, body?: unknown) {
    super(422, message || DEFAULT_VALIDATION_MESSAGE, body);
    this.name = 'ValidationError';
    this.fields = fields;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'The portal could not reach the server. Check your connection and try again.';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

// The per-field messages of a 422, for forms to show under their fields; none for any other failure.
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return error instanceof ValidationError ? error.fields : {};
}
