import type { DailyWork } from '../../jobs/dailyWork';
import { petPolicyDates } from './petPolicyDates';
import { emptyCounts } from './policyDatesRun';
import { rentersPolicyDates } from './rentersPolicyDates';

// The daily work that makes policy dates act (docs/policy-dates.md): on each business day, pending
// cancellations whose cancel date has come take effect, non-renewing renters terms that ended expire, terms
// that ended renew, and terms ending within the offer lead time are offered their renewal. Idempotent for a
// date: each step decides from the policy's log, which already holds what an earlier run wrote.
export const policyDatesWork: DailyWork = {
  name: 'policy-dates',
  title: 'Cancellations, non-renewals and renewals that fall due',
  async run({ db, businessDate, log }) {
    const counts = emptyCounts();
    await petPolicyDates(db, businessDate, counts, log);
    await rentersPolicyDates(db, businessDate, counts, log);
    return { ...counts };
  },
};
