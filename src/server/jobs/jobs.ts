import type PgBoss from 'pg-boss';
import { businessDate } from '../../calendar';
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
import type { BusinessClock } from './sandboxClock';

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
}

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
    return { db, clock: this.businessClock.clock, payments: this.settings.payments, log };
  }

  async start(log: JobLog): Promise<void> {
    this.#log = log;
    await this.businessClock.refresh(this.database.appDb);
    if (!this.settings.enabled) return;
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

  // The sandbox's "Move to date": the clock moves forward and the skipped days' work runs now, in order.
  async moveForward(days: number): Promise<BusinessDayResult[]> {
    // The day the clock leaves is owed its work too (a process without the runner never scheduled it).
    await scheduleDays(this.database.appDb, businessDate(this.businessClock.clock.now()), this.work);
    await this.businessClock.moveForward(this.database.appDb, days);
    const through = businessDate(this.businessClock.clock.now());
    return runBusinessDays(this.#context(this.#log ?? silentLog), { through, work: this.work });
  }

  async status(): Promise<JobsStatus> {
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
