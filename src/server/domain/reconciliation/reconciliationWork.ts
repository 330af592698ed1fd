import type { DailyWork } from '../../jobs/dailyWork';
import { reconcile } from './reconcile';
import { recordReconciliation } from './reconciliationRecord';

// The day's reconciliation as a piece of daily work (docs/reconciliation.md), after the day's billing and
// refund retries have moved the money: it compares, records what it found under the day and counts it for the
// jobs screen. It moves no money, so running it again for the day only replaces the day's record.
export const reconciliationWork: DailyWork = {
  name: 'reconciliation',
  title: 'Reconcile the money',
  async run({ db, clock, businessDate, log }) {
    const result = await reconcile(db);
    await recordReconciliation(db, businessDate, clock.now(), result);
    if (result.discrepancies.length > 0)
      log.warn(
        { businessDate, discrepancies: result.discrepancies.length },
        'the money does not reconcile: see the jobs screen or run npm run reconcile',
      );
    return { policies: result.policies, discrepancies: result.discrepancies.length };
  },
};
