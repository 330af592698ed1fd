import { z } from 'zod';

// The numbers a request may carry, each with bounds taken from what stores it: ids, versions and counts are
// whole numbers that fit a PostgreSQL integer column; money is dollars in whole cents that fit the integer
// cents columns. Every number field of a request schema is built here or bounded as tightly by hand
// (tests/unit/numericBounds.test.ts walks every route and fails on one that is not).

// The largest value of a PostgreSQL integer column (int4): ids, stream versions, integer cents.
export const MAX_INT = 2_147_483_647;
// Dollars a request may name. Amounts are kept as integer cents, and an integer column holds at most
// $21,474,836.47; ten million is past any premium, coverage limit, commission or override the business
// writes, with room for sums of them.
export const MAX_DOLLARS = 10_000_000;

// The whole-cents rule. A JSON number is parsed into a double before any check sees it, so the rule is
// about that double: its shortest decimal form, the one JSON.stringify and String() write (ECMAScript
// Number::toString, which reads back as the same double), may have at most two digits after the point.
// - 12.5, 12.50 and 1250e-2 all parse to the double written "12.5": accepted, 1250 cents.
// - 0.1 + 0.2 computed by a client is 0.30000000000000004 and is written so: refused, not rounded to 0.30.
// - 1e-9 is written "1e-9" and 1.0000000001 as itself: refused, where rounding made them 0.00 and 1.00.
// - Digits past a double's precision (about 17 significant) are gone before the server reads the number:
//   0.30000000000000001 is the same double as 0.3, and so is taken as 0.30. A query string is read with
//   Number() and held to the same rule.
// For a number that passes, Math.round(n * 100) is exactly its cents within ±MAX_DOLLARS.
const CENTS_TEXT = /^-?\d+(\.\d{1,2})?$/;
export const isWholeCents = (n: number): boolean => Number.isFinite(n) && CENTS_TEXT.test(String(n));

// Numbers with at most two decimals: the whole-cents rule above. Kept so a test can tell a decimal field
// that holds the rule from one that does not.
const twoDecimalSchemas = new WeakSet<z.ZodType>();
export const holdsTwoDecimals = (schema: z.ZodType): boolean => twoDecimalSchemas.has(schema);

export interface NumberBounds {
  min: number;
  max: number;
  // What the field is, for its messages: "The amount", "The pay multiplier".
  what?: string;
}

const shown = (n: number, unit: string) => `${n < 0 ? '-' : ''}${unit}${Math.abs(n).toLocaleString('en-US')}`;
const between = ({ min, max, what }: NumberBounds, unit = '') =>
  `${what ?? 'This field'} must be between ${shown(min, unit)} and ${shown(max, unit)}.`;

// A type error names the field; a missing value keeps the shared "This field is required." (messages.ts).
const notA = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? undefined : message;

// A whole number from min to max.
export function wholeNumber(bounds: NumberBounds) {
  const what = bounds.what ?? 'This field';
  const range = between(bounds);
  return z
    .number({ error: notA(`${what} must be a whole number.`) })
    .int({ error: `${what} must be a whole number.` })
    .min(bounds.min, { error: range })
    .max(bounds.max, { error: range });
}

// A record's id (a user, an entity, a role, a statement): the ids are integer columns from 1 on.
export const positiveId = (what = 'The id') => wholeNumber({ min: 1, max: MAX_INT, what });

// The version of a record the client last saw (a stale one is 409): versions count from 1 in an integer column.
export const recordVersion = (what = 'The version') => wholeNumber({ min: 1, max: MAX_INT, what });

// A whole percentage.
export const percentage = (what = 'The percentage', min = 0) => wholeNumber({ min, max: 100, what });

export interface DecimalOptions extends Partial<NumberBounds> {
  // Zero is not an amount (an override of nothing).
  nonZero?: boolean;
  // The message for a number with more than two decimals.
  decimalsError?: string;
  // Put before the bounds in the range message: '$' for dollars.
  unit?: string;
}

// A number with at most two decimals (dollars to the cent, a percent to the basis point) within bounds.
// Optional, nullable and default wrap it; a further refine would make a schema the check above cannot see,
// so what a field needs is an option here.
function withTwoDecimals<S extends z.ZodNumber | z.ZodCoercedNumber>(base: S, options: DecimalOptions): S {
  const { min = 0, max = MAX_DOLLARS, what = 'The amount' } = options;
  const range = between({ min, max, what }, options.unit);
  let schema = base
    .min(min, { error: range })
    .max(max, { error: range })
    .refine(isWholeCents, { error: options.decimalsError ?? `${what} must be in whole cents.` });
  if (options.nonZero) schema = schema.refine((n) => n !== 0, { error: `${what} may not be zero.` });
  twoDecimalSchemas.add(schema);
  return schema as S;
}

const typeError = (options: DecimalOptions) => notA(`${options.what ?? 'The amount'} must be a number.`);

export const twoDecimalNumber = (options: DecimalOptions = {}) =>
  withTwoDecimals(z.number({ error: typeError(options) }), options);

// Dollars in whole cents, from 0 to MAX_DOLLARS unless the field says otherwise.
export const moneyAmount = (options: DecimalOptions = {}) => twoDecimalNumber({ unit: '$', ...options });

// Plain decimal text: digits, an optional minus and decimal point. Number() alone also reads "0x10" as 16,
// "0b11" as 3, "1e3" as 1000, "Infinity", and "" or spaces as 0; such text is not an amount.
const DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)$/;

// Dollars in whole cents read from a query string (or a filter sent in a body as text, as the portal's
// forms do, or as a JSON number): text must be a plain decimal, then it is read with Number() and held to the
// same rule. Other text is refused as not a number.
export const moneyFilter = (options: DecimalOptions = {}) =>
  z.preprocess(
    (value) => (typeof value === 'string' && !DECIMAL_TEXT.test(value.trim()) ? Number.NaN : value),
    withTwoDecimals(z.coerce.number({ error: typeError(options) }), { unit: '$', ...options }),
  );
