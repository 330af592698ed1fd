import { businessTimeZone, isBusinessDate, type BusinessDate } from './businessCalendar';

// How the portal, its PDFs and its mail show dates and times. A business date is shown as the day it names
// ("Nov 27, 2026"), never shifted by the reader's zone; an instant is shown on the business clock and always
// with its zone ("Nov 26, 2026, 7:45 PM CST"), so two people in different zones read the same words.

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const instantFormats = new Map<string, Intl.DateTimeFormat>();

function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    instantFormats.set(timeZone, format);
  }
  return format;
}

// "Nov 27, 2026"; what is not a date is returned as it came, or a dash for nothing.
export function formatBusinessDate(date: BusinessDate | null | undefined): string {
  if (!date) return '—';
  return isBusinessDate(date) ? dayFormat.format(new Date(`${date}T00:00:00Z`)) : date;
}

export interface DateTimeParts {
  day: string;
  time: string;
}

// The day and the time apart ("Nov 26, 2026" and "7:45 PM CST"), so a table can set them on two lines.
export function dateTimeParts(value: Date | string, timeZone = businessTimeZone()): DateTimeParts | null {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value: text } of instantFormat(timeZone).formatToParts(instant)) part[type] = text;
  return {
    day: `${part.month} ${part.day}, ${part.year}`,
    time: `${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`,
  };
}

// "Nov 26, 2026, 7:45 PM CST".
export function formatDateTime(
  value: Date | string | null | undefined,
  timeZone = businessTimeZone(),
): string {
  if (value === null || value === undefined || value === '') return '—';
  const parts = dateTimeParts(value, timeZone);
  return parts ? `${parts.day}, ${parts.time}` : String(value);
}

const monthFormats = {
  short: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' }),
  long: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }),
};

// A month of the business calendar (YYYY-MM) as "Nov 2026", or "November 2026" where there is room; what is
// not a month is returned as it came.
export function formatBusinessMonth(month: string, style: 'short' | 'long' = 'short'): string {
  const day = `${month}-01`;
  return /^\d{4}-\d{2}$/.test(month) && isBusinessDate(day)
    ? monthFormats[style].format(new Date(`${day}T00:00:00Z`))
    : month;
}

const dayOfMonthFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
});

// "Nov 27": a business date where the year goes without saying (a chart's axis over a few weeks).
export function formatDayOfMonth(date: BusinessDate): string {
  return isBusinessDate(date) ? dayOfMonthFormat.format(new Date(`${date}T00:00:00Z`)) : date;
}

// The business day an instant falls on, shown as a day ("Nov 26, 2026" for 7:45 PM Central on Nov 26, though
// UTC has turned over): for a record whose time of day is of no interest, such as when a role was assigned.
export function formatInstantDate(
  value: Date | string | null | undefined,
  timeZone = businessTimeZone(),
): string {
  if (value === null || value === undefined || value === '') return '—';
  return dateTimeParts(value, timeZone)?.day ?? String(value);
}
