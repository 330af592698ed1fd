import { addDays, startOfBusinessDay } from '../../../calendar';
import type { StoredEvent } from '../../store/eventStore';

// What the readers of the pet and renters policy logs (premium adjustments, commissionable events) need of
// an event: a stream's events in version order, since an event's meaning depends on what came before it (a
// cancellation needs its policy's issue, a reinstatement the cancellation it undoes).
export type PolicyLogEvent = Pick<StoredEvent, 'position' | 'streamType' | 'type' | 'data' | 'recordedAt'>;

// [from, to) of the business days fromDay..toDay (both YYYY-MM-DD, inclusive): from the first day's start to
// the start of the day after the last, on the business calendar's wall clock.
export function businessDayWindow(fromDay: string, toDay: string): { from: string; to: string } {
  return {
    from: startOfBusinessDay(fromDay).toISOString(),
    to: startOfBusinessDay(addDays(toDay, 1)).toISOString(),
  };
}
