import { businessDate } from '../../../calendar/businessCalendar';
import type { Clock } from '../../../calendar/clock';

// The day a renters decision is taken on: the rewrite's default start, the start step's "not in the past",
// the cover that counts as in force. It is the business day of the server's clock, the same day billing and
// the pet line take (docs/conventions.md "One business clock"), never the browser's and never UTC's.
export function rentersToday(clock: Clock): string {
  return businessDate(clock.now());
}
