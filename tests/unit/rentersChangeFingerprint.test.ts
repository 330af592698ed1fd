import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeFingerprint,
  changeInputErrors,
  judgeCommit,
  requestFingerprint,
  type ChangeRequest,
  type FingerprintValue,
} from '../../src/machines/rentersPolicyChangeContext';

type Scalar = string | number | boolean | null;
type Values = Record<string, FingerprintValue>;

const scalarArb: fc.Arbitrary<Scalar> = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
const valueArb: fc.Arbitrary<FingerprintValue> = fc.oneof(
  { weight: 4, arbitrary: scalarArb },
  { weight: 1, arbitrary: fc.dictionary(fc.string(), scalarArb, { maxKeys: 4 }) },
);
const valuesArb = fc.dictionary(fc.string(), valueArb, { minKeys: 1, maxKeys: 8 });

// The same values with keys in another order, at every level. Built with Object.fromEntries, which makes
// own properties even of keys such as "__proto__" (assignment would set the prototype instead).
function reordered(values: Values, seed: number): Values {
  const keys = Object.keys(values);
  const rotated = keys.map((_, i) => keys[(i + seed) % keys.length] as string).reverse();
  return Object.fromEntries(
    rotated.map((k) => {
      const v = values[k];
      return [k, v !== null && typeof v === 'object' ? reordered(v as Values, seed + 1) : v];
    }),
  ) as Values;
}

// The same values with whitespace around every string.
function padded(values: Values, pad: string): Values {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'string'
        ? `${pad}${v}${pad}`
        : v !== null && typeof v === 'object'
          ? padded(v as Values, pad)
          : v,
    ]),
  ) as Values;
}

function normal(v: FingerprintValue): unknown {
  if (typeof v === 'string') return v.trim();
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normal(x)]));
  return v;
}

describe('renters change fingerprint', () => {
  it('keeps a "__proto__" key as the key it is (a JSON body can carry one)', () => {
    const withKey = JSON.parse('{"__proto__": null, "note": " x "}') as Values;
    expect(changeFingerprint(withKey)).toBe('v1:{"__proto__":null,"note":"x"}');
    expect(changeFingerprint(withKey)).not.toBe(changeFingerprint({ note: 'x' }));
  });

  it('ignores the order of keys', () => {
    fc.assert(
      fc.property(valuesArb, fc.nat(), (values, seed) => {
        expect(changeFingerprint(reordered(values, seed))).toBe(changeFingerprint(values));
      }),
    );
  });

  it('ignores whitespace around string values', () => {
    fc.assert(
      fc.property(valuesArb, fc.constantFrom(' ', '  ', '\t', '\n', ' \t\r\n '), (values, pad) => {
        expect(changeFingerprint(padded(values, pad))).toBe(changeFingerprint(values));
      }),
    );
  });

  it('differs when any value differs', () => {
    fc.assert(
      fc.property(
        valuesArb.chain((values) =>
          fc.tuple(fc.constant(values), fc.constantFrom(...Object.keys(values)), valueArb),
        ),
        ([values, key, other]) => {
          fc.pre(JSON.stringify(normal(values[key])) !== JSON.stringify(normal(other)));
          expect(changeFingerprint({ ...values, [key]: other })).not.toBe(changeFingerprint(values));
        },
      ),
    );
  });

  it('differs when a key is added or removed', () => {
    fc.assert(
      fc.property(valuesArb, fc.string(), scalarArb, (values, key, value) => {
        fc.pre(!(key in values));
        expect(changeFingerprint({ ...values, [key]: value })).not.toBe(changeFingerprint(values));
      }),
    );
  });

  it('tells types apart and treats an undefined key as absent', () => {
    expect(changeFingerprint({ a: '1' })).not.toBe(changeFingerprint({ a: 1 }));
    expect(changeFingerprint({ a: 'true' })).not.toBe(changeFingerprint({ a: true }));
    expect(changeFingerprint({ a: null })).not.toBe(changeFingerprint({ a: '' }));
    expect(changeFingerprint({ a: 1, b: undefined })).toBe(changeFingerprint({ a: 1 }));
    expect(changeFingerprint({ a: -0 })).toBe(changeFingerprint({ a: 0 }));
    expect(() => changeFingerprint({ a: Number.NaN })).toThrow();
  });
});

