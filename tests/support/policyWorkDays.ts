import { expect } from 'vitest';
import type { Billing } from '../../src/api/schemas/billing';
import type { PolicyView } from '../../src/api/schemas/policies';
import { addDays, businessDate, type BusinessDate, type MovableClock } from '../../src/calendar';
import { DUNNING } from '../../src/machines/billingAccount';
import { RENEWAL_OFFER_DAYS } from '../../src/machines/policyLifecycle';
import type { Db } from '../../src/server/store/db';
import { runDatedWorkOn } from './billingDays';

// The days of one pet policy's life on a test server's movable clock: the days on which the daily work acts on
// the policy, worked one after another (the policy dates, then billing, as the daily scheduler runs a day),
// and nothing of the days between, on which the work has nothing for it.

// One pet policy as its screens show it: the policy view and the Payments tab's billing.
export interface PolicyScreens {
  policy: PolicyView;
  billing: Billing | null;
}

// The next day after `today` on which the daily work acts on the policy (docs/policy-dates.md,
// docs/billing.md): a pending cancellation's date; for a policy in force the renewal's offer and its
// expiration; an instalment to collect or try again (and on a closed account an extra charge); the end of a
// past-due account's grace period and of a lapse's reinstatement window. What came due after its day's run
// (a charge added in the afternoon) is the next day's. Null when the work has nothing more for the policy.
export function nextWorkDay({ policy, billing }: PolicyScreens, today: BusinessDate): BusinessDate | null {
  const days: BusinessDate[] = [];
  const { summary } = policy;
  if (summary.cancellationPending && summary.cancellationEffectiveDate)
    days.push(summary.cancellationEffectiveDate);
  if (summary.status === 'ACTIVE') {
    if (policy.renewal === null) days.push(addDays(summary.expirationDate, -RENEWAL_OFFER_DAYS));
    days.push(summary.expirationDate);
  }
  if (billing) {
    const charged = (kind: Billing['schedule'][number]['kind']) =>
      billing.state === 'current' ||
      billing.state === 'pastDue' ||
      (billing.state === 'closed' && kind !== 'instalment');
    for (const row of billing.schedule) {
      if ((row.status === 'scheduled' || row.status === 'declined') && row.collectOn && charged(row.kind))
        days.push(row.collectOn);
    }
    if (billing.state === 'pastDue' && billing.pastDueSince)
      days.push(addDays(billing.pastDueSince, DUNNING.graceDays));
    if (billing.state === 'lapsed' && billing.lapsedOn)
      days.push(addDays(billing.lapsedOn, DUNNING.reinstatementDays));
  }
  const tomorrow = addDays(today, 1);
  return days.map((day) => (day > today ? day : tomorrow)).sort()[0] ?? null;
}

export interface WorkDays {
  // The business date of the server's clock, whose work has run.
  today(): BusinessDate;
  // Moves the clock to `day` (after today) and runs its dated work.
  runDay(day: BusinessDate): Promise<void>;
  // Runs the next day on which the daily work acts on the policy; answers the policy's screens after it.
  next(screens: () => Promise<PolicyScreens>): Promise<PolicyScreens>;
  // Runs such days one after another until `done` holds of the policy's screens (asked before each day).
  until(
    screens: () => Promise<PolicyScreens>,
    done: (shown: PolicyScreens) => boolean,
    limit?: number,
  ): Promise<PolicyScreens>;
}

export function workDays(db: () => Db, clock: MovableClock): WorkDays {
  const today = () => businessDate(clock.now());
  const runDay = async (day: BusinessDate) => {
    expect(day > today(), `${day} after ${today()}`).toBe(true);
    await runDatedWorkOn(db(), clock, day);
  };
  const next = async (screens: () => Promise<PolicyScreens>) => {
    const day = nextWorkDay(await screens(), today());
    expect(day, `a day of work for the policy after ${today()}`).not.toBeNull();
    await runDay(day!);
    return screens();
  };
  return {
    today,
    runDay,
    next,
    async until(screens, done, limit = 24) {
      let shown = await screens();
      for (let worked = 0; !done(shown); worked++) {
        expect(worked, `days worked for the policy up to ${today()}`).toBeLessThan(limit);
        shown = await next(screens);
      }
      return shown;
    },
  };
}
