import type { BusinessDate, Clock } from '../../calendar';
import type { PaymentAdapter } from '../domain/payments/paymentAdapter';
import type { Db } from '../store/db';

// Work that a business day triggers (DESIGN.md "Time and money"): instalments due, dunning, cancellations
// and non-renewals that take effect, renewals, month-end statements, failed refunds asked for again. The
// scheduler runs each piece once per business day, in the order of DAILY_WORK, on the job runner: once across
// server processes, again after a crash, and for every day a moved clock skipped. A piece must therefore be
// idempotent for its day: run twice for one date, it does its work once (money under idempotency keys that
// name the policy, the instalment and the attempt).
export interface DailyWorkContext {
  db: Db;
  clock: Clock;
  // The business day being worked, which may be earlier than the clock's when days are caught up.
  businessDate: BusinessDate;
  payments: PaymentAdapter;
  // Days a support recording of a portal session is kept (SESSION_RECORDING_RETENTION_DAYS); 30 when the
  // caller does not say (docs/session-recording.md).
  sessionRecordingRetentionDays?: number;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

// What a piece did, for the jobs screen ("charged 12, declined 1").
export type DailyWorkSummary = Record<string, number>;

export interface DailyWork {
  // Stable: it keys the day's job (`${name}:${businessDate}`), so renaming one runs it again for old days.
  name: string;
  // What administrators read on the jobs screen.
  title: string;
  run(context: DailyWorkContext): Promise<DailyWorkSummary>;
}
