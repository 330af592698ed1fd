import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { inForce } from './versions';
import { WAITING_CATEGORIES, WAITING_PERIOD_KEYS, type WaitingPeriods } from './waitingPeriods';

// A plan's waiting periods in the version in force on a date (docs/rating.md "Waiting periods"), without the
// rest of a state's tables: an issued policy keeps its plan whether or not the state still sells it. Null if
// the plan has none filed then.
export async function loadWaitingPeriods(
  db: Db,
  planCode: string,
  date: string,
): Promise<WaitingPeriods | null> {
  const rows = await db
    .selectFrom('rate_waiting_periods')
    .select(['category', 'unit', 'value'])
    .select(sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effective_date'))
    .where('plan_code', '=', planCode)
    .where('effective_date', '<=', date)
    .execute();
  const filed = inForce(rows, date);
  const periods: Partial<WaitingPeriods> = {};
  for (const category of WAITING_CATEGORIES) {
    const row = filed.find((r) => r.category === category);
    if (!row) return null;
    periods[WAITING_PERIOD_KEYS[category]] = {
      unit: row.unit === 'MONTH' ? 'MONTH' : 'DAY',
      value: row.value,
    };
  }
  return periods as WaitingPeriods;
}
