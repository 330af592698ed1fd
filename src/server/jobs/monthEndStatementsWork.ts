import { generateMonthEndStatements } from '../domain/commission/monthEndStatements';
import type { DailyWork } from './dailyWork';

// The month's commission statements (docs/commission.md "Month-end generation"): on a month's first business
// day the month just ended is generated, on later days its pending statements catch up with late events.
export const monthEndStatementsWork: DailyWork = {
  name: 'month-end-statements',
  title: 'Month-end commission statements',
  async run({ db, businessDate, clock, log }) {
    const outcome = await generateMonthEndStatements(db, { businessDate, at: clock.now() });
    if (outcome.created + outcome.recalculated + outcome.kept > 0) {
      log.info({ ...outcome }, 'month-end statements generated');
    }
    return {
      created: outcome.created,
      recalculated: outcome.recalculated,
      unchanged: outcome.unchanged,
      kept: outcome.kept,
    };
  },
};
