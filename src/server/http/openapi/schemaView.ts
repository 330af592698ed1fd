import { html, prose, type Html } from './html';

// A JSON Schema (as the OpenAPI document holds it) shown as a readable tree: each property with its type,
// whether it is required, its enum values, format and bounds, and what it holds, nested.

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  contentMediaType?: string;
  readOnly?: boolean;
};

export type ResolveRef = (ref: string) => Schema | undefined;

// Deeper than any wire schema nests; stops a self-referring schema from rendering forever.
const MAX_DEPTH = 12;

// A request names what the caller must send; an answer holds nearly every field, so there the exceptions,
// the optional ones, are marked instead.
export type Direction = 'request' | 'response';

interface Context {
  resolve: ResolveRef;
  direction: Direction;
  depth: number;
  refs: readonly string[];
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;

const isNull = (s: Schema) => s.type === 'null' || (s.const === null && !s.type);

// anyOf [X, null] is "X, nullable"; anything else stays a choice.
function splitNullable(schema: Schema): { schema: Schema; nullable: boolean } {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length === 2 && choices.some(isNull)) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return { schema: { ...rest, ...choices.find((c) => !isNull(c))! }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length === 2) {
    return { schema: { ...schema, type: schema.type.find((t) => t !== 'null') }, nullable: true };
  }
  return { schema, nullable: false };
}

interface Unwrapped {
  s: Schema;
  nullable: boolean;
  // The component's name, where the schema is a reference to one.
  name?: string;
  cycle: boolean;
  // The context for what the schema holds: one level deeper, with the references passed through.
  inner: Context;
}

// A schema with its reference followed and its nullability taken apart, whichever comes first.
function unwrap(raw: Schema, ctx: Context): Unwrapped {
  let schema = raw;
  let nullable = false;
  let name: string | undefined;
  const refs = [...ctx.refs];
  for (let step = 0; step < 4; step++) {
    if (schema.$ref) {
      const ref = schema.$ref;
      name = refName(ref);
      if (refs.includes(ref)) return { s: {}, nullable, name, cycle: true, inner: ctx };
      refs.push(ref);
      const { $ref: _ref, ...siblings } = schema;
      schema = { ...(ctx.resolve(ref) ?? {}), ...siblings };
      continue;
    }
    const split = splitNullable(schema);
    if (!split.nullable) break;
    nullable = true;
    schema = split.schema;
  }
  return { s: schema, nullable, name, cycle: false, inner: { ...ctx, depth: ctx.depth + 1, refs } };
}

const json = (value: unknown) => JSON.stringify(value);

function typeLabel(raw: Schema, ctx: Context): string {
  const { s, name, cycle, inner } = unwrap(raw, ctx);
  if (cycle) return name ?? 'object';
  if (s.const !== undefined) return `constant ${json(s.const)}`;
  if (s.anyOf ?? s.oneOf) return 'one of';
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (type === 'array') return s.items ? `array of ${typeLabel(s.items, inner)}` : 'array';
  if (type === 'object' || s.properties) {
    if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
      return `map of ${typeLabel(s.additionalProperties, inner)}`;
    }
    return name ?? 'object';
  }
  if (!type) return s.allOf ? 'all of' : (name ?? 'any');
  const format = s.format ?? (s.contentMediaType ? 'binary' : undefined);
  return format ? `${type} (${format})` : type;
}

// zod writes the safe-integer range on every integer; it says nothing to a reader.
const SAFE = Number.MAX_SAFE_INTEGER;

function bounds(s: Schema): string[] {
  const out: string[] = [];
  if (s.minLength !== undefined && s.maxLength !== undefined)
    out.push(s.minLength === s.maxLength ? `${s.minLength} chars` : `${s.minLength}–${s.maxLength} chars`);
  else if (s.maxLength !== undefined) out.push(`≤ ${s.maxLength} chars`);
  else if (s.minLength !== undefined && s.minLength > 0) out.push(`≥ ${s.minLength} chars`);
  if (s.minimum !== undefined && s.minimum !== -SAFE) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined && s.maximum !== SAFE) out.push(`≤ ${s.maximum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`< ${s.exclusiveMaximum}`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`≥ ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`≤ ${s.maxItems} items`);
  return out;
}

