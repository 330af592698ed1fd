import { businessDate, zonedTimestamp } from '../../calendar';

// Quote timestamps travel in Central time (SPEC §9, DESIGN.md "The API"): ISO 8601 with the zone's offset
// of that instant (-06:00 in winter, -05:00 in summer), so a reader sees the agency's local clock and can
// still compare instants exactly. The wire rule names Central time whatever the business zone is configured.
export const CENTRAL_ZONE = 'America/Chicago';

// 2026-11-21T19:24:38.512000-06:00 for the instant 2026-11-22T01:24:38.512Z (six fractional digits, serverTimestamp).
export function centralTimestamp(value: Date | string): string {
  return zonedTimestamp(value, CENTRAL_ZONE);
}

// The Central-time calendar day of an instant, YYYY-MM-DD (a quote's "today").
export function centralDate(value: Date | string): string {
  return businessDate(value, CENTRAL_ZONE);
}
