import { formatMoney } from '../../ui/format/formatMoney';

// A server timestamp (ISO) as "May 3, 2026, 2:15 PM" in the user's zone.
const TIMESTAMP = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatTimestamp(at: string | null): string {
  if (!at) return '—';
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : TIMESTAMP.format(date);
}

// The same time as a day and a time of day, for narrow table cells.
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });

export function splitTimestamp(at: string): { day: string; shortDay: string; time: string } {
  const date = new Date(at);
  return Number.isNaN(date.getTime())
    ? { day: at, shortDay: at, time: '' }
    : { day: DAY.format(date), shortDay: SHORT_DAY.format(date), time: TIME.format(date) };
}

// Codes in their own words: MONTHLY → Monthly, ACH stays ACH.
export function readableCode(code: string | null): string {
  if (!code) return '—';
  if (code.length <= 3) return code;
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A change of money with its sign: +$12.00, −$3.50, $0.00.
export function formatChange(dollars: number): string {
  if (dollars === 0) return formatMoney(0);
  return `${dollars > 0 ? '+' : '−'}${formatMoney(Math.abs(dollars))}`;
}
