import type { StoredEvent } from '../../store/eventStore';

// What the readers of the pet and renters policy logs (premium adjustments, commissionable events) need of
// an event: a stream's events in version order, since an event's meaning depends on what came before it (a
// cancellation needs its policy's issue, a reinstatement the cancellation it undoes).
export type PolicyLogEvent = Pick<StoredEvent, 'position' | 'streamType' | 'type' | 'data' | 'recordedAt'>;

// [from, to) of the UTC days fromDay..toDay (both YYYY-MM-DD, inclusive).
export function utcDayWindow(fromDay: string, toDay: string): { from: string; to: string } {
  const end = new Date(Date.parse(`${toDay}T00:00:00Z`) + 86_400_000).toISOString();
  return { from: `${fromDay}T00:00:00.000Z`, to: end };
}
