// A calendar day (YYYY-MM-DD, no time or zone) as "Nov 21, 2026". Formatted in UTC, where the day was
// placed, so no browser zone can move it to the day before.
const DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) ? DAY.format(date) : day;
}
