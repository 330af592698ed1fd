import {
  businessDate,
  formatBusinessDate,
  formatDateTime as formatInstant,
  isBusinessDate,
} from '../calendar';

// How data reads on screen, the one place for it: money as $1,234.56, phones as (512) 555-0199, sizes,
// codes, and dates as the business calendar shows them (src/calendar). A missing value reads "—".
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

// Dollars as $1,234.56 (the wire carries decimal dollars).
export function formatMoney(dollars: number | null | undefined): string {
  return dollars === null || dollars === undefined ? '—' : usd.format(dollars);
}

// Phone numbers are stored as digits; US numbers (ten digits, or eleven with the leading 1) read as
// (512) 555-0199, others as stored; an extension follows as "ext. 12".
export function formatPhone(phone: string | null | undefined, extension?: string | null): string {
  if (!phone) return '—';
  const us = /^1?(\d{3})(\d{3})(\d{4})$/.exec(phone);
  const number = us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
  return extension ? `${number} ext. ${extension}` : number;
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

// A policy's term type in words: how long a term runs, never how often it is paid ("Annual" read as the
// payment plan on a policy paid monthly).
const TERM_WORDS: Readonly<Record<string, string>> = { ANNUAL: '1-year term', SEMI_ANNUAL: '6-month term' };
export function formatTermType(code: string | null | undefined): string {
  return (code && TERM_WORDS[code]) ?? formatCode(code);
}

// A wire date is a calendar day and is shown as the day it names (Nov 22, 2026); an instant is shown as
// its business day.
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (isBusinessDate(value)) return formatBusinessDate(value);
  return Number.isNaN(new Date(value).getTime()) ? value : formatBusinessDate(businessDate(value));
}

// "Nov 26, 2026, 7:45 PM CST": on the business clock, with its zone.
export function formatDateTime(value: string | null | undefined): string {
  return formatInstant(value);
}
