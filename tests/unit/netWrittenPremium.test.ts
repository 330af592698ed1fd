import { describe, expect, it } from 'vitest';
import type { PolicyLogEvent } from '../../src/server/domain/reports/policyLogStreams';
import {
  monthsBetween,
  summarizeNwp,
  type AdjustmentType,
} from '../../src/server/domain/reports/netWrittenPremium';
import { MULTIPLIER_OF_TYPE, multiplierTypeOf } from '../../src/server/domain/reports/adjustmentMultipliers';
import { adjustmentsOfStream, groupOf } from '../../src/server/domain/reports/premiumAdjustments';

// The net written premium of SPEC §3 from policy logs (docs/reports.md "Net written premium"): given streams,
// when their adjustments are read and summed, then each adjustment type, line and month holds its premium.

let position = 5_000;
const stored = (
  streamType: 'policy' | 'renters_policy',
  type: string,
  at: string,
  data: Record<string, unknown> = {},
): PolicyLogEvent => ({ position: String(position++), streamType, type, data, recordedAt: new Date(at) });

const renters = (at: string, termPremiumCents: number, state = 'TX') =>
  stored('renters_policy', 'renters.policyIssued', at, {
    policyNumber: 'RNT-TX-00000042',
    entityId: 3,
    rewriteOf: null,
    propertyAddress: { line1: '1 Main', line2: null, city: 'Austin', state, zip: '78701' },
    termPremiumCents,
  });
const pet = (at: string, premiumCents: number) =>
  stored('policy', 'policy.issued', at, {
    policyNumber: 'PET-TX-00000042',
    entityId: 3,
    pet: { species: 'cat' },
    premiumCents,
    state: 'TX',
  });

const TYPES: AdjustmentType[] = [
  {
    code: 'NB',
    description: 'New business',
    category: 'WRITTEN',
    allow_new_business: true,
    allow_renewal: false,
    is_enabled: true,
  },
  {
    code: 'RN',
    description: 'Renewal',
    category: 'WRITTEN',
    allow_new_business: false,
    allow_renewal: true,
    is_enabled: true,
  },
  {
    code: 'EN',
    description: 'Endorsement',
    category: 'ADJUSTMENT',
    allow_new_business: true,
    allow_renewal: true,
    is_enabled: true,
  },
  {
    code: 'CN',
    description: 'Cancellation',
    category: 'ADJUSTMENT',
    allow_new_business: true,
    allow_renewal: true,
    is_enabled: true,
  },
  {
    code: 'RI',
    description: 'Reinstatement',
    category: 'ADJUSTMENT',
    allow_new_business: true,
    allow_renewal: true,
    is_enabled: true,
  },
  {
    code: 'AU',
    description: 'Audit (retired)',
    category: 'ADJUSTMENT',
    allow_new_business: true,
    allow_renewal: false,
    is_enabled: false,
  },
];

describe('premium adjustments of a policy stream', () => {
  it('counts endorsements with no premium, under the business type of the term they fall in', () => {
    const stream = [
      renters('2026-01-10T10:00:00Z', 24_000),
      stored('renters_policy', 'renters.addressChanged', '2026-02-01T10:00:00Z'),
      stored('renters_policy', 'renters.noteAdded', '2026-02-02T10:00:00Z'),
      stored('renters_policy', 'renters.renewed', '2027-01-10T10:00:00Z', { termPremiumCents: 26_000 }),
      stored('renters_policy', 'renters.additionalInsuredAdded', '2027-02-01T10:00:00Z'),
      stored('renters_policy', 'renters.cancelled', '2027-03-01T10:00:00Z', {
        method: 'PRO_RATA',
        premiumReturnedCents: 18_000,
      }),
    ];
    expect(
      adjustmentsOfStream(stream).map((a) => [a.on, a.eventCode, a.businessType, a.premiumCents, a.line]),
    ).toEqual([
      ['2026-01-10', 'NB', 'NEW', 24_000, 'RENTERS'],
      ['2026-02-01', 'EN', 'NEW', 0, 'RENTERS'],
      ['2027-01-10', 'RN', 'RENEWAL', 26_000, 'RENTERS'],
      ['2027-02-01', 'EN', 'RENEWAL', 0, 'RENTERS'],
      ['2027-03-01', 'CN', 'RENEWAL', -18_000, 'RENTERS'],
    ]);
  });

  it('reads a pet policy change as an endorsement of the pet line, and nothing from a stream never issued', () => {
    const stream = [
      pet('2026-05-01T00:00:00Z', 60_000),
      stored('policy', 'policy.policyholderChanged', '2026-05-02T00:00:00Z'),
    ];
    expect(adjustmentsOfStream(stream).map((a) => [a.eventCode, a.premiumCents, a.line, a.species])).toEqual([
      ['NB', 60_000, 'PET', 'CAT'],
      ['EN', 0, 'PET', 'CAT'],
    ]);
    expect(
      adjustmentsOfStream([stored('policy', 'policy.policyholderChanged', '2026-05-02T00:00:00Z')]),
    ).toEqual([]);
  });
});

