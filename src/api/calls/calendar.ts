import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessDate, setBusinessTimeZone, type BusinessDate } from '../../calendar';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import type { BusinessCalendar } from '../schemas/calendar';

// GET /v2/calendar: the business zone and day from the server's clock. The answer sets the portal's business
// zone, so every date on screen is shown as the server means it; the route guards ask for it before a screen
// renders. Like the profile, the schema loads alongside the call to keep zod out of the first script.
export async function fetchBusinessCalendar(signal?: AbortSignal): Promise<BusinessCalendar> {
  const [answer, { BusinessCalendarResponse }] = await Promise.all([
    apiRequest('/v2/calendar', { signal }),
    import('../schemas/calendar'),
  ]);
  const calendar = BusinessCalendarResponse.parse(answer).data;
  setBusinessTimeZone(calendar.time_zone);
  return calendar;
}

export const businessCalendarQuery = queryOptions({
  queryKey: ['calendar'],
  queryFn: ({ signal }) => fetchBusinessCalendar(signal),
  staleTime: STALE_TIME.businessCalendar,
});

// Today on the server's business clock: quote start dates, date pickers' bounds and "upcoming" labels count
// from it, not from the browser's clock, which may sit in another zone or on another day. Until the server
// has answered (the guards ask first, so rarely) the browser's instant is read on the business clock.
export function useBusinessToday(): BusinessDate {
  const calendar = useQuery(businessCalendarQuery).data;
  return calendar?.business_date ?? businessDate(new Date());
}
