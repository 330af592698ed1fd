import { MovableClock, addDays, businessDate } from '../../calendar';
import { createSandboxPaymentAdapter } from '../domain/payments/sandboxPaymentAdapter';
import { reconciliationWork } from '../domain/reconciliation/reconciliationWork';
import { runBusinessDays } from '../jobs/dailySchedule';
import { DAILY_WORK } from '../jobs/dailyWorkList';
import type { Db } from '../store/db';
import { inDayOrder, stepInstant, type DemoStep } from './demoSteps';

export interface DemoLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DemoYearSummary {
  made: number;
  days: number;
  // Pieces of the days' work that failed (each logged as a warning; the jobs screen shows every day's outcome).
  failed: number;
}

// The demo business made by time passing (issue 22, docs/demo.md): a clock set to the morning of the first
// step's day walks forward one business day at a time to today. On each day its steps run (sales bought
// through the quote journeys, claims, notes, cards that start declining, late payments, changes, statement
// reviews), then the day's scheduled work as the job runner does it every night: dates that act, billing and
// dunning, refunds, month-end statements. So instalments are collected on their due dates, declines lapse on
// theirs, and every record is dated on the day it happened.
export async function passDemoYear(
  db: Db,
  steps: readonly DemoStep[],
  now: Date,
  log: DemoLog,
): Promise<DemoYearSummary> {
  const through = businessDate(now);
  // Today's steps and work happen by now at the latest: nothing is dated in the future.
  const at = (instant: Date) => new Date(Math.min(instant.getTime(), now.getTime()));
  const ordered = inDayOrder(steps).filter((s) => s.day <= through);
  const summary: DemoYearSummary = { made: 0, days: 0, failed: 0 };
  if (ordered.length === 0) return summary;
  const clock = new MovableClock(at(stepInstant(ordered[0]!)));
  const payments = createSandboxPaymentAdapter({ db, now: () => clock.now() });
  // The days' work logs each piece it does; the demo's year keeps only its warnings.
  const workLog = { info: () => undefined, warn: log.warn.bind(log) };
  // The nights before today leave the reconciliation of the money out: comparing the whole book on each night
  // of a year replayed in minutes would double the time the year takes, and today's run compares everything
  // the year left (docs/reconciliation.md).
  const nightly = DAILY_WORK.filter((piece) => piece !== reconciliationWork);
  let next = 0;
  for (let day = ordered[0]!.day; day <= through; day = addDays(day, 1)) {
    for (; next < ordered.length && ordered[next]!.day === day; next += 1) {
      const step = ordered[next]!;
      clock.set(at(stepInstant(step)));
      summary.made += await step.run(clock);
    }
    // The night's work, at the end of the business day (after 6 PM, when the day's sales are in).
    clock.set(at(stepInstant({ day, minute: 9 * 60 + 30 })));
    const results = await runBusinessDays(
      { db, clock, payments, log: workLog },
      { through: day, work: day === through ? DAILY_WORK : nightly },
    );
    summary.failed += results.filter((r) => r.status === 'failed').length;
    summary.days += 1;
  }
  log.info({ ...summary }, 'demo year passed');
  return summary;
}
