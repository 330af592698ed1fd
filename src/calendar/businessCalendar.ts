// The business calendar, one module for the browser and the server (DESIGN.md "Time and money"): the business
// time zone (America/Chicago unless configured), the business day an instant falls on, and the arithmetic of
// calendar days. A business date is YYYY-MM-DD with no zone of its own: it names a day of the business's
// calendar. SPEC §9's wire rules stand apart from it: renters dates travel as YYYY-MM-DD (business days,
// docs/decisions/019), server timestamps with six fractional digits (serverTimestamp).

export const DEFAULT_BUSINESS_TIME_ZONE = 'America/Chicago';

export type BusinessDate = string;

let zone = DEFAULT_BUSINESS_TIME_ZONE;
const formats = new Map<string, Intl.DateTimeFormat>();

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Set once at start: by the server from its configuration, by the portal from what the server says.
export function setBusinessTimeZone(name: string): void {
  if (!isTimeZone(name)) throw new RangeError(`Not a time zone: ${name}`);
  zone = name;
}

export function businessTimeZone(): string {
  return zone;
}

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts as unknown as WallClock;
}

function toInstant(value: Date | string): Date {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a timestamp: ${String(value)}`);
  return instant;
}

// Minutes the zone's wall clock stands ahead of UTC at an instant (-360 for Chicago in winter).
export function offsetMinutes(value: Date | string, timeZone = zone): number {
  const instant = toInstant(value);
  const wall = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(
    Number(wall.year),
    Number(wall.month) - 1,
    Number(wall.day),
    Number(wall.hour),
    Number(wall.minute),
    Number(wall.second),
  );
  return Math.round((wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// The business day an instant falls on: 2026-11-27T01:45Z is 2026-11-26 in Chicago.
export function businessDate(value: Date | string, timeZone = zone): BusinessDate {
  const wall = wallClock(toInstant(value), timeZone);
  return `${wall.year}-${wall.month}-${wall.day}`;
}

// The one way a server timestamp reaches the wire (SPEC §9: "zone-local or UTC with six fractional
// digits"). PostgreSQL keeps microseconds but a JS Date keeps milliseconds, so a Date's fraction is padded
// with zeros; a timestamp text that already carries microseconds keeps them. Without a zone the instant is
// written in UTC with Z; with one, on that zone's wall clock with its offset of that instant.
// 2026-11-22T01:24:38.512000Z, or 2026-11-21T19:24:38.512000-06:00 in America/Chicago.
export function serverTimestamp(value: Date | string, timeZone?: string): string {
  const instant = toInstant(value);
  const fraction = `${String(instant.getUTCMilliseconds()).padStart(3, '0')}${microsBeyondMillis(value)}`;
  if (timeZone === undefined) return `${instant.toISOString().slice(0, 19)}.${fraction}Z`;
  const wall = wallClock(instant, timeZone);
  const offset = offsetText(offsetMinutes(instant, timeZone));
  return `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}:${wall.second}.${fraction}${offset}`;
}

// The three digits after the milliseconds of a timestamp text (PostgreSQL's microseconds), else 000.
function microsBeyondMillis(value: Date | string): string {
  if (typeof value !== 'string') return '000';
  const micros = /T\d{2}:\d{2}:\d{2}\.\d{3}(\d{1,3})/.exec(value)?.[1];
  return (micros ?? '').padEnd(3, '0');
}

// A timestamp on a zone's wall clock with its offset: 2026-11-21T19:24:38.512000-06:00 for
// 2026-11-22T01:24:38.512Z (serverTimestamp with the business zone by default).
export function zonedTimestamp(value: Date | string, timeZone = zone): string {
  return serverTimestamp(value, timeZone);
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isBusinessDate(value: unknown): value is BusinessDate {
  if (typeof value !== 'string') return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === value;
}

function utcDay(date: BusinessDate): Date {
  if (!isBusinessDate(date)) throw new RangeError(`Not a date: ${String(date)}`);
  return new Date(`${date}T00:00:00Z`);
}

// The instant the business day begins (midnight on the zone's wall clock; 1 AM on a day that skips midnight).
export function startOfBusinessDay(date: BusinessDate, timeZone = zone): Date {
  const midnightUtc = utcDay(date).getTime();
  let guess = midnightUtc - offsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  // The offset at the guess may differ from the offset at UTC midnight around a change of offset.
  guess = midnightUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

export function addDays(date: BusinessDate, days: number): BusinessDate {
  const day = utcDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

// The same day of a later (or earlier) month, held to that month's last day: Jan 31 + 1 month is Feb 28.
export function addMonths(date: BusinessDate, months: number): BusinessDate {
  const day = utcDay(date);
  const target = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

// Whole days from `from` to `to` (negative when `to` is earlier).
export function daysBetween(from: BusinessDate, to: BusinessDate): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000);
}

export function compareDates(a: BusinessDate, b: BusinessDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// YYYY-MM of a business date; the first and last day of its month.
export function monthOf(date: BusinessDate): string {
  return utcDay(date).toISOString().slice(0, 7);
}

export function firstDayOfMonth(date: BusinessDate): BusinessDate {
  return `${monthOf(date)}-01`;
}

export function lastDayOfMonth(date: BusinessDate): BusinessDate {
  return addDays(addMonths(firstDayOfMonth(date), 1), -1);
}

// The day closest to `date` inside the term from..to (both inclusive; ISO dates compare as strings).
export function withinTerm(date: BusinessDate, from: BusinessDate, to: BusinessDate): BusinessDate {
  if (date < from) return from;
  return date > to ? to : date;
}
