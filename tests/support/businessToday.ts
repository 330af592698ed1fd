import { addDays, businessDate, monthOf } from '../../src/calendar';

// What the tests take for "today": the business day (America/Chicago) of this process's clock, the day the
// server under test takes (docs/conventions.md "Tests at every hour"), never UTC's day, which runs ahead of
// it from 6 PM (7 PM in summer) to midnight.
export const businessToday = (): string => businessDate(new Date());

// The business month, YYYY-MM.
export const businessMonth = (): string => monthOf(businessToday());

// The business day `days` from today (negative: before).
export const businessDaysFromToday = (days: number): string => addDays(businessToday(), days);
