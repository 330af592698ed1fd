import { z } from 'zod';

// GET /v2/calendar: the business clock as the server reads it, so the portal's "today" is the server's (a
// moved server clock moves it too) and its dates are shown in the business zone, whatever the browser's.
export const BusinessCalendar = z.object({
  // IANA zone of the business clock (America/Chicago unless BUSINESS_TIME_ZONE says otherwise).
  time_zone: z.string(),
  // Today on the business clock, YYYY-MM-DD.
  business_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  // The server's instant, ISO 8601 in UTC.
  now: z.string(),
});
export type BusinessCalendar = z.infer<typeof BusinessCalendar>;
export const BusinessCalendarResponse = z.object({ data: BusinessCalendar });