// The tags beside a type: nullable, read-only, bounds.
function tags(raw: Schema, ctx: Context): Html {
  const { s, nullable } = unwrap(raw, ctx);
  return html`${nullable ? html`<span class="tag tag-null">nullable</span>` : ''}${
    s.readOnly ? html`<span class="tag">read-only</span>` : ''
  }${bounds(s).map((b) => html`<span class="bound">${b}</span>`)}`;
}

// The lines below a type: enum values, pattern, default, example.
function facts(raw: Schema, ctx: Context): Html {
  const { s } = unwrap(raw, ctx);
  const values = s.enum
    ? html`<div class="fact">One of ${s.enum.map((v) => html`<code>${json(v)}</code> `)}</div>`
    : '';
  // A format (date, email, uuid) says what zod's long pattern for it says.
  const pattern =
    s.pattern && !s.format ? html`<div class="fact">Pattern <code>${s.pattern}</code></div>` : '';
  const fallback =
    s.default !== undefined ? html`<div class="fact">Default <code>${json(s.default)}</code></div>` : '';
  const example = s.examples?.length
    ? html`<div class="fact">Example <code>${json(s.examples[0])}</code></div>`
    : '';
  return html`${values}${pattern}${fallback}${example}`;
}

function description(raw: Schema, ctx: Context): Html | '' {
  const { s } = unwrap(raw, ctx);
  const text = raw.description ?? s.description;
  return text ? html`<div class="desc">${prose(text)}</div>` : '';
}

// One line of the tree: name and required mark (for a property), type and facts, then what it holds.
function entry(raw: Schema, ctx: Context, head: Html | ''): Html {
  return html`<div class="prop-head">
      ${head}<span class="type">${typeLabel(raw, ctx)}</span>${tags(raw, ctx)}
    </div>
    ${description(raw, ctx)}${facts(raw, ctx)}${children(raw, ctx)}`;
}

// What a schema holds below its own line: properties, array items, map values, choices.
function children(raw: Schema, ctx: Context): Html | '' {
  if (ctx.depth > MAX_DEPTH) return '';
  const { s, cycle, inner } = unwrap(raw, ctx);
  if (cycle) return html`<p class="note">Refers to itself.</p>`;
  const choices = s.anyOf ?? s.oneOf;
  if (choices) {
    return html`<ol class="choices">
      ${choices.map((choice) => html`<li class="choice">${entry(choice, inner, '')}</li>`)}
    </ol>`;
  }
  if (s.allOf) return html`${s.allOf.map((part) => children(part, inner))}`;
  if (s.properties) return propertyList(s, inner);
  if (s.items) return children(s.items, inner);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    return children(s.additionalProperties, inner);
  }
  return '';
}

function propertyList(s: Schema, ctx: Context): Html {
  const required = new Set(s.required ?? []);
  const entries = Object.entries(s.properties ?? {});
  if (entries.length === 0) return html`<p class="note">An empty object.</p>`;
  // Only the exception is marked: the page lists thousands of properties.
  const mark = (name: string) => {
    if (ctx.direction === 'request') {
      return required.has(name) ? html`<span class="tag tag-required">required</span>` : '';
    }
    return required.has(name) ? '' : html`<span class="tag tag-optional">optional</span>`;
  };
  return html`<ul class="props">
    ${entries.map(
      ([name, prop]) =>
        html`<li class="prop">
          ${entry(prop, ctx, html`<code class="prop-name">${name}</code>${mark(name)}`)}
        </li>`,
    )}
  </ul>`;
}

// A parameter's cell: its type line and facts, and for an object (a bracket-style query) what it holds.
export function typeCell(schema: Schema, resolve: ResolveRef): Html {
  const ctx: Context = { resolve, direction: 'request', depth: 0, refs: [] };
  return html`<span class="type">${typeLabel(schema, ctx)}</span
    >${tags(schema, ctx)}${facts(schema, ctx)}${children(schema, ctx)}`;
}

// The whole view of one schema: its type line, then what it holds.
export function schemaView(schema: Schema, resolve: ResolveRef, direction: Direction): Html {
  return html`<div class="schema">${entry(schema, { resolve, direction, depth: 0, refs: [] }, '')}</div>`;
}
