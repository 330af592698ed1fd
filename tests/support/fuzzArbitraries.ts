import fc from 'fast-check';
import qs from 'qs';

// fast-check arbitraries for request fuzzing, derived from a route's zod schemas through z.toJSONSchema (io
// "input"): values shaped like what the schema accepts, so requests get past the first check and reach the
// handler, and mutations of them (wrong types, missing and extra keys, hostile strings, odd numbers, deep
// nesting) that must all be refused with a 4xx.

// The subset of JSON Schema that z.toJSONSchema emits for this API's request schemas.
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

// JSON text that JSON.stringify cannot produce (1e309, -0, integers past 2^53): spliced in verbatim.
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const marker = `@@raw-${Math.random().toString(36).slice(2)}-`;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) return `${marker}${raws.push(v.text) - 1}`;
    return v;
  });
  return raws.length
    ? text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_m, i: string) => raws[+i]!)
    : text;
}

// An object with an own enumerable key, even `__proto__`, which plain assignment would turn into a prototype.
function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target)) {
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

export const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "'; DROP TABLE events; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  "%' AND 1=0 UNION SELECT null, version() --",
  '\\',
  "'",
];
export const SCRIPT_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
];
export const PATH_PAYLOADS = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f',
  '....//',
];
export const UNICODE_PAYLOADS = [
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone \udfff low',
  '\u202eevil\u202c',
  'zero\u200bwidth\u200d\ufeff',
  'שלום عالم',
  '𝕳𝖆𝖗𝖇𝖔𝖗 🐶🐱',
  'e\u0301\u0301\u0301',
  '\r\n\t\u000b\u000c',
  '',
  ' ',
];
export const NUMBERISH_STRINGS = [
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '1_000',
  ' 1',
  '+1',
  '1.0',
  '00001',
  '١٢٣',
  '-1',
  '9999999999999999999',
];
const HOSTILE_STRINGS = [
  ...SQL_PAYLOADS,
  ...SCRIPT_PAYLOADS,
  ...PATH_PAYLOADS,
  ...UNICODE_PAYLOADS,
  ...NUMBERISH_STRINGS,
];
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  // Long text well past any field's limit, still far below the 1 MiB body limit.
  { arbitrary: fc.constantFrom('x'.repeat(70_000), '€'.repeat(20_000), '\u0000'.repeat(5_000)), weight: 1 },
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE, 5e-324),
  fc.constantFrom(
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('-0'),
    new RawJson('1e-400'),
    new RawJson('9007199254740993'),
    new RawJson('123456789012345678901234567890'),
  ),
  fc.integer(),
  fc.double(),
);

