import { safeParse, type $ZodType } from 'zod/v4/core';

// Path ids travel as text and their zod schemas parse them into numbers (src/api/schemas/params.ts). Converted
// as requests, those schemas say only "a string matching ^\d{1,9}$", though a client sends a number. The
// reference describes such a parameter as the integer the server takes, with the bounds it enforces, found by
// asking the route's own parser rather than by reading its regex: whatever the pattern, the description says
// what the server accepts.

interface IntegerSchema {
  type: 'integer';
  minimum: number;
  maximum?: number;
}

// More digits than this are past every id column (and past exact doubles).
const MAX_DIGITS = 15;

const accepts = (schema: $ZodType, text: string) => safeParse(schema, text).success;

// The integer a path parameter's schema parses, or null when it parses text into anything else. It must
// turn "1" into the number 1 and refuse what no integer parameter may be (a sign, a fraction, an exponent,
// spaces); its minimum is 0 or 1, as it takes "0" or not, and its maximum is the largest run of nines it
// takes, when it refuses the next power of ten.
export function integerOf(schema: $ZodType): IntegerSchema | null {
  const one = safeParse(schema, '1');
  if (!one.success || one.data !== 1) return null;
  if (['-1', '+1', '1.5', '1e3', ' 1', '1 ', '0x1', ''].some((text) => accepts(schema, text))) return null;
  const integer: IntegerSchema = { type: 'integer', minimum: accepts(schema, '0') ? 0 : 1 };
  for (let digits = 1; digits < MAX_DIGITS; digits++) {
    if (!accepts(schema, '9'.repeat(digits))) break;
    if (!accepts(schema, `1${'0'.repeat(digits)}`)) {
      integer.maximum = 10 ** digits - 1;
      break;
    }
  }
  return integer;
}

type JsonObject = { properties?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

// The route's converted `params` with each integer parameter described as one. `zodParams` is the route's
// params schema as written (a z.object), `converted` its JSON Schema.
export function withIntegerParameters(zodParams: unknown, converted: unknown): unknown {
  const shape = (zodParams as { shape?: Record<string, $ZodType> } | undefined)?.shape;
  const json = converted as JsonObject | undefined;
  if (!shape || !json?.properties) return converted;
  const properties = { ...json.properties };
  for (const [name, schema] of Object.entries(shape)) {
    const integer = properties[name] && integerOf(schema);
    if (!integer) continue;
    // The string's pattern describes the text, which the integer now stands for.
    const { type: _type, pattern: _pattern, ...rest } = properties[name]!;
    properties[name] = { ...rest, ...integer };
  }
  return { ...json, properties };
}
