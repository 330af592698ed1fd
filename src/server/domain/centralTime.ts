// Quote timestamps travel in Central time (SPEC §9, DESIGN.md "The API"): ISO 8601 with the zone's offset
// of that instant (-06:00 in winter, -05:00 in summer), so a reader sees the agency's local clock and can
// still compare instants exactly.
export const CENTRAL_ZONE = 'America/Chicago';

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: CENTRAL_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function centralParts(instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of PARTS.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

function offsetOf(instant: Date, parts: Record<string, string>): string {
  const wallAsUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const minutes = Math.round((wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// 2026-11-21T19:24:38.512-06:00 for the instant 2026-11-22T01:24:38.512Z.
export function centralTimestamp(value: Date | string): string {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new Error(`Not a timestamp: ${String(value)}`);
  const parts = centralParts(instant);
  const millis = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${millis}${offsetOf(instant, parts)}`;
}

// The Central-time calendar day of an instant, YYYY-MM-DD (a quote's "today").
export function centralDate(value: Date | string = new Date()): string {
  const parts = centralParts(value instanceof Date ? value : new Date(value));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
