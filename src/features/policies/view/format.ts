import {
  businessDate,
  formatBusinessDate,
  formatDateTime as formatInstant,
  isBusinessDate,
} from '../../../calendar';

// How policy data reads on screen: money as $1,234.56, dates as the business calendar shows them
// (src/calendar): a wire date (YYYY-MM-DD) as Nov 22, 2026, an instant with its zone.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(dollars: number | null | undefined): string {
  return dollars === null || dollars === undefined ? '—' : usd.format(dollars);
}

// A wire date is a calendar day and is shown as the day it names; an instant is shown as its business day.
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (isBusinessDate(value)) return formatBusinessDate(value);
  return Number.isNaN(new Date(value).getTime()) ? value : formatBusinessDate(businessDate(value));
}

// "Nov 26, 2026, 7:45 PM CST": on the business clock, with its zone.
export function formatDateTime(value: string | null | undefined): string {
  return formatInstant(value);
}

export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '—';
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// CUSTOMER_REQUEST → Customer request
export function formatCode(code: string | null | undefined): string {
  if (!code) return '—';
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The day closest to `day` inside the term (ISO dates compare as strings).
export function withinTerm(day: string, from: string, to: string): string {
  if (day < from) return from;
  return day > to ? to : day;
}
