import { businessDate } from '../../../calendar/businessCalendar';
import { systemClock, type Clock } from '../../../calendar/clock';

// The day a renters decision is taken on: the rewrite's default start, the start step's "not in the past",
// the cover that counts as in force. Renters dates are UTC days (SPEC §9), so this is the UTC day of the
// server's clock, never the browser's. The one place the renters quote and rewrite code reads the time.
export function rentersToday(clock: Clock = systemClock): string {
  return businessDate(clock.now(), 'UTC');
}
