// SPEC §4/§9: how long cached lists stay fresh.
const MINUTE = 60_000;

export const STALE_TIME = {
  brand: 60 * MINUTE,
  accessibleEntities: 5 * MINUTE,
  profile: 3 * MINUTE,
  attributeSections: 30 * MINUTE,
  searchOptions: 10 * MINUTE,
  // The business day: a few minutes late at midnight at most.
  businessCalendar: 5 * MINUTE,
} as const;