// A tree nested far deeper than any schema, to catch recursion that is not bounded. Written as JSON text, so
// that building and sending it recurses nowhere on this side.
const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 5_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(depth)}0${']'.repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`),
  );

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS).map((k) => withKey({}, k, { polluted: true })), weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...PROTOTYPE_KEYS,
    '',
    'a.b',
    '0',
    'data[0]',
    ...SQL_PAYLOADS.slice(0, 2),
    '\ud800',
    '\u0000',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);

function patternString(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // fast-check cannot generate from every regex (lookarounds, back references).
    return null;
  }
}

const SAFE_INT = Number.MAX_SAFE_INTEGER;

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(
    -SAFE_INT,
    schema.minimum ??
      (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : -1_000),
  );
  const max = Math.min(
    SAFE_INT,
    schema.maximum ??
      (schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : 1_000_000),
  );
  if (min > max) return fc.constant(min);
  // Mostly small values, which hit the few records a test server has (ids 1..30), sometimes the full range.
  return fc.oneof(
    { arbitrary: fc.integer({ min, max: Math.min(max, min + 30) }), weight: 3 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  return fc.double({
    min,
    max,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'date-time' || schema.format === 'datetime') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'uri') return fc.webUrl();
  // Id parameters (integerParam): mostly the small ids that exist on a test server.
  if (schema.pattern && /^\^\\d\{\d+,\d+\}\$$/.test(schema.pattern)) {
    return integerArbitrary({ minimum: 0, maximum: 999_999_999 }).map(String);
  }
  const fromPattern = schema.pattern ? patternString(schema.pattern) : null;
  if (fromPattern) return fromPattern;
  if (schema.format === 'email') return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 80));
  return fc.string({ unit: 'grapheme', minLength, maxLength });
}

function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) model[key] = shapedLike(child, depth + 1);
  const required = (schema.required ?? []).filter((k) => k in properties);
  const record = fc.record(model, { requiredKeys: required });
  if (Object.keys(properties).length || !schema.additionalProperties) return record;
  // A record schema (z.record): a few keys of its own.
  const values =
    schema.additionalProperties === true ? fc.string() : shapedLike(schema.additionalProperties, depth + 1);
  const keys = schema.propertyNames ? stringArbitrary(schema.propertyNames) : fc.string({ maxLength: 12 });
  return fc.dictionary(keys, values, { maxKeys: 4 });
}

// A value of the schema's shape. It is not always valid (refinements and cross-field rules are not in the JSON
// Schema), but it has the right types and keys, so most of it gets past the schema to the handler.
export function shapedLike(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => shapedLike(c, depth + 1)));
  if (schema.allOf?.length) return shapedLike(schema.allOf[0]!, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => shapedLike({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? shapedLike(schema.items, depth + 1) : fc.string(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      // {} (anything): a transform or preprocess zod could not describe.
      return fc.oneof(fc.constant(undefined), fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

type Path = (string | number)[];

// Every place in a value that a mutation can hit: the root and each nested key or index.
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (prefix.length > 6) return out;
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  }
  return out;
}

// The value with the node at `path` replaced (undefined deletes an object key).
function replaceAt(value: unknown, path: Path, make: (node: unknown) => unknown): unknown {
  if (!path.length) return make(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, make);
    return copy;
  }
  const record = value as Record<string, unknown>;
  const next = replaceAt(record[head as string], rest, make);
  const copy = Object.fromEntries(Object.entries(record).filter(([k]) => k !== head));
  return next === undefined ? copy : withKey(copy, head as string, next);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawJson);

// A valid-shaped value broken in one or two places.
export function mutationOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const once = (value: unknown): fc.Arbitrary<unknown> => {
    const paths = pathsOf(value);
    const objectPaths = paths.filter((p) =>
      isPlainObject(p.reduce<unknown>((v, k) => (v as never)[k], value)),
    );
    return fc.oneof(
      // Any node replaced by a hostile value of any type.
      fc
        .tuple(fc.constantFrom(...paths), hostileValue)
        .map(([path, bad]) => replaceAt(value, path, () => bad)),
      // A key removed (required or not).
      paths.length > 1
        ? fc.constantFrom(...paths.slice(1)).map((path) => replaceAt(value, path, () => undefined))
        : fc.constant(undefined),
      // An unexpected key, prototype keys included.
      objectPaths.length
        ? fc
            .tuple(fc.constantFrom(...objectPaths), hostileKey, hostileValue)
            .map(([path, key, bad]) =>
              replaceAt(value, path, (node) => withKey(node as Record<string, unknown>, key, bad)),
            )
        : hostileValue,
    );
  };
  return shapedLike(schema)
    .chain(once)
    .chain((value) =>
      fc.oneof({ arbitrary: fc.constant(value), weight: 3 }, { arbitrary: once(value), weight: 1 }),
    );
}

// Valid-shaped or mutated, mostly mutated: the fuzz input of one part of a request.
export function fuzzValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: shapedLike(schema), weight: 2 },
    { arbitrary: mutationOf(schema), weight: 3 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

// A value as a query can carry it: strings at the leaves (raw JSON as its text), nesting cut short (qs reads
// three levels), no undefined.
function queryValue(value: unknown, depth: number): unknown {
  if (value instanceof RawJson) return value.text.slice(0, 2_000);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return 'deep';
  if (Array.isArray(value)) return value.map((item) => queryValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined)
      Object.defineProperty(out, key, { value: queryValue(item, depth + 1), enumerable: true });
  }
  return out;
}

// A query string (without "?") in the bracket style the server parses with qs. A query that is not an
// object becomes the value of an empty key.
export function queryText(value: unknown): string {
  if (value === undefined || value === null) return '';
  const plain = queryValue(value, 0);
  return qs.stringify(isPlainObject(value) ? plain : { '': plain }, { arrayFormat: 'brackets' });
}

// UTF-8 percent-encoding of anything, lone surrogates included (encodeURIComponent throws on those).
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

// Path segments that are already encoded, some of them malformed on purpose.
const RAW_SEGMENTS = [
  '%',
  '%E0%A4%A',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F',
  '%C0%AE%C0%AE',
  '%uD800',
];

// One path parameter: usually of the schema's shape (so the body is checked too) or the id of a record on
// the server (so the handler runs on it), sometimes hostile.
export function pathSegment(schema: JsonSchema, known: readonly string[] = []): fc.Arbitrary<string> {
  const asText = (v: unknown) => (typeof v === 'string' ? v : toJsonText(v));
  const digits = !!schema.pattern && /^\^\\d/.test(schema.pattern);
  const fitting = known.filter((id) =>
    digits ? /^\d+$/.test(id) : schema.format === 'uuid' ? /^[0-9a-f-]{36}$/i.test(id) : true,
  );
  const hostile = fc.oneof(
    hostileString.filter((s) => s.length > 0 && s.length < 3_000),
    fc.constantFrom(...NUMBERISH_STRINGS),
  );
  return fc.oneof(
    { arbitrary: shapedLike(schema).map((v) => percentEncode(asText(v))), weight: 3 },
    {
      arbitrary: fitting.length ? fc.constantFrom(...fitting).map(percentEncode) : fc.constant('1'),
      weight: 3,
    },
    { arbitrary: hostile.map(percentEncode), weight: 2 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
  );
}