const request: ChangeRequest = {
  kind: 'cancel',
  policyNumber: 'RNT-TX-00000042',
  policyVersion: 3,
  inputs: { reasonCode: 'CUSTOMER_REQUEST', cancellationMethod: 'PRO_RATA', cancelDate: '2027-01-15' },
};

describe('renters change request and commit verdict', () => {
  it('fingerprints the flow, the policy, the version seen and the inputs', () => {
    const base = requestFingerprint(request);
    expect(
      requestFingerprint({ ...request, inputs: { ...request.inputs, reasonCode: ' CUSTOMER_REQUEST ' } }),
    ).toBe(base);
    expect(requestFingerprint({ ...request, kind: 'discontinue' })).not.toBe(base);
    expect(requestFingerprint({ ...request, policyNumber: 'RNT-TX-00000043' })).not.toBe(base);
    expect(requestFingerprint({ ...request, policyVersion: 4 })).not.toBe(base);
    expect(
      requestFingerprint({ ...request, inputs: { ...request.inputs, cancelDate: '2027-01-16' } }),
    ).not.toBe(base);
  });

  it('commits what was previewed, once', () => {
    const previewed = requestFingerprint(request);
    const check = { previewedFingerprint: previewed, request, currentVersion: 3, committedFingerprints: [] };
    expect(judgeCommit(check)).toBe('commit');
    // The same commit again, after the first moved the policy to version 4: the first outcome is answered.
    expect(judgeCommit({ ...check, currentVersion: 4, committedFingerprints: [previewed] })).toBe('repeat');
  });

  it('refuses a commit whose inputs differ from the preview, or a policy that moved on', () => {
    const previewed = requestFingerprint(request);
    const changed = { ...request, inputs: { ...request.inputs, cancellationMethod: 'FLAT' } };
    expect(
      judgeCommit({
        previewedFingerprint: previewed,
        request: changed,
        currentVersion: 3,
        committedFingerprints: [],
      }),
    ).toBe('inputsChanged');
    expect(
      judgeCommit({ previewedFingerprint: previewed, request, currentVersion: 5, committedFingerprints: [] }),
    ).toBe('policyChanged');
    // A different change after one was committed is not a repeat.
    expect(
      judgeCommit({
        previewedFingerprint: previewed,
        request: changed,
        currentVersion: 4,
        committedFingerprints: [previewed],
      }),
    ).toBe('inputsChanged');
  });

  it('names each missing or unknown input', () => {
    expect(changeInputErrors('cancel', request.inputs)).toEqual({});
    expect(changeInputErrors('cancel', { reasonCode: 'X', cancellationMethod: 'FLAT' })).toEqual({});
    expect(
      changeInputErrors('cancel', { reasonCode: ' ', cancellationMethod: 'PRO_RATA', cancelDate: '15/01' }),
    ).toEqual({
      reasonCode: ['The reason code is required.'],
      cancelDate: ['The cancel date must be a date (YYYY-MM-DD).'],
    });
    expect(changeInputErrors('cancel', { reasonCode: 'X', cancellationMethod: 'SHORT_RATE' })).toEqual({
      cancellationMethod: ['The cancellation method must be FLAT or PRO_RATA.'],
    });
    expect(changeInputErrors('reinstate', { reasonCode: 'X', cancelDate: '2027-01-15' })).toEqual({
      cancelDate: ['The reinstate request has no field cancelDate.'],
    });
    expect(changeInputErrors('discontinue', { reasonCode: 'X', note: null })).toEqual({});
  });
});
