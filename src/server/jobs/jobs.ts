import type PgBoss from 'pg-boss';
import { addDays, businessDate, daysBetween, type BusinessDate } from '../../calendar';
import type { PaymentAdapter } from '../domain/payments/paymentAdapter';
import type { OpenDatabase } from '../store/db';
import type { DailyWork } from './dailyWork';
import { DAILY_WORK } from './dailyWorkList';
import { installDailyWork, type DailyWorkOnRunner } from './dailyWorkJobs';
import {
  markForRetry,
  runBusinessDays,
  scheduleDays,
  type BusinessDayResult,
  type RunContext,
} from './dailySchedule';
import { startJobRunner, type JobLog } from './jobRunner';
import { countUnsent, installMailDelivery, type MailOnRunner, type MailSettings } from './mailDelivery';
import { keepRenewing, newClaim } from './lease';
import { holdClockMove, releaseClockMove, renewClockMove, type BusinessClock } from './sandboxClock';

export interface JobsSettings {
  // JOBS=off: no runner, no background work (tests that do not want it, a process that only serves).
  enabled: boolean;
  mail: MailSettings;
  // Charges and refunds of the day's billing (the server's one payment service).
  payments: PaymentAdapter;
  ownerUrl: string | undefined;
  appSchema: string | undefined;
  // How often each process looks for due days and unsent mail, in milliseconds.
  tickMs?: number;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  dailyWorkExpireInSeconds?: number;
  // Days a session recording is kept (the retention piece of the daily work).
  sessionRecordingRetentionDays?: number;
}

// The farthest a sandbox's clock moves in one go.
export const MAX_CLOCK_MOVE_DAYS = 366;

// A move of the sandbox clock names the business date it ends on; `days` (from today's date) is kept for
// callers that count.
export type ClockMove = { to: BusinessDate } | { days: number };

export type ClockMoveOutcome =
  | { moved: true; businessDate: BusinessDate; worked: BusinessDayResult[] }
  // Another move runs (in this process or another), to the date it names when it named one.
  | { moved: false; reason: 'busy'; movingTo: string | null }
  // The date named is before today's business date: the clock only moves forward.
  | { moved: false; reason: 'past'; businessDate: BusinessDate }
  | { moved: false; reason: 'too-far'; businessDate: BusinessDate };

export interface JobsStatus {
  runner: 'on' | 'off';
  businessDate: string;
  sandbox: boolean;
  mail: { configured: boolean; unsent: number };
}

// Background work of one server process (docs/jobs.md): the job runner, the daily scheduler's tick and mail
// delivery. Made before the app (its routes use it) and started once the app's logger exists.
export class Jobs {
  #runner: PgBoss | null = null;
  #daily: DailyWorkOnRunner | null = null;
  #mail: MailOnRunner | null = null;
  #timer: NodeJS.Timeout | null = null;
  #log: JobLog | null = null;
  #ticking: Promise<void> | null = null;

  constructor(
    private readonly database: OpenDatabase,
    readonly businessClock: BusinessClock,
    private readonly settings: JobsSettings,
    private readonly work: readonly DailyWork[] = DAILY_WORK,
  ) {}

  get runner(): PgBoss | null {
    return this.#runner;
  }

