import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../src/api/queryString';

// The portal writes its query strings without qs (to keep the library out of its first script); the server
// parses them with qs. So the portal must write exactly what qs would, and qs must read back what was meant.
const QS_OPTIONS = { arrayFormat: 'brackets', encodeValuesOnly: true } as const;

const key = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,11}$/);
const scalar = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.date({ noInvalidDate: true }),
);
// Nothing empty: empty values are dropped before either writer sees them (checked on its own below).
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { minLength: 1, maxLength: 3 }),
    fc.dictionary(key, tie('value'), { minKeys: 1, maxKeys: 3 }),
  ),
}));
const query = fc.dictionary(key, value, { minKeys: 1, maxKeys: 5 });

describe('toQueryString', () => {
  it('writes what qs writes, brackets for arrays and nested filters', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(toQueryString(q)).toBe(qs.stringify(q, QS_OPTIONS));
      }),
    );
  });

  it('is read back by qs as the same filters', () => {
    fc.assert(
      fc.property(
        fc.dictionary(key, fc.string({ unit: 'binary', minLength: 1 }), { minKeys: 1 }),
        (filter) => {
          expect(qs.parse(toQueryString({ filter, page: 2 }))).toEqual({ filter, page: '2' });
        },
      ),
    );
  });

  it('escapes what qs escapes and replaces a lone surrogate', () => {
    expect(toQueryString({ filter: { name: "O'Brien & (Co)*!" } })).toBe(
      'filter[name]=O%27Brien%20%26%20%28Co%29%2A%21',
    );
    expect(toQueryString({ q: 'a\uD800b' })).toBe('q=a%EF%BF%BDb');
  });

  it('drops empty values at every depth', () => {
    expect(toQueryString({ a: '', b: [], c: {}, d: { e: [null, ''] }, f: [undefined, 'x'] })).toBe('f[]=x');
    expect(toQueryString(undefined)).toBe('');
  });
});
