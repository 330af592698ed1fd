import type { BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import type { PolicyLine } from '../billing/policyRef';
import type { Discrepancy, DiscrepancyKind } from './discrepancies';
import type { Reconciliation } from './reconcile';

// At most this many discrepancies of a day are kept (the count is all of them): a fault of the whole book (a
// book whose history the payment service never saw) would otherwise write its every policy again each night.
export const KEPT_PER_DAY = 10_000;

// What a day's reconciliation found, kept for the jobs screen (migration 033). A day run again replaces its
// record in one transaction, so the day keeps one answer: the latest.
export async function recordReconciliation(
  db: Db,
  day: BusinessDate,
  at: Date,
  result: Reconciliation,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reconciliation_runs').where('business_date', '=', day).execute();
    await trx
      .insertInto('reconciliation_runs')
      .values({
        business_date: day,
        policies: result.policies,
        discrepancies: result.discrepancies.length,
        finished_at: at,
      })
      .execute();
    const kept = result.discrepancies.slice(0, KEPT_PER_DAY);
    for (let i = 0; i < kept.length; i += 500) {
      await trx
        .insertInto('reconciliation_discrepancies')
        .values(
          kept.slice(i, i + 500).map((d) => ({
            business_date: day,
            kind: d.kind,
            line: d.line,
            policy_number: d.policyNumber,
            expected_cents: d.expectedCents,
            found_cents: d.foundCents,
            message: d.message,
          })),
        )
        .execute();
    }
  });
}

export interface RecordedReconciliation {
  businessDate: BusinessDate;
  finishedAt: Date;
  policies: number;
  count: number;
  // In the order they were found (by line, policy and kind), at most `limit` of them.
  discrepancies: Discrepancy[];
}

const cents = (value: number | string | null): number | null => (value === null ? null : Number(value));

// The latest day's reconciliation, or null before the first.
export async function lastReconciliation(db: Db, limit: number): Promise<RecordedReconciliation | null> {
  const run = await db
    .selectFrom('reconciliation_runs')
    .selectAll()
    .orderBy('business_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run) return null;
  const rows = await db
    .selectFrom('reconciliation_discrepancies')
    .selectAll()
    .where('business_date', '=', run.business_date)
    .orderBy('id')
    .limit(limit)
    .execute();
  return {
    businessDate: run.business_date,
    finishedAt: run.finished_at,
    policies: run.policies,
    count: run.discrepancies,
    discrepancies: rows.map((r) => ({
      kind: r.kind as DiscrepancyKind,
      line: r.line as PolicyLine,
      policyNumber: r.policy_number,
      expectedCents: cents(r.expected_cents),
      foundCents: cents(r.found_cents),
      message: r.message,
    })),
  };
}
