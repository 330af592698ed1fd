import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, type Issue } from '../../src/server/domain/domainErrors';

// A body accepted in several shapes (an address as SPEC's model or its wire block, an id as a bare number or
// inside data) is told what is wrong with the shape it used, not "Invalid input" at the union.
const Model = z.strictObject({
  line_1: z.string().min(1, { error: 'Line 1 is required.' }),
  zip_code: z.string(),
});
const Block = z.strictObject({
  address_1: z.string().min(1, { error: 'Address 1 is required.' }),
  zip: z.string(),
});
const Body = z.strictObject({ data: z.strictObject({ property: z.union([Model, Block]) }) });
const Id = z.union([
  z.number(),
  z.strictObject({ data: z.strictObject({ id: z.number({ error: 'A number.' }) }) }),
]);

const errorsOf = (schema: z.ZodType, value: unknown) =>
  fieldErrors(schema.safeParse(value).error!.issues as unknown as Issue[]);

describe('field errors of a union', () => {
  it('names the fields of the shape the value used', () => {
    expect(errorsOf(Body, { data: { property: { address_1: '', zip: '78701' } } })).toEqual({
      'data.property.address_1': ['Address 1 is required.'],
    });
    expect(errorsOf(Body, { data: { property: { line_1: '', zip_code: '78701' } } })).toEqual({
      'data.property.line_1': ['Line 1 is required.'],
    });
  });

  it('falls back to the first shape when none is closer, and never to a shape of another type', () => {
    expect(Object.keys(errorsOf(Body, { data: { property: {} } })).sort()).toEqual([
      'data.property.line_1',
      'data.property.zip_code',
    ]);
    expect(errorsOf(Id, { data: { id: 'x' } })).toEqual({ 'data.id': ['A number.'] });
    expect(Object.keys(errorsOf(Id, 'x'))).toEqual(['_']);
  });

  it('prefers the shape that knows the keys sent, bare or under data', () => {
    const Fields = z.strictObject({ request_id: z.uuid(), terms: z.literal(true), total: z.number() });
    const Purchase = z.union([Fields, z.strictObject({ data: Fields })]);
    expect(Object.keys(errorsOf(Purchase, { terms: false })).sort()).toEqual([
      'request_id',
      'terms',
      'total',
    ]);
    expect(Object.keys(errorsOf(Purchase, { data: { terms: false } })).sort()).toEqual([
      'data.request_id',
      'data.terms',
      'data.total',
    ]);
  });

  it('prefers, among shapes as far, the one whose issues lie deeper', () => {
    const Ids = z.union([z.array(z.number()), z.array(z.strictObject({ questionId: z.number() }))]);
    expect(Object.keys(errorsOf(Ids, [{ questionId: 'x' }]))).toEqual(['0.questionId']);
    expect(Object.keys(errorsOf(Ids, ['x']))).toEqual(['0']);
  });
});