  #context(log: JobLog): RunContext {
    const db = this.database.appDb;
    return {
      db,
      clock: this.businessClock.clock,
      payments: this.settings.payments,
      sessionRecordingRetentionDays: this.settings.sessionRecordingRetentionDays,
      log,
    };
  }

  async start(log: JobLog): Promise<void> {
    this.#log = log;
    await this.businessClock.refresh(this.database.appDb);
    if (!this.settings.enabled) {
      // No runner, but the business date still follows a move of the sandbox clock made by another process.
      if (this.businessClock.movable) {
        this.#timer = setInterval(() => void this.#refreshClock(), this.settings.tickMs ?? 5_000);
        this.#timer.unref();
      }
      return;
    }
    const boss = await startJobRunner({
      database: this.database,
      ownerUrl: this.settings.ownerUrl,
      appSchema: this.settings.appSchema,
      log,
      pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
      maintenanceIntervalSeconds: this.settings.maintenanceIntervalSeconds,
    });
    this.#runner = boss;
    const context = this.#context(log);
    this.#daily = await installDailyWork(boss, context, {
      work: this.work,
      expireInSeconds: this.settings.dailyWorkExpireInSeconds,
    });
    this.#mail = await installMailDelivery(boss, { ...context, log, mail: this.settings.mail });
    if (!this.settings.mail.smtpUrl) log.info({}, 'SMTP_URL is not set: mail stays in the outbox');
    // The first tick runs behind the start, so the portal answers at once.
    void this.tick();
    this.#timer = setInterval(() => void this.tick(), this.settings.tickMs ?? 5_000);
    this.#timer.unref();
  }

  // Looks for due days and unsent mail now (also after a retry or a moved clock). Ticks do not overlap.
  async tick(): Promise<void> {
    if (this.#ticking) return this.#ticking;
    this.#ticking = (async () => {
      try {
        await this.businessClock.refresh(this.database.appDb);
        await this.#daily?.tick();
        await this.#mail?.tick();
      } catch (error) {
        this.#log?.error({ err: error }, 'jobs not scheduled');
      } finally {
        this.#ticking = null;
      }
    })();
    return this.#ticking;
  }

  // A failed piece of daily work made due again and sent to the runner (or left for the next run of days).
  async retry(rowId: number): Promise<boolean> {
    const retried = await markForRetry(this.database.appDb, rowId);
    if (retried) void this.tick();
    return retried;
  }

  // The sandbox's "Move to date": the clock moves forward to the date named (or by a number of days from
  // today's) and the skipped days' work runs now, in order. One move at a time across every process: another
  // sent meanwhile, to this process or another, is refused rather than added to this one.
  async moveClock(move: ClockMove): Promise<ClockMoveOutcome> {
    const db = this.database.appDb;
    const log = this.#log ?? silentLog;
    const claim = newClaim();
    const hold = await holdClockMove(db, claim, 'to' in move ? move.to : null);
    if (!hold.held) return { moved: false, reason: 'busy', movingTo: hold.movingTo };
    const stopRenewing = keepRenewing(
      () => renewClockMove(db, claim),
      (error) => log.warn({ err: error }, 'clock move lease not renewed'),
    );
    try {
      // Where the clock stands now, as the move that ran before this one left it.
      await this.businessClock.refresh(db);
      const today = businessDate(this.businessClock.clock.now());
      const to = 'to' in move ? move.to : addDays(today, move.days);
      if (to < today) return { moved: false, reason: 'past', businessDate: today };
      if (daysBetween(today, to) > MAX_CLOCK_MOVE_DAYS) {
        return { moved: false, reason: 'too-far', businessDate: today };
      }
      await renewClockMove(db, claim, to);
      // The day the clock leaves is owed its work too (a process without the runner never scheduled it).
      await scheduleDays(db, today, this.work);
      await this.businessClock.moveTo(db, to);
      const through = businessDate(this.businessClock.clock.now());
      const worked = await runBusinessDays(this.#context(log), { through, work: this.work });
      return { moved: true, businessDate: through, worked };
    } finally {
      await stopRenewing();
      await releaseClockMove(db, claim);
    }
  }

  // A move of `days` from today's date, thrown when refused (scripts and tests that move the business).
  async moveForward(days: number): Promise<BusinessDayResult[]> {
    const outcome = await this.moveClock({ days });
    if (!outcome.moved) throw new Error(`The clock was not moved: ${outcome.reason}`);
    return outcome.worked;
  }

  async #refreshClock(): Promise<void> {
    try {
      await this.businessClock.refresh(this.database.appDb);
    } catch (error) {
      this.#log?.error({ err: error }, 'business clock not read');
    }
  }

  async status(): Promise<JobsStatus> {
    // As the last move left it, whichever process made it.
    await this.businessClock.refresh(this.database.appDb);
    return {
      runner: this.#runner ? 'on' : 'off',
      businessDate: businessDate(this.businessClock.clock.now()),
      sandbox: this.businessClock.movable,
      mail: {
        configured: Boolean(this.settings.mail.smtpUrl),
        unsent: await countUnsent(this.database.appDb),
      },
    };
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#ticking;
    const runner = this.#runner;
    this.#runner = null;
    // Jobs under way get a few seconds to finish; one cut short is tried again after it expires.
    if (runner) await runner.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}

const silentLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
