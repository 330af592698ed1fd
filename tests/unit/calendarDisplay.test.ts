import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_TIME_ZONE,
  formatBusinessDate,
  formatBusinessMonth,
  formatDayOfMonth,
  formatInstantDate,
  setBusinessTimeZone,
} from '../../src/calendar';
import { splitTimestamp, formatTimestamp } from '../../src/features/commission/format';
import { formatDate, formatDateTime } from '../../src/ui/format';

// How the portal's screens show dates, all through src/calendar: a business date as the day it names, an
// instant on the business clock with its zone, whatever the reader's own zone.
afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('the calendar’s display additions', () => {
  it('shows a month short or long, and leaves what is not a month alone', () => {
    expect(formatBusinessMonth('2026-11')).toBe('Nov 2026');
    expect(formatBusinessMonth('2026-11', 'long')).toBe('November 2026');
    expect(formatBusinessMonth('2026-13')).toBe('2026-13');
    expect(formatBusinessMonth('soon')).toBe('soon');
  });

  it('shows a day of the month without its year', () => {
    expect(formatDayOfMonth('2026-11-27')).toBe('Nov 27');
    expect(formatDayOfMonth('2026-02-30')).toBe('2026-02-30');
  });

  it('shows an instant as its business day, not the UTC one', () => {
    expect(formatInstantDate('2026-11-27T01:45:00Z')).toBe('Nov 26, 2026');
    expect(formatInstantDate(null)).toBe('—');
    setBusinessTimeZone('UTC');
    expect(formatInstantDate('2026-11-27T01:45:00Z')).toBe('Nov 27, 2026');
  });
});

describe('the screens’ formatters delegate to the calendar', () => {
  it('policy screens: a wire date names its day; an instant is its business day, a time carries its zone', () => {
    // A calendar day is never moved by a zone.
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-27T01:45:00Z')).toBe('Nov 26, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('2026-11-27T01:45:00Z')).toBe('Nov 26, 2026, 7:45 PM CST');
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('commission screens: timestamps with their zone, split for narrow cells on the same business day', () => {
    expect(formatTimestamp('2026-11-27T01:45:00Z')).toBe('Nov 26, 2026, 7:45 PM CST');
    expect(formatTimestamp(null)).toBe('—');
    expect(splitTimestamp('2026-11-27T01:45:00Z')).toEqual({
      day: 'Nov 26, 2026',
      shortDay: '11/26/26',
      time: '7:45 PM CST',
    });
    expect(splitTimestamp('garbage')).toEqual({ day: 'garbage', shortDay: 'garbage', time: '' });
  });

  it('a calendar day shown is the day it names', () => {
    expect(formatBusinessDate('2026-11-21')).toBe('Nov 21, 2026');
  });
});
