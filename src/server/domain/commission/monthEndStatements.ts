import { isBusinessDate, type BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import { previousMonth } from './commissionableEvents';
import { generateStatements } from './generateStatements';

// Month-end statements (docs/commission.md "Month-end generation"; docs/decisions/014): the daily work that
// gives every entity its statement of the month just ended, without anyone running the command.

export interface MonthEndOutcome {
  // The month generated: the one before the business date's.
  month: string;
  created: number;
  recalculated: number;
  unchanged: number;
  // Approved or paid statements whose figures changed, left as the reviewer saw them.
  kept: number;
}

/**
 * Generates the statements of the month before `businessDate`'s for every entity with commissionable events
 * in it (or a statement of it already), as `npm run commission:generate -- --month <that month>` does.
 *
 * Meant to run once a business day: on the first day of a month it generates the month just ended; on any
 * later day of the month it brings that month's pending statements up to date with events recorded late
 * (a backdated sale) and creates nothing that exists. Idempotent: called again for the same day it creates
 * nothing, and only recalculates a pending statement whose events changed meanwhile. Statement months are
 * months of business days, so on a month's first business day the month before has ended.
 *
 * @param db the portal's database
 * @param options.businessDate the business day being worked (YYYY-MM-DD); it dates the statements
 * @param options.at when the work ran by the business clock (a skipped day's own instant)
 * @returns the month generated and how many statements were created, recalculated, unchanged or kept
 */
export async function generateMonthEndStatements(
  db: Db,
  { businessDate, at }: { businessDate: BusinessDate; at: Date },
): Promise<MonthEndOutcome> {
  if (!isBusinessDate(businessDate)) throw new TypeError(`Not a business date: ${String(businessDate)}`);
  const month = previousMonth(businessDate.slice(0, 7));
  const outcome = await generateStatements(
    db,
    month,
    businessDate,
    {
      userId: null,
      entityId: null,
      requestId: `job:commission:month-end:${businessDate}`,
      at,
    },
    { kind: 'all' },
  );
  return {
    month,
    created: outcome.created,
    recalculated: outcome.recalculated,
    unchanged: outcome.unchanged,
    kept: outcome.kept.length,
  };
}
