import { startOfBusinessDay, type BusinessDate } from '../../../calendar';
import type { Db } from '../../store/db';
import { VersionConflictError, type EventMetadata, type NewEvent, type Trx } from '../../store/eventStore';

// What one policy's dates did on a run, counted for the jobs screen.
export type PolicyDateOutcome =
  'tookEffect' | 'nonRenewalTookEffect' | 'renewalOffered' | 'renewed' | 'notRenewable' | 'skipped';

export type PolicyDateCounts = Record<PolicyDateOutcome, number>;

export const emptyCounts = (): PolicyDateCounts => ({
  tookEffect: 0,
  nonRenewalTookEffect: 0,
  renewalOffered: 0,
  renewed: 0,
  notRenewable: 0,
  skipped: 0,
});

// Events the daily work writes are the house's, not a user's; the request id names the run. They are dated at
// the start of the day whose dates they carry out, as datedOn dates a fact (a day the clock skipped included).
export const runMetadata = (businessDate: BusinessDate): EventMetadata => ({
  userId: null,
  entityId: null,
  requestId: `policy-dates:${businessDate}`,
  at: startOfBusinessDay(businessDate),
});

// An event dated at the start of the business day its fact belongs to (a cancel date, an expiration date).
export const datedOn = (event: NewEvent, date: BusinessDate): NewEvent => ({
  ...event,
  recordedAt: startOfBusinessDay(date),
});

export interface PolicyDatesLog {
  warn(details: object, message: string): void;
}

// Each policy in a transaction of its own, so one that fails is logged and the rest go on. A writer that
// appended to the policy in between (a version conflict) leaves it to the next run, which judges it again
// from the log: `work` decides from the stream it reads, so a repeat for the same date does nothing twice.
export async function forEachPolicy(
  db: Db,
  log: PolicyDatesLog,
  policyNumbers: readonly string[],
  counts: PolicyDateCounts,
  work: (trx: Trx, policyNumber: string) => Promise<PolicyDateOutcome[]>,
): Promise<void> {
  for (const policyNumber of policyNumbers) {
    try {
      const outcomes = await db.transaction().execute((trx) => work(trx, policyNumber));
      for (const outcome of outcomes) counts[outcome] += 1;
    } catch (error) {
      counts.skipped += 1;
      if (error instanceof VersionConflictError) continue;
      log.warn({ policyNumber, err: error }, 'A policy date could not be applied; the next run tries again');
    }
  }
}
