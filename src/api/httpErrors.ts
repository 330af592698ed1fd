import { DEFAULT_VALIDATION_MESSAGE } from './schemas/fieldErrors';

// A call the server answered with an error status (or that never reached it: status 0).
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  // The server's x-request-id: what support looks up in the logs when a person quotes it.
  readonly requestId: string | undefined;

  constructor(status: number, message: string, body?: unknown, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.requestId = requestId;
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

// What a person reads when a call failed: the server's own words where they explain (a 404's "The policy was
// not found.", a 409, a 422's message), and plain language instead of a status code or a terse framework
// phrase where they would not. A server failure carries its request id so support can find it in the logs.
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return apiErrorMessage(error);
  // A response that fails its schema (STYLE.md: responses are parsed) has a message listing zod issues.
  if (error instanceof Error && error.name === 'ZodError') {
    return 'The server answered in a form this page does not understand. Reload the page and try again.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Your session has ended. Sign in again to continue.',
  403: 'You do not have permission to do this. Ask your administrator if you need it.',
  404: 'This record was not found. It may have been removed, or it is not one you can see.',
  409: 'This record was changed by someone else. Reload it and try again.',
  413: 'This is too large to send. Choose a smaller file.',
  429: 'Too many attempts in a short time. Wait a minute and try again.',
};

function apiErrorMessage(error: ApiError): string {
  const { status } = error;
  if (status === 0) return error.message || NETWORK_ERROR_MESSAGE;
  if (status >= 500) {
    const reference = error.requestId ? ` If it keeps happening, quote reference ${error.requestId}.` : '';
    return `The server could not finish this just now. Try again in a moment.${reference}`;
  }
  // Terse answers (a proxy's status text, "Unauthenticated.", "This action is unauthorized.") give way to a
  // sentence that says what to do; a specific message (which record, which rule) is kept.
  if (status === 401 || (status === 403 && !saysWhichRule(error)) || !error.body)
    return STATUS_MESSAGES[status] ?? GENERIC_MESSAGE;
  return error.message || STATUS_MESSAGES[status] || GENERIC_MESSAGE;
}

// A refusal in the server's own words about the rule (an agency that may not quote), not its bare one.
function saysWhichRule(error: ApiError): boolean {
  const body = error.body;
  const worded = typeof body === 'object' && body !== null && 'message' in body;
  return worded && error.message !== 'This action is unauthorized.';
}

const GENERIC_MESSAGE = 'The request could not be completed. Check what you entered and try again.';

// For an answer that carries nothing but its status (a route's loader that threw a Response).
export const messageForStatus = (status: number): string => errorMessage(new ApiError(status, '', undefined));

// The per-field messages of a 422, for forms to show under their fields; none for any other failure.
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return error instanceof ValidationError ? error.fields : {};
}
