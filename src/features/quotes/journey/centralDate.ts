// The business runs on Central time (SPEC §3): "today" for a start date is today in Chicago, whatever the
// agent's own time zone.
const centralDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function todayInCentral(now = new Date()): string {
  return centralDay.format(now);
}

const readable = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

// YYYY-MM-DD as "Nov 22, 2026"; read as a calendar day, so no time zone shifts it.
export function formatDay(day: string | null): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day ?? '—';
  return readable.format(new Date(`${day}T00:00:00Z`));
}
