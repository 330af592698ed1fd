import { describe, expect, it } from 'vitest';
import { centralDate, centralTimestamp } from '../../src/server/domain/centralTime';

describe('Central-time timestamps', () => {
  it('writes winter instants at -06:00', () => {
    expect(centralTimestamp('2026-11-22T01:24:38.512Z')).toBe('2026-11-21T19:24:38.512000-06:00');
  });

  it('writes summer instants at -05:00', () => {
    expect(centralTimestamp(new Date('2026-07-04T17:00:00.000Z'))).toBe('2026-07-04T12:00:00.000000-05:00');
  });

  it('names the same instant, whatever the offset', () => {
    for (const iso of ['2026-03-08T07:59:59.999Z', '2026-03-08T08:00:00.000Z', '2026-11-01T06:30:00.250Z']) {
      expect(new Date(centralTimestamp(iso)).toISOString()).toBe(iso);
    }
  });

  it('gives the Central calendar day', () => {
    expect(centralDate('2026-11-22T05:59:59Z')).toBe('2026-11-21');
    expect(centralDate('2026-11-22T06:00:00Z')).toBe('2026-11-22');
  });

  it('refuses what is not a timestamp', () => {
    expect(() => centralTimestamp('yesterday')).toThrow();
  });
});
