import type { HistoryEntry } from '../api/schemas/history';
import { formatBusinessDate, formatDateTime, isBusinessDate } from '../calendar';

export interface HistoryListProps {
  entries: readonly HistoryEntry[];
  // Readable names of the changed fields (roleDesc → "Description"); fields not named show as stored.
  labels?: Readonly<Record<string, string>>;
  // A readable value for a field (role ids → role names); undefined keeps the default rendering.
  formatValue?(field: string, value: unknown): string | undefined;
}

// "entity.locationAdded" → "Location added"
export function describeEventType(type: string): string {
  const name = type.split('.').pop() ?? type;
  const words = name
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // A day recorded as YYYY-MM-DD (an attribute's expiry date) reads as the day it names.
  if (isBusinessDate(value)) return formatBusinessDate(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  // Lists of codes or ids read as lists.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.length ? value.join(', ') : '—';
  }
  return JSON.stringify(value);
}

// A record's history, newest first: what changed, who, when (DESIGN.md "Event sourcing").
export function HistoryList({ entries, labels = {}, formatValue: format }: HistoryListProps) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">No history recorded yet.</p>;
  return (
    <ol className="space-y-4" aria-label="History">
      {[...entries].reverse().map((entry) => (
        <li key={entry.version} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium text-slate-900">{describeEventType(entry.type)}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time> ·{' '}
              {entry.actor ? entry.actor.name : 'System'} · version {entry.version}
            </p>
          </div>
          {Object.keys(entry.changes).length > 0 && (
            <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              {Object.entries(entry.changes).map(([field, value]) => (
                <div key={field} className="flex gap-2">
                  <dt className="text-slate-500">{labels[field] ?? field}</dt>
                  <dd className="min-w-0 break-words text-slate-800">
                    {format?.(field, value) ?? formatValue(value)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ol>
  );
}
