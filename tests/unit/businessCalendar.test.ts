import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_TIME_ZONE,
  MovableClock,
  addDays,
  addMonths,
  businessDate,
  businessTimeZone,
  daysBetween,
  formatBusinessDate,
  formatDateTime,
  isBusinessDate,
  lastDayOfMonth,
  setBusinessTimeZone,
  startOfBusinessDay,
  zonedTimestamp,
} from '../../src/calendar';

afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('the business day', () => {
  it('is the day on the business clock, not in UTC', () => {
    // 7:45 PM Central on Nov 26 is already Nov 27 in UTC.
    expect(businessDate('2026-11-27T01:45:00Z')).toBe('2026-11-26');
    expect(businessDate('2026-11-27T06:00:00Z')).toBe('2026-11-27');
  });

  it('follows a configured zone', () => {
    setBusinessTimeZone('America/New_York');
    expect(businessTimeZone()).toBe('America/New_York');
    expect(businessDate('2026-11-27T04:30:00Z')).toBe('2026-11-26');
    expect(businessDate('2026-11-27T05:30:00Z')).toBe('2026-11-27');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => setBusinessTimeZone('Mars/Olympus')).toThrow(RangeError);
  });

  it('begins at midnight on the business clock, in winter and in summer', () => {
    expect(startOfBusinessDay('2026-11-27').toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(startOfBusinessDay('2026-07-04').toISOString()).toBe('2026-07-04T05:00:00.000Z');
    expect(startOfBusinessDay('2026-03-08').toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });

  it('holds every instant of the day, whatever the offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          const day = businessDate(d);
          const start = startOfBusinessDay(day).getTime();
          const next = startOfBusinessDay(addDays(day, 1)).getTime();
          return start <= d.getTime() && d.getTime() < next;
        },
      ),
    );
  });
});

describe('calendar arithmetic', () => {
  it('moves by days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-27', '2027-11-27')).toBe(365);
    expect(daysBetween('2027-11-27', '2026-11-27')).toBe(-365);
  });

  it('holds a month step to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-29', 1)).toBe('2026-09-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(lastDayOfMonth('2026-02-10')).toBe('2026-02-28');
  });

  it('knows a date from what is not one', () => {
    expect(isBusinessDate('2026-02-28')).toBe(true);
    expect(isBusinessDate('2026-02-30')).toBe(false);
    expect(isBusinessDate('2026-2-28')).toBe(false);
    expect(isBusinessDate(20261127)).toBe(false);
  });
});

describe('how dates and times are shown', () => {
  it('shows a business date as the day it names', () => {
    expect(formatBusinessDate('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatBusinessDate(null)).toBe('—');
  });

  it('shows an instant on the business clock with its zone', () => {
    expect(formatDateTime('2026-11-27T01:45:00Z')).toBe('Nov 26, 2026, 7:45 PM CST');
    expect(formatDateTime('2026-07-04T17:00:00Z')).toBe('Jul 4, 2026, 12:00 PM CDT');
  });

  it('writes timestamps with the offset of their instant', () => {
    expect(zonedTimestamp('2026-11-22T01:24:38.512Z')).toBe('2026-11-21T19:24:38.512000-06:00');
    expect(zonedTimestamp('2026-07-04T17:00:00.000Z')).toBe('2026-07-04T12:00:00.000000-05:00');
  });
});

describe('a movable clock', () => {
  it('stands where it was set until moved forward', () => {
    const clock = new MovableClock('2026-11-27T15:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-11-27T15:00:00.000Z');
    clock.advance({ days: 31, hours: 2 });
    expect(clock.now().toISOString()).toBe('2026-12-28T17:00:00.000Z');
    expect(() => clock.advance({ days: -1 })).toThrow(RangeError);
  });

  it('ticks on from a moved date at the pace of real time', () => {
    let real = Date.parse('2026-01-01T00:00:00Z');
    const clock = new MovableClock('2026-11-27T15:00:00Z', { ticking: true, real: () => real });
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-27T15:01:30.000Z');
  });
});
