import { describe, expect, it } from 'vitest';
import { serverTimestamp } from '../../src/calendar';

const SIX_DIGITS = /\.\d{6}(Z|[+-]\d\d:\d\d)$/;

// SPEC §9: server timestamps are zone-local or UTC with six fractional digits.
describe('serverTimestamp', () => {
  it('writes a Date in UTC with its milliseconds padded to microseconds', () => {
    expect(serverTimestamp(new Date('2026-11-22T01:24:38.512Z'))).toBe('2026-11-22T01:24:38.512000Z');
    expect(serverTimestamp(new Date('2026-11-22T01:24:38Z'))).toBe('2026-11-22T01:24:38.000000Z');
  });

  it("writes an instant on a zone's wall clock with that instant's offset", () => {
    expect(serverTimestamp('2026-11-22T01:24:38.512Z', 'America/Chicago')).toBe(
      '2026-11-21T19:24:38.512000-06:00',
    );
    expect(serverTimestamp('2026-07-04T17:00:00Z', 'America/Chicago')).toBe(
      '2026-07-04T12:00:00.000000-05:00',
    );
  });

  it("keeps PostgreSQL's microseconds when the text carries them", () => {
    expect(serverTimestamp('2026-11-22T01:24:38.512345Z')).toBe('2026-11-22T01:24:38.512345Z');
    expect(serverTimestamp('2026-11-22T01:24:38.5123Z')).toBe('2026-11-22T01:24:38.512300Z');
    expect(serverTimestamp('2026-11-22T01:24:38.512345Z', 'America/Chicago')).toBe(
      '2026-11-21T19:24:38.512345-06:00',
    );
  });

  it('always answers six fractional digits', () => {
    for (const value of ['2026-01-01T00:00:00Z', '2026-03-08T08:30:00.1Z', new Date(0)]) {
      expect(serverTimestamp(value)).toMatch(SIX_DIGITS);
      expect(serverTimestamp(value, 'America/Chicago')).toMatch(SIX_DIGITS);
    }
  });

  it('refuses what is not a timestamp', () => {
    expect(() => serverTimestamp('not a time')).toThrow(RangeError);
  });
});
