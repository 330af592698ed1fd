// How policy data reads on screen: money as $1,234.56, wire dates (YYYY-MM-DD) as Nov 22, 2026.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
// A wire date is a calendar day, not an instant: read and shown in UTC so no time zone moves it.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatMoney(dollars: number | null | undefined): string {
  return dollars === null || dollars === undefined ? '—' : usd.format(dollars);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : day.format(date);
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : moment.format(date);
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

// Today as YYYY-MM-DD on the business's clock (Central time, as quotes and policies are dated).
export function centralToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

// The day closest to `day` inside the term (ISO dates compare as strings).
export function withinTerm(day: string, from: string, to: string): string {
  if (day < from) return from;
  return day > to ? to : day;
}
