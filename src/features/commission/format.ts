import { businessDate, dateTimeParts, formatDateTime } from '../../calendar';
import { formatMoney } from '../../ui/format';

// A server timestamp (ISO) as "May 3, 2026, 2:15 PM CDT": on the business clock with its zone, the same
// words for every reader (src/calendar).
export function formatTimestamp(at: string | null): string {
  return formatDateTime(at);
}

// The same time as a day and a time of day, for narrow table cells; the short day is M/D/YY of the same
// business day.
export function splitTimestamp(at: string): { day: string; shortDay: string; time: string } {
  const parts = dateTimeParts(at);
  if (!parts) return { day: at, shortDay: at, time: '' };
  const [year, month, day] = businessDate(at).split('-');
  return { day: parts.day, shortDay: `${Number(month)}/${Number(day)}/${year!.slice(2)}`, time: parts.time };
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
