import nodemailer from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Clock } from '../../calendar';
import type { Db } from '../store/db';
import { jobIdOf } from './jobKey';
import type { JobLog } from './jobRunner';

export const MAIL_QUEUE = 'mail';

// Tries of one mail by one job, with the runner's exponential backoff from half a minute between them; mail
// still unsent after them is sent again by a later job until MAX_ATTEMPTS tries in all.
const RETRY_LIMIT = 5;
const RETRY_DELAY_SECONDS = 30;
const MAX_ATTEMPTS = 12;

export interface MailSettings {
  // smtp://host:port (or smtps://user:password@host); unset, mail stays in the outbox.
  smtpUrl: string | undefined;
  from: string;
  // Outside production an unset SMTP_URL is the usual development set-up (the demo's billing notices wait in
  // the outbox): the log says so as information, not as a warning.
  unsetIsExpected?: boolean;
}

interface MailJob {
  outboxId: string;
}

export interface MailOnRunner {
  // Sends a delivery job for every unsent mail (one per mail, whoever sends it).
  tick(): Promise<void>;
}

// Delivers the outbox (src/server/auth/outbox.ts) over SMTP with nodemailer: each mail by its own job keyed by
// its row, marked sent when the server took it; a failure is kept as the mail's last error and tried again.
export async function installMailDelivery(
  boss: PgBoss,
  context: { db: Db; clock: Clock; log: JobLog; mail: MailSettings },
): Promise<MailOnRunner> {
  const { db, clock, log, mail } = context;
  if (!mail.smtpUrl) {
    let told = false;
    return {
      async tick() {
        if (told) return;
        const waiting = await countUnsent(db);
        if (waiting > 0) {
          told = true;
          const say = mail.unsetIsExpected ? log.info.bind(log) : log.warn.bind(log);
          say({ waiting }, 'SMTP_URL is not set: mail stays in the outbox');
        }
      },
    };
  }
  const transport = nodemailer.createTransport(mail.smtpUrl);
  await boss.createQueue(MAIL_QUEUE, {
    name: MAIL_QUEUE,
    retryLimit: RETRY_LIMIT,
    retryDelay: RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  await boss.work<MailJob>(MAIL_QUEUE, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const row = await db
      .selectFrom('outbox')
      .select(['id', 'recipient', 'subject', 'body', 'html', 'kind'])
      .where('id', '=', job.data.outboxId)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (!row) return;
    try {
      // A text and an HTML part make a multipart/alternative message; mail queued before the HTML part
      // existed goes as text only.
      await transport.sendMail({
        from: mail.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        ...(row.html !== null && { html: row.html }),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: reason.slice(0, 2000),
          last_attempt_at: clock.now(),
        }))
        .where('id', '=', row.id)
        .execute();
      // The body is never logged: a reset mail's link is as good as a password.
      log.warn(
        { mail: { id: row.id, kind: row.kind }, reason },
        'mail not delivered; it will be tried again',
      );
      throw error;
    }
    await db
      .updateTable('outbox')
      .set((eb) => ({
        sent_at: clock.now(),
        attempts: eb('attempts', '+', 1),
        last_error: null,
        last_attempt_at: clock.now(),
      }))
      .where('id', '=', row.id)
      .execute();
    log.info({ mail: { id: row.id, kind: row.kind } }, 'mail delivered');
  });
  return {
    async tick() {
      const unsent = await db
        .selectFrom('outbox')
        .select(['id', 'attempts'])
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('id')
        .limit(100)
        .execute();
      for (const row of unsent) {
        // One job per mail while it has tries left; once the runner gave up on it, the next (keyed by how many
        // jobs came before) starts its tries again.
        const generation = Math.floor(row.attempts / (RETRY_LIMIT + 1));
        await boss.send(MAIL_QUEUE, { outboxId: String(row.id) } satisfies MailJob, {
          id: jobIdOf(`mail:${row.id}:${generation}`),
        });
      }
    },
  };
}

export async function countUnsent(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
