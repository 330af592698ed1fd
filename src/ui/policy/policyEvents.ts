import type { HistoryEntry } from '../../api/schemas/history';
import { formatCode, formatDate, formatMoney, formatSize } from '../format';

// How the policy's events read on the Events tab: internal ids and hashes left out, cents shown as money,
// "from → to" for a changed contact detail, codes and dates as people read them.

const HIDDEN = /(^id$|Id$|Uuid$|^sha256$|^version$)/;
const CODES = new Set(['reason', 'type', 'termType', 'paymentPeriod', 'species', 'gender', 'wellnessCode']);
const PERCENTS = new Set(['reimbursement', 'copay']);
const NAMES: Readonly<Record<string, string>> = {
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  zip: 'Zip code',
  name: 'File',
  contentType: 'Content type',
  cancelEffectiveDate: 'Cancel effective',
  committedOn: 'Committed on',
  requestedDate: 'Requested date',
  flatCancel: 'Flat cancel',
  immediate: 'Takes effect at once',
  initialPaymentSuccessful: 'Initial payment succeeded',
};

// addressLine1 → Address line 1
export function fieldLabel(field: string): string {
  if (NAMES[field]) return NAMES[field];
  const words = field
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return String(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return !!value && typeof value === 'object' && 'to' in value;
}

function readable(field: string, value: unknown, into: Record<string, unknown>): void {
  if (HIDDEN.test(field)) return;
  if (field.endsWith('Cents') && typeof value === 'number') {
    into[field.slice(0, -'Cents'.length)] = formatMoney(value / 100);
    return;
  }
  if (field === 'changes' && value && typeof value === 'object') {
    for (const [changed, change] of Object.entries(value)) {
      into[changed] = isChange(change) ? `${text(change.from)} → ${text(change.to)}` : text(change);
    }
    return;
  }
  if (field === 'pet' && value && typeof value === 'object') {
    const pet = value as Record<string, unknown>;
    into.pet = [
      pet.name,
      pet.species && formatCode(String(pet.species)),
      pet.breed && formatCode(String(pet.breed)),
    ]
      .filter(Boolean)
      .join(', ');
    return;
  }
  if (field === 'size' && typeof value === 'number') {
    into.size = formatSize(value);
    return;
  }
  if (PERCENTS.has(field) && typeof value === 'number') {
    into[field] = `${value}%`;
    return;
  }
  if (CODES.has(field) && typeof value === 'string') {
    into[field] = formatCode(value);
    return;
  }
  if (typeof value === 'string' || value === null) {
    into[field] = text(value);
    return;
  }
  into[field] = value;
}

export function readableEvents(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return entries.map((entry) => {
    const changes: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(entry.changes)) readable(field, value, changes);
    return { ...entry, changes };
  });
}

export function eventLabels(entries: readonly HistoryEntry[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const entry of entries)
    for (const field of Object.keys(entry.changes)) labels[field] = fieldLabel(field);
  return labels;
}