describe('the multiplier type of an adjustment event (SPEC §3)', () => {
  it('is the sign every event of the type gives its premium, on both lines', () => {
    const streams = [
      [
        renters('2026-01-10T10:00:00Z', 24_000),
        stored('renters_policy', 'renters.addressChanged', '2026-02-01T10:00:00Z'),
        stored('renters_policy', 'renters.renewed', '2027-01-10T10:00:00Z', { termPremiumCents: 26_000 }),
        stored('renters_policy', 'renters.cancelled', '2027-03-01T10:00:00Z', {
          method: 'PRO_RATA',
          earnedPremiumCents: 4_000,
        }),
        stored('renters_policy', 'renters.reinstated', '2027-03-02T10:00:00Z'),
        stored('renters_policy', 'renters.cancelled', '2027-03-03T10:00:00Z', { method: 'FLAT' }),
      ],
      [
        pet('2026-05-01T00:00:00Z', 60_000),
        stored('policy', 'policy.policyholderChanged', '2026-05-02T00:00:00Z'),
        stored('policy', 'policy.cancelled', '2026-06-01T00:00:00Z', {
          flatCancel: false,
          annualPremiumCents: 60_000,
          earnedPremiumCents: 5_000,
        }),
        stored('policy', 'policy.reinstated', '2026-06-10T00:00:00Z'),
      ],
    ];
    const adjustments = streams.flatMap((stream) => adjustmentsOfStream(stream));
    expect(new Set(adjustments.map((a) => a.eventCode))).toEqual(
      new Set(['NB', 'EN', 'RN', 'CN', 'RI', 'FC']),
    );
    for (const a of adjustments) {
      const type = multiplierTypeOf(a.eventCode);
      expect(type, a.eventCode).not.toBeNull();
      expect(Math.sign(a.premiumCents), a.eventCode).toBe(MULTIPLIER_OF_TYPE[type!]);
    }
    // A code no event is recorded under has none.
    expect(multiplierTypeOf('AU')).toBeNull();
  });
});

describe('summing a period', () => {
  const period = { fromDay: '2026-01-01', toDay: '2026-03-15' };

  it('lists every enabled type for each business type it allows, with zeros, in the types order', () => {
    const summary = summarizeNwp([], TYPES, period);
    expect(summary.totals.map((t) => `${t.code}/${t.businessType}`)).toEqual([
      'NB/NEW',
      'RN/RENEWAL',
      'EN/NEW',
      'EN/RENEWAL',
      'CN/NEW',
      'CN/RENEWAL',
      'RI/NEW',
      'RI/RENEWAL',
    ]);
    expect(summary.sumOfTotals).toEqual({ count: 0, premiumCents: 0 });
    expect(summary.months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('sums count and premium per type, line and month, written and returned apart', () => {
    const adjustments = [
      ...adjustmentsOfStream([
        renters('2026-01-31T23:59:59-06:00', 24_000),
        stored('renters_policy', 'renters.cancelled', '2026-03-01T00:00:00-06:00', {
          method: 'PRO_RATA',
          premiumReturnedCents: 20_000,
        }),
        stored('renters_policy', 'renters.reinstated', '2026-03-02T00:00:00-06:00'),
      ]),
      ...adjustmentsOfStream([pet('2026-02-01T00:00:00-06:00', 60_000)]),
    ];
    // A retired type still shows when an event of it was recorded.
    const audit = { ...adjustments[0]!, eventId: 1, eventCode: 'AU', premiumCents: 500, on: '2026-02-10' };
    const summary = summarizeNwp([...adjustments, audit].map(groupOf), TYPES, period);
    const total = (key: string) => summary.totals.find((t) => `${t.code}/${t.businessType}` === key);
    expect(total('NB/NEW')).toMatchObject({ count: 2, premiumCents: 84_000 });
    expect(total('CN/NEW')).toMatchObject({ count: 1, premiumCents: -20_000 });
    expect(total('RI/NEW')).toMatchObject({ count: 1, premiumCents: 20_000 });
    expect(total('AU/NEW')).toMatchObject({ count: 1, premiumCents: 500, description: 'Audit (retired)' });
    expect(summary.sumOfTotals).toEqual({ count: 5, premiumCents: 84_500 });
    expect(summary.lines).toEqual([
      { line: 'PET', count: 1, premiumCents: 60_000 },
      { line: 'RENTERS', count: 4, premiumCents: 24_500 },
    ]);
    expect(summary.months).toEqual([
      { month: '2026-01', count: 1, writtenCents: 24_000, returnedCents: 0, premiumCents: 24_000 },
      { month: '2026-02', count: 2, writtenCents: 60_500, returnedCents: 0, premiumCents: 60_500 },
      { month: '2026-03', count: 2, writtenCents: 20_000, returnedCents: -20_000, premiumCents: 0 },
    ]);
  });

  it('spans months across a year end', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02-01', '2026-02-01')).toEqual(['2026-02']);
  });
});
