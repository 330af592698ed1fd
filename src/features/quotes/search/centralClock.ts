// Quote timestamps arrive in Central time with their offset (SPEC §9); the agency reads them on its own
// clock whatever the browser's zone: "Nov 21, 2026 7:24 PM CT".
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export interface CentralClock {
  day: string;
  time: string;
}

// The day and the time apart, so a table can set them on two lines.
export function centralClockParts(timestamp: string): CentralClock | null {
  const instant = new Date(timestamp);
  if (Number.isNaN(instant.getTime())) return null;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of PARTS.formatToParts(instant)) part[type] = value;
  return {
    day: `${part.month} ${part.day}, ${part.year}`,
    time: `${part.hour}:${part.minute} ${part.dayPeriod} CT`,
  };
}

export function centralClock(timestamp: string): string {
  const parts = centralClockParts(timestamp);
  return parts ? `${parts.day} ${parts.time}` : timestamp;
}
