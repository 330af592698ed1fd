import { addDays, businessDate, startOfBusinessDay, type BusinessDate, type Clock } from '../../calendar';

// The clock a day's work reads (docs/conventions.md "One business clock"). Today's work reads the server's
// clock. A day the clock skipped (a move of N days, a server that was down) is worked later, but what it did
// happened on that day: its collections, notices and lapses are dated at the day's last second, after
// anything a person did on it, so a policy's events stay in the order they happened.
export function workDayClock(day: BusinessDate, clock: Clock): Clock {
  return {
    now() {
      const now = clock.now();
      if (businessDate(now) <= day) return now;
      return new Date(startOfBusinessDay(addDays(day, 1)).getTime() - 1_000);
    },
  };
}
