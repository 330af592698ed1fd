import { sql } from 'kysely';
import { businessDate, daysBetween, type Clock } from '../../calendar';
import { BILLING_STREAM } from '../domain/billing/policyRef';
import { DAILY_WORK } from '../jobs/dailyWorkList';
import { countUnsent } from '../jobs/mailDelivery';
import type { Db } from '../store/db';

// What the metrics read of the business (docs/operations.md "Metrics"), dated by the business clock: each
// piece of daily work's lag (business days since its last finished day) and failed days, the business day's
// collections and declines by line, and the unsent mail.
export interface BusinessFigures {
  pieces: { name: string; lagDays: number; failed: number }[];
  billing: { line: string; collected: number; collectedCents: number; declined: number }[];
  outboxUnsent: number;
}

export async function businessFigures(db: Db, clock: Clock): Promise<BusinessFigures> {
  const today = businessDate(clock.now());
  const runs = await db
    .selectFrom('daily_work_runs')
    .select([
      'name',
      // Business dates are kept as YYYY-MM-DD text, which sorts as the days do.
      sql<string | null>`max(business_date) filter (where status = 'done')`.as('last_done'),
      sql<string>`count(*) filter (where status = 'failed')`.as('failed'),
    ])
    .groupBy('name')
    .execute();
  const byName = new Map(runs.map((r) => [r.name, r]));
  // A piece that never finished a day has no lag to tell yet (a fresh database, or its first day running).
  const pieces = DAILY_WORK.flatMap((work) => {
    const run = byName.get(work.name);
    if (!run?.last_done) return [];
    return [
      {
        name: work.name,
        lagDays: Math.max(0, daysBetween(run.last_done, today)),
        failed: Number(run.failed),
      },
    ];
  });
  const collected = await db
    .selectFrom('billing_instalments')
    .select(['line', sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
    .where('status', '=', 'paid')
    .where('paid_on', '=', today)
    .groupBy('line')
    .execute();
  const declined = await db
    .selectFrom('events')
    .select([sql<string>`split_part(stream_id, ':', 1)`.as('line'), sql<string>`count(*)`.as('n')])
    .where('stream_type', '=', BILLING_STREAM)
    .where('type', '=', 'billing.instalmentDeclined')
    .where(sql<boolean>`data->>'declinedOn' = ${today}`)
    .groupBy(sql`split_part(stream_id, ':', 1)`)
    .execute();
  const lines = new Set([...collected.map((r) => r.line), ...declined.map((r) => r.line), 'pet', 'renters']);
  const billing = [...lines].sort().map((line) => {
    const paid = collected.find((r) => r.line === line);
    return {
      line,
      collected: Number(paid?.n ?? 0),
      collectedCents: Number(paid?.cents ?? 0),
      declined: Number(declined.find((r) => r.line === line)?.n ?? 0),
    };
  });
  return { pieces, billing, outboxUnsent: await countUnsent(db) };
}
