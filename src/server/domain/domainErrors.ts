import type { ZodError } from 'zod';
import { DEFAULT_VALIDATION_MESSAGE } from '../../api/schemas/errors';

// What the domain answers when it will not do what it was asked. The domain knows nothing of HTTP: the
// HTTP layer alone (src/server/http/errors.ts) turns each kind into its status and SPEC §5/§8's JSON.
export type DomainErrorKind = 'refused' | 'conflict' | 'notFound' | 'invalid' | 'forbidden';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

// A business rule says no: the record's state does not allow the action, the entity has no verified bank
// account, the policy cannot be rewritten.
export class Refused extends DomainError {
  readonly kind = 'refused';
  constructor(message: string) {
    super(message);
    this.name = 'Refused';
  }
}

// What the caller acted on has changed since it was read: a stale preview, a policy changed since its
// quote. Reloading and trying again may succeed.
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  constructor(message: string) {
    super(message);
    this.name = 'Conflict';
  }
}

// The record does not exist, or lies outside what the caller may see (which is told the same way).
export class NotFound extends DomainError {
  readonly kind = 'notFound';
  constructor(message: string) {
    super(message);
    this.name = 'NotFound';
  }
}

export const notFound = (what = 'record') => new NotFound(`The ${what} was not found.`);

// The caller may see the record but may not do this to it.
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'This action is unauthorized.') {
    super(message);
    this.name = 'Forbidden';
  }
}

// The input breaks a rule of its fields: the messages by field, and the message of the whole.
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  constructor(
    readonly fields: Record<string, string[]>,
    message = DEFAULT_VALIDATION_MESSAGE,
  ) {
    super(message);
    this.name = 'Invalid';
  }
}

// A refusal or a conflict: the action did not happen because of the record's state, as a lost race or a
// step that moved on also shows itself.
export function isRefusalOrConflict(error: unknown): error is Refused | Conflict {
  return error instanceof Refused || error instanceof Conflict;
}

export type Issue = {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
  // A union none of whose shapes matched: each shape's issues, paths relative to the union.
  errors?: readonly (readonly Issue[])[];
};

// The issues of the union's shape the value came closest to (the first on a tie), at the
// union's place: a body in one of several accepted shapes is told what is wrong with the shape it used,
// rather than "Invalid input".
function closestShape(union: Issue): Issue[] {
  const shapes = (union.errors ?? []).filter((issues) => issues.length > 0);
  if (shapes.length === 0) return [union];
  // A shape of another type altogether (an object where a number is one shape) is the farthest, then one
  // that does not know keys the value has (the value names its shape by its keys), then the one with more
  // issues; among as many, the one whose issues lie deeper matched more of the value.
  const distance = (issues: readonly Issue[]) =>
    issues.reduce(
      (sum, i) =>
        sum +
        (i.path.length === 0 && i.code === 'invalid_type'
          ? 10_000
          : i.code === 'unrecognized_keys'
            ? 100 * (i.keys?.length ?? 1)
            : 1 + 1 / (i.path.length + 1)),
      0,
    );
  const best = shapes.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  return best
    .map((issue) => ({ ...issue, path: [...union.path, ...issue.path] }))
    .flatMap((issue) => (issue.code === 'invalid_union' ? closestShape(issue) : [issue]));
}

// Field key of an issue: the dotted path, or the offending key of an unknown property.
export function fieldErrors(issues: readonly Issue[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  // Field names come from the request ("toString", "constructor" as unknown keys): only own entries count,
  // and defineProperty keeps a "__proto__" field an ordinary key.
  const add = (field: string, message: string) => {
    if (Object.hasOwn(out, field)) out[field]!.push(message);
    else
      Object.defineProperty(out, field, {
        value: [message],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  };
  const flat = issues.flatMap((issue) => (issue.code === 'invalid_union' ? closestShape(issue) : [issue]));
  for (const issue of flat) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, `The ${key} field is not allowed.`);
    } else {
      add(path || '_', issue.message);
    }
  }
  return out;
}

export function zodFailure(error: ZodError, prefix = ''): Invalid {
  return new Invalid(fieldErrors(error.issues as unknown as Issue[], prefix));
}
