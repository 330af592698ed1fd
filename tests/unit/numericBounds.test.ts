import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as ZodTypeProvider from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import {
  holdsTwoDecimals,
  isWholeCents,
  MAX_DOLLARS,
  MAX_INT,
  moneyAmount,
  positiveId,
} from '../../src/api/schemas/numbers';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { integerOf } from '../../src/server/http/openapi/integerParameters';
import type { Db } from '../../src/server/store/db';

// Every number a request carries is bounded (issue 21 item 9): each number field of every route's params,
// query and body has a lower and an upper bound within what an integer column holds, and is a whole number
// or a number held to the whole-cents rule (src/api/schemas/numbers.ts). Path and query text that a route
// reads as a number counts too. The schemas are taken from the route table as the server is built, so a
// new route or field cannot slip past.

type Part = 'params' | 'querystring' | 'body';
const captured = vi.hoisted(() => new Map<string, Partial<Record<string, unknown>>>());

vi.mock('fastify-type-provider-zod', async (original) => {
  const real = await original<typeof ZodTypeProvider>();
  return {
    ...real,
    validatorCompiler: ((route) => {
      const parts = captured.get(`${route.method} ${route.url}`) ?? {};
      parts[route.httpPart as string] = route.schema;
      captured.set(`${route.method} ${route.url}`, parts);
      return real.validatorCompiler(route);
    }) satisfies typeof real.validatorCompiler,
  };
});

interface NumberField {
  at: string;
  schema: z.ZodType;
  // A JSON number, or text (a path or query value) that the schema reads as a number.
  kind: 'number' | 'text';
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Record<string, unknown> & { type: string };

// Types that hold no number at any depth.
const LEAVES = new Set([
  'string',
  'boolean',
  'enum',
  'literal',
  'null',
  'undefined',
  'unknown',
  'any',
  'never',
  'void',
  'date',
  'file',
  'template_literal',
  'transform',
  'custom',
  'nan',
]);
// Types that wrap one schema.
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'];

// Text that the schema parses into a number: "1" → 1.
function readsTextAsNumber(schema: $ZodType): boolean {
  const result = z.safeParse(schema as z.ZodType, '1');
  return result.success && typeof result.data === 'number';
}

function numberFields(schema: $ZodType, at: string, out: NumberField[] = [], seen = new Set()) {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, where: string) => numberFields(child as $ZodType, where, out, seen);
  if (def.type === 'number' || def.type === 'bigint')
    out.push({ at, schema: schema as z.ZodType, kind: 'number' });
  else if (LEAVES.has(def.type)) return out;
  else if (WRAPPERS.includes(def.type)) walk(def.innerType, at);
  else if (def.type === 'object') {
    for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
      walk(child, `${at}.${key}`);
    if (def.catchall) walk(def.catchall, `${at}.*`);
  } else if (def.type === 'array' || def.type === 'set') walk(def.element ?? def.valueType, `${at}[]`);
  else if (def.type === 'union') (def.options as unknown[]).forEach((o, i) => walk(o, `${at}|${i}`));
  else if (def.type === 'intersection') [def.left, def.right].forEach((o) => walk(o, at));
  else if (def.type === 'record' || def.type === 'map') {
    walk(def.keyType, `${at}.<key>`);
    walk(def.valueType, `${at}.*`);
  } else if (def.type === 'tuple') {
    (def.items as unknown[]).forEach((o, i) => walk(o, `${at}[${i}]`));
    if (def.rest) walk(def.rest, `${at}[]`);
  } else if (def.type === 'lazy') walk((def.getter as () => unknown)(), at);
  else if (def.type === 'pipe') {
    const from = defOf(def.in as $ZodType).type;
    if (from === 'string' && readsTextAsNumber(schema))
      out.push({ at, schema: schema as z.ZodType, kind: 'text' });
    walk(def.in, at);
    walk(def.out, at);
  } else throw new Error(`${at}: a ${def.type} schema, which this walk does not know how to enter`);
  return out;
}

// What is wrong with a number field's bounds, or null.
function boundsProblem(field: NumberField): string | null {
  if (field.kind === 'text') {
    const integer = integerOf(field.schema);
    if (!integer) return 'text read as a number that is not a plain whole number';
    if (integer.maximum === undefined || integer.maximum > MAX_INT)
      return 'text read as a number with no maximum';
    return null;
  }
  if (defOf(field.schema).type === 'bigint') return 'a bigint';
  const number = field.schema as z.ZodNumber;
  // z.number().int() alone says "a safe integer": ±2^53, no bound of the business's.
  if ((number.minValue ?? -Infinity) < -MAX_INT) return 'no minimum';
  if ((number.maxValue ?? Infinity) > MAX_INT) return 'no maximum';
  const whole = number.isInt;
  if (!whole && !holdsTwoDecimals(field.schema)) return 'a decimal without the whole-cents rule';
  return null;
}

const problemsOf = (schema: $ZodType) =>
  numberFields(schema, 'body').flatMap((f) => {
    const problem = boundsProblem(f);
    return problem ? [`${f.at}: ${problem}`] : [];
  });

describe('the bounds of every number a request carries', () => {
  let built: BuiltApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'numeric-bounds-'));
  const fields = () =>
    built.routes.flatMap((route) =>
      Object.entries(captured.get(`${route.method} ${route.url}`) ?? {}).flatMap(([part, schema]) =>
        numberFields(schema as $ZodType, `${route.method} ${route.url} ${part as Part}`),
      ),
    );

  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ACCESS_TOKEN_SECRET: 'numeric-bounds-'.repeat(4),
      DEMO_PASSWORD: 'numeric-bounds',
    });
    // Routes and their schemas are set up without a query: no database is needed to list them.
    built = await buildApp({ config, db: {} as Db, distDir: dataDir, logger: false });
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the routes and their number fields, money among them', () => {
    expect(built.routes.length).toBeGreaterThan(150);
    expect(captured.size).toBeGreaterThan(100);
    const found = fields();
    const at = (suffix: string) => found.filter((f) => f.at.endsWith(suffix));
    expect(found.length).toBeGreaterThan(100);
    expect(at('/overrides body.data.amount').length).toBeGreaterThan(0);
    expect(at('/:id/coverage body.coverage.contents.amount').length).toBeGreaterThan(0);
    expect(at('/commission-statements querystring.filter.minAmount').length).toBeGreaterThan(0);
    expect(found.some((f) => f.kind === 'text' && f.at.endsWith('params.entityId'))).toBe(true);
  });

  it('gives every one of them a minimum and a maximum, and whole numbers or whole cents', () => {
    const problems = fields().flatMap((field) => {
      const problem = boundsProblem(field);
      return problem ? [`${field.at}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('tells a bounded field from one that is not', () => {
    expect(problemsOf(z.object({ n: z.number() }))).toEqual(['body.n: no minimum']);
    expect(problemsOf(z.object({ n: z.number().int().min(1) }))).toEqual(['body.n: no maximum']);
    expect(problemsOf(z.object({ n: z.array(z.number().min(0).max(5)) }))).toEqual([
      'body.n[]: a decimal without the whole-cents rule',
    ]);
    expect(problemsOf(z.object({ n: z.coerce.number().int().max(5) }).partial())).toEqual([
      'body.n: no minimum',
    ]);
    expect(problemsOf(z.object({ id: z.string().regex(/^\d+$/).transform(Number) }))).toEqual([
      'body.id: text read as a number with no maximum',
    ]);
    expect(problemsOf(z.object({ a: moneyAmount().nullable(), id: positiveId().optional() }))).toEqual([]);
  });
});

describe('the whole-cents rule', () => {
  it('takes the amounts a person writes and refuses what would be rounded', () => {
    for (const ok of [0, 1, 12.5, 12.05, 0.3, 0.01, -0.01, 99.99, 1250e-2, MAX_DOLLARS, 21_474_836.47]) {
      expect(isWholeCents(ok), String(ok)).toBe(true);
    }
    for (const bad of [1e-9, 1.0000000001, 0.1 + 0.2, 0.001, 12.345, -0.005, NaN, Infinity, 5e-324]) {
      expect(isWholeCents(bad), String(bad)).toBe(false);
    }
  });

  it('holds every whole-cent amount in range, and its cents are exact', () => {
    const maxCents = MAX_DOLLARS * 100;
    fc.assert(
      fc.property(fc.integer({ min: -maxCents, max: maxCents }), (c) => {
        const dollars = c / 100;
        expect(isWholeCents(dollars)).toBe(true);
        expect(Math.round(dollars * 100)).toBe(c);
        // What a client writes and the server reads back.
        expect(JSON.parse(JSON.stringify(dollars))).toBe(dollars);
      }),
    );
  });

  it('refuses any amount with a third decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_DOLLARS, max: MAX_DOLLARS }),
        fc.integer({ min: 1, max: 999 }).filter((mills) => mills % 10 !== 0),
        (dollars, mills) => {
          expect(isWholeCents(dollars + Math.sign(dollars || 1) * (mills / 1000))).toBe(false);
        },
      ),
    );
  });
});
